import { addDays, localDate, zonedWallTimeToUtc } from '@/lib/zoned-time';

/**
 * Term arithmetic of memberships in the seller's time zone (decision 0032). A term runs from a
 * local midnight to the local midnight `termMonths` calendar months later; a renewal starts at
 * the very instant the previous term ends, so a chain of terms has no gap and no overlap
 * whatever the daylight-saving changes in between (a term's length in hours varies, its bounds
 * do not drift).
 */

/** `date` ("YYYY-MM-DD") plus whole calendar months; a missing day clamps to the month's last. */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const monthIndex = y * 12 + (m - 1) + months;
  const year = Math.floor(monthIndex / 12);
  const month = monthIndex - year * 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(d, lastDay);
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The instant a local calendar day starts (where midnight is skipped: the zone's answer). */
export const startOfLocalDay = (date: string, timeZone: string) =>
  zonedWallTimeToUtc(date, '00:00', timeZone);

/**
 * The local calendar day a term bound belongs to: its own day, or the next when it falls in the
 * last hours before a midnight — a zone that skips 00:00 puts a day's start an hour early or
 * late, and that bound still names its day. (Bounds made here are midnights; older rows may
 * end at any hour and keep their day.)
 */
export const boundDate = (bound: Date, timeZone: string) =>
  localDate(new Date(bound.getTime() + 3 * 3_600_000), timeZone);

export interface Term {
  validFrom: Date;
  validTo: Date;
}

/** A new membership: from the start of the purchase day to the same day `termMonths` later. */
export function firstTerm(now: Date, termMonths: number, timeZone: string): Term {
  const day = localDate(now, timeZone);
  return {
    validFrom: startOfLocalDay(day, timeZone),
    validTo: startOfLocalDay(addMonths(day, termMonths), timeZone),
  };
}

/** A renewal: from the previous term's end to its day `termMonths` later. */
export function nextTerm(previousValidTo: Date, termMonths: number, timeZone: string): Term {
  const day = boundDate(previousValidTo, timeZone);
  return {
    validFrom: previousValidTo,
    validTo: startOfLocalDay(addMonths(day, termMonths), timeZone),
  };
}

/**
 * identity §2 "a renewal allowed-period in days before validTo": the instant renewal opens, the
 * start of the local day `renewalDays` days before the term's last bound.
 */
export function renewalAllowedFrom(validTo: Date, renewalDays: number, timeZone: string): Date {
  return startOfLocalDay(addDays(boundDate(validTo, timeZone), -renewalDays), timeZone);
}
