import { describe, expect, it } from 'vitest';
import {
  anchorMismatch,
  countAnchorTickets,
  isAnchorEvent,
  isMetaFlagSet,
  setsMustMatchAnchor,
} from './anchor-tickets';

const config = { anchor_events: ['tour'], anchor_categories: ['Add-ons'] };

describe('add-ons that follow the admission (decision 0065)', () => {
  it('knows the seller’s add-ons by id or by category', () => {
    expect(isAnchorEvent({ id: 'tour', category: null }, config)).toBe(true);
    expect(isAnchorEvent({ id: 'cafe', category: 'Add-ons' }, config)).toBe(true);
    expect(isAnchorEvent({ id: 'ga', category: 'Admission' }, config)).toBe(false);
  });
  it('counts only admission tickets of events that are not add-ons', () => {
    const kind = (eventId: string, handler: string, count: number, category = 'Admission') => ({
      eventId,
      category,
      handler,
      count,
    });
    expect(
      countAnchorTickets(
        [
          kind('ga', 'tickets', 2),
          kind('ga', 'passes', 1),
          kind('tour', 'tickets', 5),
          kind('cafe', 'tickets', 1, 'Add-ons'),
          kind('shop', 'donation', 1),
          kind('club', 'membership', 1),
          kind('gift', 'ledger', 1),
        ],
        config,
      ),
    ).toBe(3);
  });
  it('refuses more or fewer than the admission, accepts exactly as many', () => {
    expect(anchorMismatch(4, 3)).toBe('over');
    expect(anchorMismatch(2, 3)).toBe('under');
    expect(anchorMismatch(3, 3)).toBeNull();
  });
  it('reads a meta flag as the back office stores it', () => {
    for (const on of [true, 1, 'true', ' Yes ', 'y', '1']) expect(isMetaFlagSet(on)).toBe(true);
    for (const off of [false, 0, 'no', '', null, undefined, {}])
      expect(isMetaFlagSet(off)).toBe(false);
  });
});

describe('setsMustMatchAnchor (decision 0092)', () => {
  const row = (over: Partial<{ resource: string; key: string; value: unknown }>) => ({
    resource: 'event_template',
    key: 'tickets_must_match_anchor_tickets',
    value: 'yes',
    ...over,
  });
  it('is the event meta set to a flag that reads as on', () => {
    expect(setsMustMatchAnchor(row({}))).toBe(true);
    expect(setsMustMatchAnchor(row({ value: false }))).toBe(false);
    expect(setsMustMatchAnchor(row({ resource: 'ticket_group' }))).toBe(false);
    expect(setsMustMatchAnchor(row({ key: 'ticket_date_time' }))).toBe(false);
  });
});
