import { CalendarDate, fromAbsolute, toZoned } from '@internationalized/date';

/*
 * A zone's offset at an instant and the instant of a day's midnight in it, for the storefront's
 * visit windows and the account's sessions window: @internationalized/date's CalendarDate and
 * conversions. Apart from session-time.ts because they bring in the library's calendar code,
 * which the listing's first load (the cart sidebar's session labels) must not carry (decision
 * 0051, issue #23).
 */

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
