import type { CalendarDay } from '@admit/contracts/availability';
import { sampleCalendarDay } from '@/app/stories/sample-props';

/** A calendar day as `GET events/{id}/calendar?_format=extended` returns it; available by default. */
export const makeCalendarDay = sampleCalendarDay;

export function makeCalendarDays(
  dates: readonly string[],
  overrides: Record<string, Partial<CalendarDay>> = {},
): Map<string, CalendarDay> {
  return new Map(dates.map((date) => [date, makeCalendarDay(date, overrides[date])]));
}
