import { describe, expect, it } from 'vitest';
import {
  clampRequested,
  reserveModeVerdict,
  resolveQueryQuantities,
} from '@/features/reserve/model/query-preselect';

const group = (max: number | null) => ({
  ticketGroup: {
    id: 'g',
    min_tickets_per_order: null,
    max_tickets_per_order: max,
    capacity: -1,
    oversell_capacity: 0,
    used_capacity: 0,
    exclude_from_event_capacity: false,
  },
  ticketTypes: [
    { id: 'adult', name: 'Adult' },
    { id: 'child', name: 'Child' },
  ],
});

describe('reserve query preselect (shopping §5, decision 0009)', () => {
  it('reserve modes: what is preselected and when to reserve at once', () => {
    const all = { complete: true, hasTickets: true };
    const partial = { complete: false, hasTickets: true };
    expect(reserveModeVerdict('false', all)).toEqual({ preselect: true, reserve: false });
    expect(reserveModeVerdict('true', partial)).toEqual({ preselect: true, reserve: true });
    expect(reserveModeVerdict('true', { complete: true, hasTickets: false }).reserve).toBe(false);
    expect(reserveModeVerdict('warn', all)).toEqual({ preselect: true, reserve: true });
    expect(reserveModeVerdict('warn', partial)).toEqual({ preselect: true, reserve: false });
    expect(reserveModeVerdict('strict', all)).toEqual({ preselect: true, reserve: true });
    expect(reserveModeVerdict('strict', partial)).toEqual({ preselect: false, reserve: false });
  });

  it('clamps to the group cap and says so', () => {
    expect(clampRequested([group(3)], { adult: 5 }, null)).toEqual({
      quantities: { adult: 3 },
      short: true,
    });
    expect(clampRequested([group(8)], { adult: 2, child: 1 }, null)).toEqual({
      quantities: { adult: 2, child: 1 },
      short: false,
    });
  });

  it('names the problem: unknown types first, then capped quantities', () => {
    const query = (quantities: { key: string; count: number }[]) => ({
      quantities,
      selectTypeId: null,
    });
    expect(resolveQueryQuantities(query([{ key: 'adult', count: 2 }]), [group(8)], null)).toEqual({
      quantities: { adult: 2 },
      problem: null,
    });
    expect(
      resolveQueryQuantities(
        query([
          { key: 'Adult', count: 9 },
          { key: 'Senior', count: 1 },
        ]),
        [group(8)],
        null,
      ).problem,
    ).toBe('ticket_types_not_found');
    expect(resolveQueryQuantities(query([{ key: 'Adult', count: 9 }]), [group(8)], null)).toEqual({
      quantities: { adult: 8 },
      problem: 'unavailable',
    });
  });
});
