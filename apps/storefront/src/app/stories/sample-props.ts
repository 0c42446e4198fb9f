import { parseDate } from '@internationalized/date';
import type { CalendarDay, PricedSession } from '@admit/contracts/availability';
import type { CartFees } from '@admit/contracts/cart';

/** A cart's totals with a fee, a discount and a payment (shopping §9 lines). */
export const SAMPLE_CART_FEES: CartFees = {
  cart_id: '00000000-0000-4000-8000-000000000001',
  currency_code: 'USD',
  total_before_cartmod_price: '50.00',
  total_fee_fixed_outside: '3.00',
  total_fee_percent_outside: '4.24',
  total_cartmod_amount: '5.00',
  total_payments: '0.00',
  total_outstanding: '52.24',
  grand_totals: { total_outstanding: '52.24' },
};

/**
 * A calendar day as `GET events/{id}/calendar?_format=extended` returns it; available by
 * default. The viewer's samples, and the tests' fixture (testing/calendar-day-fixtures.ts).
 */
export function sampleCalendarDay(date: string, overrides: Partial<CalendarDay> = {}): CalendarDay {
  return {
    date,
    status: 'available',
    enabled: true,
    available: true,
    min_price: '25.00',
    min_price_fees: null,
    price: '25.00',
    pricePrefix: null,
    badges: [],
    annotations: [],
    className: null,
    tooltip: null,
    ariaLabel: null,
    longFormat: date,
    availability: { capacity: 100, used_capacity: 0 },
    ...overrides,
  };
}

/**
 * The calendar read of the month that holds `today` (YYYY-MM-DD): every day available, Sundays
 * sold out. Built from the day it is given, so the calendar always has days to show.
 */
export function sampleCalendarDays(today: string): Map<string, CalendarDay> {
  const days = new Map<string, CalendarDay>();
  const first = parseDate(today).set({ day: 1 });
  for (let d = first; d.month === first.month; d = d.add({ days: 1 })) {
    const date = d.toString();
    const soldOut = new Date(`${date}T00:00:00Z`).getUTCDay() === 0;
    days.set(
      date,
      sampleCalendarDay(
        date,
        soldOut
          ? {
              status: 'sold_out',
              available: false,
              availability: { capacity: 100, used_capacity: 100 },
            }
          : {},
      ),
    );
  }
  return days;
}

/**
 * A sold-out event's sessions on one day (10:00, 13:00 and 15:30 UTC): every place taken, as
 * `GET events/{id}/sessions` answers them (shopping §2, the sold-out state; decision 0081).
 */
export const SOLD_OUT_SESSIONS: readonly PricedSession[] = ['10:00', '13:00', '15:30'].map(
  (time, index) => {
    const start = `2026-12-05T${time}:00Z`;
    return {
      id: `00000000-0000-4000-8000-00000000070${index}`,
      seller_id: '00000000-0000-4000-8000-000000000002',
      event_template_id: '00000000-0000-4000-8000-000000000003',
      start_datetime: start,
      end_datetime: start,
      startTime: start,
      capacity: 50,
      oversell_capacity: 0,
      used_capacity: 50,
      sold_out: true,
      available: false,
      availableCapacity: 0,
      price: '25.00',
      minPrice: '25.00',
      maxPrice: '25.00',
    };
  },
);
