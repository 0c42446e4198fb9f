import { CalendarDate, DateFormatter, fromAbsolute, toZoned } from '@internationalized/date';
import { ALL_DAY_SESSION_MINUTES, DATE_FORMATS } from './constants';

/*
 * The one home of how a session's date and time read, in the venue's zone, on every page (reserve
 * pickers, cart, complete and tickets pages) and in every e-mail: the spec's patterns, never the
 * browser's, the server's or the seller locale's clock (decisions 0029, 0030). No zod here: the
 * storefront's first load uses it. The zone arithmetic is @internationalized/date's, which the
 * storefront already ships for react-aria's calendar (decision 0051).
 */

/** The parts the cart patterns read; DateFormatter keeps one Intl formatter per zone. */
function cartFormatter(timeZone: string): DateFormatter {
  return new DateFormatter('en-US', {
    timeZone,
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    weekday: 'short',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  });
}

/**
 * Formats an instant in a time zone with the spec's cart patterns (shopping §9: 'ddd, MMM D,
 * YYYY [at] h:mm A', 'ddd, MMM D, YYYY', 'h:mm A'). Supports the tokens those patterns use
 * (YYYY, MMMM, MMM, ddd, D, h, mm, A and [literal]); @internationalized/date's DateFormatter reads
 * the parts in the zone, which keeps dayjs and its timezone plugin out of the first load.
 */
export function formatInZone(iso: string, pattern: string, timeZone: string): string {
  const parts = cartFormatter(timeZone).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  const month = part('month');
  const tokens: Record<string, string> = {
    YYYY: part('year'),
    MMMM: month,
    MMM: month.slice(0, 3),
    ddd: part('weekday'),
    D: part('day'),
    h: part('hour'),
    mm: part('minute'),
    A: part('dayPeriod').toUpperCase(),
  };
  return pattern.replace(/\[([^\]]*)\]|YYYY|MMMM|MMM|ddd|mm|D|h|A/g, (match, literal?: string) =>
    literal !== undefined ? literal : (tokens[match] ?? match),
  );
}

/** A session longer than the all-day threshold (shopping §9) shows its date only. */
export function isAllDaySession(session: { start_datetime: string; end_datetime: string }) {
  const minutes = (Date.parse(session.end_datetime) - Date.parse(session.start_datetime)) / 60_000;
  return minutes > ALL_DAY_SESSION_MINUTES;
}

/** "Tue, Jun 2, 2026 at 10:00 AM" (or the date only for a whole-day session); null: any date. */
export function sessionWhenLabel(
  session: { start_datetime: string; end_datetime: string } | null | undefined,
  timeZone: string,
): string | null {
  if (!session) return null;
  return formatInZone(
    session.start_datetime,
    isAllDaySession(session) ? DATE_FORMATS.cartDate : DATE_FORMATS.cartDateTime,
    timeZone,
  );
}

/** "10:30 AM" in the venue's zone (shopping §9 time format h:mm A), for every seller. */
export function formatSessionTime(iso: string, timeZone: string): string {
  return formatInZone(iso, DATE_FORMATS.cartTime, timeZone);
}

/**
 * A calendar date ("YYYY-MM-DD", already a day of the seller's calendar, e.g. a scheduled
 * payment's due date) in the cart's date pattern: "Wed, Jun 13, 2029". Read at UTC noon in UTC,
 * so no zone can move it to another day.
 */
export function formatCalendarDate(date: string): string {
  return formatInZone(`${date}T12:00:00Z`, DATE_FORMATS.cartDate, 'UTC');
}

const MINUTE_MS = 60_000;

/** Minutes the zone is ahead of UTC at an instant (negative west of Greenwich). */
export function zoneOffsetMinutes(instant: number, timeZone: string): number {
  return Math.round(fromAbsolute(instant, timeZone).offset / MINUTE_MS);
}

/**
 * The UTC instant of midnight starting a calendar day in a zone (`monthIndex` from 0; days and
 * months past their end roll over as Date.UTC does). A midnight a DST change skips is moved
 * forward by the gap ('compatible', as the server's zoned time reads wall times).
 */
export function wallMidnightInstant(
  year: number,
  monthIndex: number,
  day: number,
  timeZone: string,
): number {
  const date = new CalendarDate(year, 1, 1).add({ months: monthIndex, days: day - 1 });
  return toZoned(date, timeZone, 'compatible').toDate().getTime();
}
