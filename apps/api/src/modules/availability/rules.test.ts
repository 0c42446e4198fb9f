import { describe, expect, it } from 'vitest';
import {
  addIsoDuration,
  groupAvailableCapacity,
  isWithinSalesWindow,
  maxQuantityPerType,
  sessionAvailableCapacity,
  validFromTo,
} from './rules';

const counters = (capacity: number, oversell_capacity: number, used_capacity: number) => ({
  capacity,
  oversell_capacity,
  used_capacity,
});

describe('sessionAvailableCapacity (shopping §3)', () => {
  it.each([
    [counters(50, 0, 0), 50],
    [counters(50, 5, 10), 45],
    [counters(50, 0, 50), 0],
    [counters(50, 2, 51), 1],
    // oversold beyond oversell (legacy rows): never negative
    [counters(50, 0, 60), 0],
    [counters(-1, 0, 999), -1],
    [counters(-1, 10, 0), -1],
  ])('%o → %i', (session, expected) => {
    expect(sessionAvailableCapacity(session)).toBe(expected);
    expect(groupAvailableCapacity(session)).toBe(expected);
  });
});

describe('isWithinSalesWindow', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const at = (iso: string) => new Date(iso);
  it.each([
    [null, null, true],
    [at('2026-11-22T12:00:00Z'), null, true], // start inclusive
    [at('2026-11-22T12:00:01Z'), null, false],
    [null, at('2026-11-22T12:00:00Z'), false], // end exclusive
    [null, at('2026-11-22T12:00:01Z'), true],
    [at('2026-11-01T00:00:00Z'), at('2026-12-01T00:00:00Z'), true],
    [at('2026-10-01T00:00:00Z'), at('2026-11-01T00:00:00Z'), false],
  ])('start %s end %s → %s', (sales_start, sales_end, expected) => {
    expect(isWithinSalesWindow({ sales_start, sales_end }, now)).toBe(expected);
  });
});

describe('maxQuantityPerType (shopping §5)', () => {
  const group = (over: Partial<Parameters<typeof maxQuantityPerType>[0]['group']> = {}) => ({
    max_tickets_per_order: null,
    exclude_from_event_capacity: false,
    ...counters(-1, 0, 0),
    ...over,
  });
  it.each([
    ['default cap 1000', group(), null, 1000],
    ['unlimited session keeps the cap', group(), counters(-1, 0, 0), 1000],
    ['max_tickets_per_order', group({ max_tickets_per_order: 8 }), null, 8],
    [
      'negative max_tickets_per_order is no limit',
      group({ max_tickets_per_order: -1 }),
      null,
      1000,
    ],
    ['max_tickets_per_order above the cap', group({ max_tickets_per_order: 5000 }), null, 1000],
    ['group capacity + oversell - used', group(counters(20, 3, 10)), null, 13],
    ['session available capacity', group(), counters(60, 0, 57), 3],
    ['session with oversell', group(), counters(60, 2, 60), 2],
    ['sold-out session', group(), counters(60, 0, 60), 0],
    [
      'excluded group ignores the session',
      group({ exclude_from_event_capacity: true }),
      counters(60, 0, 60),
      1000,
    ],
    [
      'the smallest bound wins',
      group({ max_tickets_per_order: 10, ...counters(30, 0, 25) }),
      counters(60, 0, 54),
      5,
    ],
    ['over-used group is 0', group(counters(10, 0, 12)), null, 0],
  ])('%s', (_name, g, session, expected) => {
    expect(maxQuantityPerType({ group: g, session })).toBe(expected);
  });
});

describe('addIsoDuration', () => {
  const from = new Date('2026-01-31T15:00:00Z');
  it.each([
    ['P1D', '2026-02-01T15:00:00.000Z'],
    ['P1W', '2026-02-07T15:00:00.000Z'],
    ['P1M', '2026-02-28T15:00:00.000Z'],
    ['P1Y', '2027-01-31T15:00:00.000Z'],
    ['PT4H', '2026-01-31T19:00:00.000Z'],
    ['PT90M', '2026-01-31T16:30:00.000Z'],
    ['P1DT2H30M15S', '2026-02-01T17:30:15.000Z'],
  ])('%s', (duration, expected) => {
    expect(addIsoDuration(from, duration)?.toISOString()).toBe(expected);
  });
  it.each(['', 'P', 'P1DT', '1D', 'P1.5D', 'PT'])('rejects %j', (duration) => {
    expect(addIsoDuration(from, duration)).toBeNull();
  });
  it('keeps a leap day a year on as the last day of February', () => {
    expect(addIsoDuration(new Date('2028-02-29T00:00:00Z'), 'P1Y')?.toISOString()).toBe(
      '2029-02-28T00:00:00.000Z',
    );
  });
});

describe('validFromTo', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const session = new Date('2026-11-25T15:00:00Z');
  const policyDate = new Date('2026-11-22T05:00:00Z');
  const iso = (r: { valid_from: Date | null; valid_to: Date | null }) => ({
    valid_from: r.valid_from?.toISOString() ?? null,
    valid_to: r.valid_to?.toISOString() ?? null,
  });
  it.each([
    [
      'fixedfrom with a year',
      { start_policy: 'fixedfrom' as const, start_policy_date: policyDate, duration_new: 'P1Y' },
      null,
      { valid_from: '2026-11-22T05:00:00.000Z', valid_to: '2027-11-22T05:00:00.000Z' },
    ],
    [
      'fixedfrom without a duration',
      { start_policy: 'fixedfrom' as const, start_policy_date: policyDate, duration_new: null },
      session,
      { valid_from: '2026-11-22T05:00:00.000Z', valid_to: null },
    ],
    [
      'fixedto ends at the policy date',
      {
        start_policy: 'fixedto' as const,
        start_policy_date: new Date('2026-12-31T23:00:00Z'),
        duration_new: 'P1D',
      },
      session,
      { valid_from: '2026-11-25T15:00:00.000Z', valid_to: '2026-12-31T23:00:00.000Z' },
    ],
    [
      'no policy: from the session for the duration',
      { start_policy: null, start_policy_date: null, duration_new: 'PT4H' },
      session,
      { valid_from: '2026-11-25T15:00:00.000Z', valid_to: '2026-11-25T19:00:00.000Z' },
    ],
    [
      'no policy, any-date: from now',
      { start_policy: null, start_policy_date: null, duration_new: 'P1D' },
      null,
      { valid_from: '2026-11-22T12:00:00.000Z', valid_to: '2026-11-23T12:00:00.000Z' },
    ],
    [
      'no policy, no duration',
      { start_policy: null, start_policy_date: null, duration_new: null },
      session,
      { valid_from: '2026-11-25T15:00:00.000Z', valid_to: null },
    ],
    [
      'a policy without its date falls back to the session',
      { start_policy: 'fixedfrom' as const, start_policy_date: null, duration_new: 'P1D' },
      session,
      { valid_from: '2026-11-25T15:00:00.000Z', valid_to: '2026-11-26T15:00:00.000Z' },
    ],
  ])('%s', (_name, group, sessionStart, expected) => {
    expect(iso(validFromTo(group, sessionStart, now))).toEqual(expected);
  });
});
