import { fromAbsolute, toCalendarDate } from '@internationalized/date';

/**
 * Dates and times of the venue (spec: shopping §2 — sessions show in the venue's zone).
 * @internationalized/date does the zone arithmetic (through Intl, so no time-zone data ships);
 * react-aria's calendar already brings it into the reserve pages (decision 0051).
 */

function parts(iso: string, timeZone: string) {
  const zoned = fromAbsolute(Date.parse(iso), timeZone);
  return { date: toCalendarDate(zoned).toString(), minutes: zoned.hour * 60 + zoned.minute };
}

/** The venue's calendar date (YYYY-MM-DD) of an instant. */
export function venueDate(iso: string, timeZone: string): string {
  return parts(iso, timeZone).date;
}

/** Minutes since the venue's midnight: what session-picker tabs and message rules compare. */
export function venueMinutes(iso: string, timeZone: string): number {
  return parts(iso, timeZone).minutes;
}

/** A short date-button text: weekday, day and month ("Sat", "28", "Nov"). */
export function dateButtonParts(date: string, locale: string) {
  const at = new Date(`${date}T12:00:00Z`);
  const format = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(locale, { timeZone: 'UTC', ...options }).format(at);
  return {
    weekday: format({ weekday: 'short' }),
    day: format({ day: 'numeric' }),
    month: format({ month: 'short' }),
  };
}
