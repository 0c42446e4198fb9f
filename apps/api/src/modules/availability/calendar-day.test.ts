import { describe, expect, it } from 'vitest';
import { calendarHorizon } from './calendar';
import { ticketFees } from '@admit/contracts/rules/fees';
import { calendarDay, dayStatus } from './calendar-day';
import { formatCurrency, priceRange } from './pricing';
import type { TypeFacts } from './status-rules';

describe('dayStatus', () => {
  it.each([
    [['available', 'sold_out'], 'available'],
    [['sold_out', 'unavailable'], 'sold_out'],
    [['unavailable'], 'unavailable'],
    [[], 'unavailable'],
  ] as const)('%o → %s', (fits, expected) => expect(dayStatus([...fits])).toBe(expected));
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

describe('calendarDay min_price_fees: the lowest all-in price over the day’s types (issue 22)', () => {
  const type = (id: string, amount: number, outsideFees: unknown): TypeFacts => ({
    id,
    name: id,
    ticketGroupId: 'g',
    amount,
    available: true,
    outsideFees,
  });
  const day = (types: TypeFacts[]) =>
    calendarDay({
      date: '2026-11-26',
      fits: ['available'],
      availability: { capacity: 10, used_capacity: 0 },
      range: priceRange(types),
      selection: null,
      annotations: [],
      currency: 'USD',
    });

  it('a dearer type with smaller fees is the minimum all in', () => {
    // 10.00 with 20 % tax is 12.00 all in; 10.50 with a 0.50 service charge is 11.00
    const taxed = type('taxed', 1000, [{ name: 'fee_percent_outside', fee: 20_000 }]);
    const charged = type('charged', 1050, [{ name: 'fee_fixed_outside', fee: 50 }]);
    const answered = day([taxed, charged]);
    expect(answered.min_price).toBe('10.00');
    // min_price + outside = 11.00 (fees and tax); min_price + fixed = 10.00 (fees alone)
    expect(answered.min_price_fees).toEqual({ outside: '1.00', fixed: '0.00' });
  });

  it('with one type they are its fees at its price', () => {
    const museum = type('adult', 1500, [
      { name: 'fee_fixed_outside', fee: 150 },
      { name: 'fee_percent_outside', fee: 8875 },
    ]);
    expect(day([museum]).min_price_fees).toEqual({ outside: '2.83', fixed: '1.50' });
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
  ])('%i with %j → %i', (amount, fees, expected) => {
    const { fixed, percent } = ticketFees(amount, fees);
    expect(fixed + percent).toBe(expected);
  });

  it('priceRange keeps the lowest and highest price and each type at its lowest', () => {
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
    expect(range).toMatchObject({ min: 1500, max: 3000 });
    expect(range?.offers.map((o) => o.faceMinor)).toEqual([2500, 1500, 1500, 3000]);
  });

  it('formats currencies for labels', () => {
    expect(formatCurrency(1200, 'USD')).toBe('$12.00');
    expect(formatCurrency(2200, 'GBP')).toBe('£22.00');
  });
});
