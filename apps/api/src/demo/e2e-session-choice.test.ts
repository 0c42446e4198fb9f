import { describe, expect, it } from 'vitest';
import type { CalendarDay, PricedSession } from '@admit/contracts/availability';
// the e2e helpers' one rule for choosing a session (tested here: the e2e project runs browsers only)
import {
  START_MARGIN_MS,
  isLowAvailability,
  lowSessionFor,
  plannableDays,
  sessionFor,
  unfitReasons,
} from '../../../../e2e/support/session-choice';

const NOW = Date.parse('2026-11-24T23:51:00Z');
const HOUR = 3_600_000;

/** A priced session `hoursAhead` after NOW with `left` of `capacity` places. */
function makeSession(
  hoursAhead: number,
  left: number,
  overrides: Partial<PricedSession> = {},
): PricedSession {
  const capacity = overrides.capacity ?? 60;
  const start = new Date(NOW + hoursAhead * HOUR).toISOString();
  return {
    id: `00000000-0000-4000-8000-${String(hoursAhead * 100).padStart(12, '0')}`,
    seller_id: '00000000-0000-4000-8000-000000000001',
    event_template_id: '00000000-0000-4000-8000-000000000002',
    start_datetime: start,
    end_datetime: start,
    capacity,
    oversell_capacity: 0,
    used_capacity: capacity - left,
    sold_out: left === 0,
    available: left !== 0,
    availableCapacity: left,
    startTime: '10:00',
    price: '25.00',
    minPrice: '25.00',
    maxPrice: '25.00',
    ...overrides,
  };
}

describe('sessionFor (the e2e helpers’ session choice)', () => {
  const need = { places: 2, now: NOW };

  it('skips the low-availability session that the old "first with sold_out=F" choice took', () => {
    const low = makeSession(15, 5); // tomorrow 10:30 in New York at 23:51 UTC: 5 left
    const roomy = makeSession(15.5, 31);
    expect(sessionFor([roomy, low], need)).toBe(roomy);
    expect(unfitReasons(low, need)).toEqual(['low availability (5 left)']);
  });

  it('asks for places left, not only for sold_out=F', () => {
    const small = makeSession(20, 3, { capacity: 4 });
    expect(unfitReasons(small, { places: 4, now: NOW })).toEqual(['3 places left, 4 asked']);
    // a session smaller than the low threshold is small, not nearly sold: it may be chosen
    expect(isLowAvailability(small)).toBe(false);
    expect(sessionFor([small], { places: 3, now: NOW })).toBe(small);
  });

  it('never takes a sold-out session, and takes unlimited ones', () => {
    const soldOut = makeSession(10, 0);
    const unlimited = makeSession(11, -1, { capacity: -1 });
    expect(unfitReasons(soldOut, need)).toContain('sold out or not available');
    expect(sessionFor([soldOut, unlimited], need)).toBe(unlimited);
  });

  it('leaves sessions starting within the hold margin, and before startsAfter', () => {
    const soon = makeSession(START_MARGIN_MS / HOUR - 0.1, 40);
    const atMargin = makeSession(START_MARGIN_MS / HOUR, 40);
    expect(sessionFor([soon, atMargin], need)).toBe(atMargin);
    const inTwoWeeks = new Date(NOW + 14 * 24 * HOUR).toISOString();
    const later = makeSession(14 * 24 + 1, 4, { capacity: 4 });
    expect(sessionFor([atMargin, later], { ...need, startsAfter: inTwoWeeks })).toBe(later);
  });

  it('finds none when nothing fits', () => {
    expect(sessionFor([makeSession(5, 1), makeSession(6, 9)], need)).toBeUndefined();
  });
});

describe('lowSessionFor', () => {
  it('takes the first "Hurry" session with more than the places asked', () => {
    const one = makeSession(15, 1);
    const few = makeSession(16, 4);
    expect(lowSessionFor([makeSession(14, 40), one, few], { places: 1, now: NOW })).toBe(few);
    expect(lowSessionFor([makeSession(0.5, 4)], { places: 1, now: NOW })).toBeUndefined();
  });
});

describe('plannableDays', () => {
  const day = (date: string, status = 'available'): CalendarDay =>
    ({ date, enabled: status === 'available', status }) as CalendarDay;

  it('skips the first bookable day and keeps the next 7 (the form’s date buttons)', () => {
    const days = [day('2026-11-26'), day('2026-11-25', 'sold_out'), day('2026-11-24')];
    for (let d = 27; d <= 30; d++) days.push(day(`2026-11-${d}`));
    for (let d = 1; d <= 5; d++) days.push(day(`2026-12-0${d}`));
    expect(plannableDays(days).map((d) => d.date)).toEqual([
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
    ]);
  });
});
