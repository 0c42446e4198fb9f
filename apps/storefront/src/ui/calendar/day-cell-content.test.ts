import { describe, expect, it } from 'vitest';
import { makeCalendarDay } from '@/testing/calendar-day-fixtures';
import { shownDayPrice } from '@/ui/calendar/day-cell-content';

// decision 0048: a day's lowest price as shown, with the fees the seller's prices include
describe('shownDayPrice', () => {
  const day = makeCalendarDay('2026-11-26', {
    min_price: '25.00',
    min_price_fees: { outside: '4.22', fixed: '2.00' },
  });

  it.each([
    ['off', '25.00'],
    ['fees', '27.00'],
    ['fees_and_tax', '29.22'],
  ] as const)('%s → %s', (allIn, shown) => {
    expect(shownDayPrice(day, allIn)).toBe(shown);
  });

  it('a day without a price shows none', () => {
    expect(shownDayPrice({ ...day, min_price: null }, 'fees')).toBeNull();
  });
});
