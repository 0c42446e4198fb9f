import type { CalendarDay } from '@admit/contracts/availability';

/** A calendar day as `GET events/{id}/calendar?_format=extended` returns it; available by default. */
export function makeCalendarDay(date: string, overrides: Partial<CalendarDay> = {}): CalendarDay {
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

export function makeCalendarDays(
  dates: readonly string[],
  overrides: Record<string, Partial<CalendarDay>> = {},
): Map<string, CalendarDay> {
  return new Map(dates.map((date) => [date, makeCalendarDay(date, overrides[date])]));
}
