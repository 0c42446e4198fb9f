import { describe, expect, it } from 'vitest';
import { calendarHorizon } from './calendar';
import { dayStatus, longDate } from './calendar-day';
import { formatCurrency, outsideFeesMinor, priceRange } from './pricing';

describe('dayStatus', () => {
  it.each([
    [['available', 'sold_out'], 'available'],
    [['sold_out', 'unavailable'], 'sold_out'],
    [['unavailable'], 'unavailable'],
    [[], 'unavailable'],
  ] as const)('%o → %s', (fits, expected) => expect(dayStatus([...fits])).toBe(expected));
});

describe('longDate ("dddd, MMMM D, YYYY")', () => {
  it.each([
    ['2026-11-22', 'Sunday, November 22, 2026'],
    ['2027-03-14', 'Sunday, March 14, 2027'],
    ['2028-02-29', 'Tuesday, February 29, 2028'],
  ])('%s', (date, expected) => expect(longDate(date)).toBe(expected));
});

describe('calendarHorizon: start of the month one year ahead, venue time, across DST', () => {
  it.each([
    ['2026-11-22T12:00:00Z', 'America/New_York', '2027-11-01T04:00:00.000Z'], // EDT on Nov 1 2027
    ['2026-12-01T03:00:00Z', 'America/New_York', '2027-11-01T04:00:00.000Z'], // still Nov 30 in New York
    ['2026-12-01T05:00:00Z', 'America/New_York', '2027-12-01T05:00:00.000Z'],
    ['2026-03-29T12:00:00Z', 'Europe/London', '2027-03-01T00:00:00.000Z'],
    ['2026-06-15T12:00:00Z', 'Europe/London', '2027-05-31T23:00:00.000Z'], // BST
    ['2026-06-30T23:30:00Z', 'Europe/London', '2027-06-30T23:00:00.000Z'], // July 1 in London
  ])('%s in %s → %s', (now, zone, expected) => {
    expect(calendarHorizon(new Date(now), zone).toISOString()).toBe(expected);
  });
});

describe('fees and prices', () => {
  it.each([
    [1500, [{ name: 'fee_fixed_outside', fee: 150 }], 150],
    [1500, [{ name: 'fee_percent_outside', fee: 8875 }], 133],
    [1000, [{ name: 'fee_percent_outside', fee: 5050 }], 51], // 50.5 rounds half up
    [
      1500,
      [
        { name: 'fee_fixed_outside', fee: 150 },
        { name: 'fee_percent_outside', fee: 8875 },
      ],
      283,
    ],
    [1500, [{ name: 'other', fee: 99 }, { fee: 'x' }, null], 0],
    [1500, 'not a list', 0],
  ])('%i with %j → %i', (amount, fees, expected) =>
    expect(outsideFeesMinor(amount, fees)).toBe(expected),
  );

  it('priceRange keeps the cheapest type and the highest price', () => {
    const t = (id: string, amount: number) => ({
      id,
      name: id,
      ticketGroupId: 'g',
      amount,
      available: true,
      outsideFees: [],
    });
    expect(priceRange([])).toBeNull();
    const range = priceRange([t('a', 2500), t('b', 1500), t('c', 1500), t('d', 3000)]);
    expect(range).toMatchObject({ min: 1500, max: 3000, cheapest: { id: 'b' } });
  });

  it('formats currencies for labels', () => {
    expect(formatCurrency(1200, 'USD')).toBe('$12.00');
    expect(formatCurrency(2200, 'GBP')).toBe('£22.00');
  });
});
