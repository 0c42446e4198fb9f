import {
  CalendarDate,
  fromAbsolute,
  getDayOfWeek,
  toCalendarDate,
  toCalendarDateTime,
  toZoned,
} from '@internationalized/date';
import { LRUCache } from 'lru-cache';

/**
 * Wall-clock arithmetic in a venue's time zone, by @internationalized/date (decision 0051; it
 * reads the zone's offsets through Intl, so no zone data ships). Sessions are defined as
 * "10:00 venue time"; the database stores UTC instants.
 */

const two = (n: number) => String(n).padStart(2, '0');

/**
 * A "YYYY-MM-DD" string as a calendar date, rolling a month or day past its end over as
 * Date.UTC does ("2026-02-30" is March 2), as these functions always have: `parseDate` would
 * throw, and a query's date is checked for its shape only.
 */
function calendarDate(date: string): CalendarDate {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new CalendarDate(y, 1, 1).add({ months: m - 1, days: d - 1 });
}

/**
 * The UTC instant of a wall-clock date ("2026-11-23") and time ("10:00") in a zone. Around a DST
 * change: a time that occurs twice (autumn) is its first instant; a time that does not exist
 * (spring) is read with the offset before the change, i.e. moved forward by the gap (02:30 on
 * New York's spring-forward day is 03:30 EDT) — Temporal's 'compatible' disambiguation.
 */
export function zonedWallTimeToUtc(date: string, time: string, timeZone: string): Date {
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const day = calendarDate(date);
  const steady = steadyOffsetOf(day, timeZone);
  if (steady !== null) {
    return new Date(Date.UTC(day.year, day.month - 1, day.day, hh, mm) - steady);
  }
  const wall = toCalendarDateTime(day).add({ hours: hh, minutes: mm });
  return toZoned(wall, timeZone, 'compatible').toDate();
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * A zone's offset on a calendar day when it holds all day, or null when it changes within it.
 * `toZoned` asks Intl for the offset several times a call, which made it most of the CPU of
 * laying out a catalogue's sessions (a demo seed converts ~5,000); a day's sessions share one
 * answer. The offset is read 14 hours (the widest offset) before the day's first UTC midnight
 * and after its last, so the probes bracket the local day in every zone: equal probes mean no
 * change between them, as no zone changes its offset twice within two days. A day with a
 * change takes `toZoned` and its disambiguation. Bounded: a catalogue has a few zones and
 * some hundreds of days.
 */
const steadyOffsets = new LRUCache<string, { offset: number | null }>({ max: 4096 });

function steadyOffsetOf(day: CalendarDate, timeZone: string): number | null {
  const key = `${timeZone}|${day.toString()}`;
  const known = steadyOffsets.get(key);
  if (known) return known.offset;
  const midnight = Date.UTC(day.year, day.month - 1, day.day);
  const before = fromAbsolute(midnight - 14 * HOUR_MS, timeZone).offset;
  const after = fromAbsolute(midnight + DAY_MS + 14 * HOUR_MS, timeZone).offset;
  const offset = before === after ? before : null;
  steadyOffsets.set(key, { offset });
  return offset;
}

/** The venue-local calendar date ("YYYY-MM-DD") of an instant. */
export function localDate(instant: Date, timeZone: string): string {
  return toCalendarDate(fromAbsolute(instant.getTime(), timeZone)).toString();
}

/** The venue-local wall time ("HH:MM") of an instant. */
export function localTime(instant: Date, timeZone: string): string {
  const zoned = fromAbsolute(instant.getTime(), timeZone);
  return `${two(zoned.hour)}:${two(zoned.minute)}`;
}

/**
 * An instant as ISO 8601 in a zone, with that zone's offset ("2026-12-01T10:30:00-05:00"): what
 * a spreadsheet shows as the venue's wall time without losing the instant.
 */
export function zonedIso(instant: Date, timeZone: string): string {
  const zoned = fromAbsolute(instant.getTime(), timeZone).set({ millisecond: 0 });
  // ZonedDateTime prints `…-05:00[America/New_York]`; the bracketed zone is not ISO 8601
  return zoned.toString().replace(/\[.*\]$/, '');
}

/** Calendar arithmetic on "YYYY-MM-DD" strings (zone-free: a date is a date). */
export function addDays(date: string, days: number): string {
  return calendarDate(date).add({ days }).toString();
}

/** ISO weekday of a "YYYY-MM-DD" date: 1 Monday … 7 Sunday. */
export function isoWeekday(date: string): number {
  return getDayOfWeek(calendarDate(date), 'en-GB', 'mon') + 1;
}
