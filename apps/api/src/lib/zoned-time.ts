/**
 * Wall-clock arithmetic in a venue's time zone with Intl only (no date library on the server).
 * Sessions are defined as "10:00 venue time"; the database stores UTC instants.
 */

const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function wallParts(instant: number, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(instant))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return parts as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
}

/** Offset of the zone from UTC at an instant, in milliseconds (New York in winter: -5 h). */
function offsetMs(instant: number, timeZone: string): number {
  const p = wallParts(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The UTC instant of a wall-clock date ("2026-11-23") and time ("10:00") in a zone. Around a DST
 * change: a time that occurs twice (autumn) is its first instant; a time that does not exist
 * (spring) is read with the offset before the change, i.e. moved forward by the gap (02:30 on
 * New York's spring-forward day is 03:30 EDT).
 */
export function zonedWallTimeToUtc(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  // the offsets a day either side of the date: one of them holds at the answer (changes are
  // months apart); the same for every time of the date, so kept per zone and date
  const { beforeOffset, afterOffset } = dayOffsets(Date.UTC(y, m - 1, d, 12), timeZone);
  const before = wall - beforeOffset;
  if (beforeOffset === afterOffset) return new Date(before);
  const after = wall - afterOffset;
  const fits = (instant: number) => instant + offsetMs(instant, timeZone) === wall;
  const candidates = [before, after].filter(fits).sort((a, b) => a - b);
  return new Date(candidates[0] ?? before);
}

const dayOffsetCache = new Map<string, { beforeOffset: number; afterOffset: number }>();

function dayOffsets(noon: number, timeZone: string) {
  const key = `${timeZone}|${noon}`;
  let found = dayOffsetCache.get(key);
  if (!found) {
    found = {
      beforeOffset: offsetMs(noon - DAY_MS, timeZone),
      afterOffset: offsetMs(noon + DAY_MS, timeZone),
    };
    // a year of dates in a few zones: small; cleared rather than grown without end
    if (dayOffsetCache.size > 20_000) dayOffsetCache.clear();
    dayOffsetCache.set(key, found);
  }
  return found;
}

/** The venue-local calendar date ("YYYY-MM-DD") of an instant. */
export function localDate(instant: Date, timeZone: string): string {
  const p = wallParts(instant.getTime(), timeZone);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** The venue-local wall time ("HH:MM") of an instant. */
export function localTime(instant: Date, timeZone: string): string {
  const p = wallParts(instant.getTime(), timeZone);
  return `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
}

/**
 * An instant as ISO 8601 in a zone, with that zone's offset ("2026-12-01T10:30:00-05:00"): what
 * a spreadsheet shows as the venue's wall time without losing the instant.
 */
export function zonedIso(instant: Date, timeZone: string): string {
  const ms = instant.getTime();
  const p = wallParts(ms, timeZone);
  const offsetMin = Math.round(offsetMs(ms, timeZone) / 60_000);
  const abs = Math.abs(offsetMin);
  const two = (n: number) => String(n).padStart(2, '0');
  const offset = `${offsetMin < 0 ? '-' : '+'}${two(Math.floor(abs / 60))}:${two(abs % 60)}`;
  return `${p.year}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}:${two(p.second)}${offset}`;
}

/** Calendar arithmetic on "YYYY-MM-DD" strings (zone-free: a date is a date). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** ISO weekday of a "YYYY-MM-DD" date: 1 Monday … 7 Sunday. */
export function isoWeekday(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay() || 7;
}
