import { parseDate, today } from '@internationalized/date';
import type { CalendarDate } from '@internationalized/date';
import type { CalendarDay } from '@admit/contracts/availability';

/** A calendar day as the date pickers treat it (shopping §3 "Calendar day"). */
export type DayState = 'available' | 'sold_out' | 'disabled';

/**
 * spec: shopping §3 — available and sold_out are the statuses the storefront knows, any other
 * status disables the day; so does `enabled: false` and a day the server did not send.
 */
export function dayState(day: CalendarDay | undefined): DayState {
  if (!day || !day.enabled) return 'disabled';
  if (day.status === 'available') return 'available';
  if (day.status === 'sold_out') return 'sold_out';
  return 'disabled';
}

export function isSelectableDay(day: CalendarDay | undefined): boolean {
  return dayState(day) === 'available';
}

/** The bookable dates from `todayDate` on, in date order (what the date buttons offer). */
export function selectableDatesFrom(
  days: ReadonlyMap<string, CalendarDay>,
  todayDate: string,
): string[] {
  return [...days.values()]
    .filter((day) => isSelectableDay(day) && day.date >= todayDate)
    .map((day) => day.date)
    .sort();
}

/** Keys the days by their YYYY-MM-DD date. */
export function toDayMap(days: readonly CalendarDay[]): Map<string, CalendarDay> {
  return new Map(days.map((day) => [day.date, day]));
}

/** spec: shopping §9 — calendar month format YYYY-MM. */
export function monthKey(date: string | CalendarDate): string {
  return date.toString().slice(0, 7);
}

/** Today in the venue's time zone, as YYYY-MM-DD. */
export function todayIn(timezone: string): string {
  return today(timezone).toString();
}

/**
 * spec: shopping §9 — the calendar horizon is the start of the month one year ahead; it is the
 * exclusive `start_datetime._lt` bound of the calendar read.
 */
export function calendarHorizon(todayDate: string): string {
  return parseDate(todayDate).add({ years: 1 }).set({ day: 1 }).toString();
}

/** Earliest selectable date, in date order; null when nothing can be chosen. */
export function firstSelectableDate(days: ReadonlyMap<string, CalendarDay>): string | null {
  const dates = [...days.values()].filter(isSelectableDay).map((day) => day.date);
  return dates.sort()[0] ?? null;
}

/**
 * Where keyboard focus starts: the chosen date, else the first selectable date of the requested
 * month (or the whole calendar), else the first day of that month, else today.
 */
export function initialFocusDate(
  days: ReadonlyMap<string, CalendarDay>,
  value: string | null,
  focusedMonth: string | null,
  todayDate: string,
): string {
  if (value) return value;
  if (focusedMonth) {
    const inMonth = [...days.values()]
      .filter((day) => isSelectableDay(day) && monthKey(day.date) === focusedMonth)
      .map((day) => day.date)
      .sort()[0];
    const first = `${focusedMonth}-01`;
    return inMonth ?? (first < todayDate ? todayDate : first);
  }
  return firstSelectableDate(days) ?? todayDate;
}
