import { parseAbsolute, parseDate, toCalendarDate } from '@internationalized/date';

/**
 * An extension is chosen as a date in the venue's zone; the term's new end keeps its old time
 * of day there (a term ending at midnight still ends at midnight, across a DST change).
 */

/** YYYY-MM-DD of an instant in the venue's zone. */
export const venueDateOf = (iso: string, timeZone: string): string =>
  toCalendarDate(parseAbsolute(iso, timeZone)).toString();

/** The instant on `date` (YYYY-MM-DD) at `currentEnd`'s time of day, in the venue's zone. */
export function laterEnd(currentEnd: string, date: string, timeZone: string): string {
  const day = parseDate(date);
  return parseAbsolute(currentEnd, timeZone)
    .set({ year: day.year, month: day.month, day: day.day })
    .toAbsoluteString();
}
