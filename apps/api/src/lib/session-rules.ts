import * as rruleModule from 'rrule';
import type { Options } from 'rrule';
import { addDays, isoWeekday, zonedWallTimeToUtc } from './zoned-time';

/**
 * Recurring sessions ("opening hours as rules", decision 0041): an RFC 5545 RRULE picks the
 * venue-local *dates*, a list of wall-clock times the sessions of each date, and each date+time
 * is turned into a UTC instant on its own, so "10:00" stays 10:00 across DST changes. rrule is
 * used on floating dates only (midnight UTC standing for a calendar day): its own time-zone
 * handling is never involved.
 */

// rrule's `main` is a UMD bundle whose names Node cannot see from ESM (its `module` build, which
// bundlers and vitest load, has them): take RRule from whichever shape arrived
const { RRule } = (
  'RRule' in rruleModule ? rruleModule : (rruleModule as { default: unknown }).default
) as typeof rruleModule;

/** A weekday as RRULE writes it. */
export const WEEKDAY_CODES = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;

/** The anchor of a rule without `from`: a Monday long ago, so INTERVAL counts from a fixed day. */
export const RULE_ANCHOR = '2000-01-03';

/** No rule lays out sessions further ahead than this, whatever its `until` says. */
export const MAX_DAYS_AHEAD = 731;

export interface SessionRuleDates {
  /** RRULE parts, e.g. `FREQ=WEEKLY;BYDAY=TU,TH`; default every day */
  repeat?: string;
  /** the first date (and the anchor of INTERVAL and COUNT) */
  from?: string;
  /** the last date */
  until?: string;
  /** weekday codes (MO…SU), `MM-DD` (every year) or `YYYY-MM-DD` (that day) with no session */
  closed?: readonly string[];
}

/** Starts of `every_minutes` from `from` while before `to` (10:00–17:00 every 30 → 10:00…16:30). */
export function timesOfHours(hours: { from: string; to: string; every_minutes: number }): string[] {
  const minutes = (hhmm: string) => {
    const [h, m] = hhmm.split(':').map(Number) as [number, number];
    return h * 60 + m;
  };
  const out: string[] = [];
  for (let t = minutes(hours.from); t < minutes(hours.to); t += hours.every_minutes) {
    out.push(`${String(Math.floor(t / 60)).padStart(2, '0')}:${String(t % 60).padStart(2, '0')}`);
  }
  return out;
}

const utcDay = (date: string) => new Date(`${date}T00:00:00Z`);

/** The rrule options of `repeat`; throws with a readable message when it is not a date rule. */
export function parseRepeat(repeat: string): Partial<Options> {
  const body = repeat.trim().replace(/^RRULE:/i, '');
  if (/(^|;)\s*(BYHOUR|BYMINUTE|BYSECOND|DTSTART|TZID)\s*=/i.test(body)) {
    throw new Error('repeat gives dates only: times come from `hours` or `times`');
  }
  let options: Partial<Options>;
  try {
    options = RRule.parseString(body);
  } catch (error) {
    throw new Error(`repeat is not an RRULE: ${(error as Error).message}`);
  }
  if (
    options.freq === undefined ||
    ![RRule.DAILY, RRule.WEEKLY, RRule.MONTHLY, RRule.YEARLY].includes(options.freq)
  ) {
    throw new Error('repeat needs FREQ=DAILY, WEEKLY, MONTHLY or YEARLY');
  }
  return options;
}

/** Whether a date is closed by one of the entries (weekday code, MM-DD or YYYY-MM-DD). */
export function isClosed(date: string, closed: readonly string[]): boolean {
  const weekday = WEEKDAY_CODES[isoWeekday(date) - 1]!;
  return closed.some((c) => c === weekday || c === date || c === date.slice(5));
}

/**
 * The rrule of a date rule, started as late as it can be without changing its dates: with no
 * INTERVAL or COUNT to count from the anchor, the parts rrule would take from the anchor
 * (weekday, day of month, month) are written out and the rule starts at `first` — iterating a
 * daily rule from 2000 costs tens of milliseconds per rule.
 */
function dateRule(rule: SessionRuleDates, first: string) {
  const options = parseRepeat(rule.repeat ?? 'FREQ=DAILY');
  const anchor = rule.from ?? RULE_ANCHOR;
  const counted = (options.interval ?? 1) > 1 || options.count != null;
  if (counted || anchor >= first) return new RRule({ ...options, dtstart: utcDay(anchor) });
  const day = utcDay(anchor);
  const implicit =
    options.byweekno == null &&
    options.byyearday == null &&
    options.bymonthday == null &&
    options.byweekday == null &&
    options.byeaster == null;
  const filled: Partial<Options> = { ...options };
  if (implicit && options.freq === RRule.YEARLY) {
    filled.bymonth = options.bymonth ?? day.getUTCMonth() + 1;
    filled.bymonthday = day.getUTCDate();
  } else if (implicit && options.freq === RRule.MONTHLY) {
    filled.bymonthday = day.getUTCDate();
  } else if (implicit && options.freq === RRule.WEEKLY) {
    filled.byweekday = (day.getUTCDay() + 6) % 7;
  }
  return new RRule({ ...filled, dtstart: utcDay(first) });
}

/** The dates of a rule within [first, last] (inclusive, "YYYY-MM-DD"), closures left out. */
export function ruleDates(rule: SessionRuleDates, first: string, last: string): string[] {
  const from = rule.from && rule.from > first ? rule.from : first;
  const until = rule.until && rule.until < last ? rule.until : last;
  if (from > until) return [];
  return dateRule(rule, from)
    .between(utcDay(from), utcDay(until), true)
    .map((d) => d.toISOString().slice(0, 10))
    .filter((date) => !isClosed(date, rule.closed ?? []));
}

/** The dates of a rule in a window, never past MAX_DAYS_AHEAD from its first day. */
function windowDates(rule: SessionRuleDates, window: { first: string; last: string }): string[] {
  const cap = addDays(window.first, MAX_DAYS_AHEAD);
  return ruleDates(rule, window.first, window.last < cap ? window.last : cap);
}

/**
 * How many sessions `ruleSessions` lays out in a window, found from its dates alone (at most:
 * a spring-forward day may merge two), so a rule that would make too many is refused before
 * any is made (issue 22).
 */
export function ruleSessionCount(
  rule: SessionRuleDates & { times: readonly string[] },
  window: { first: string; last: string },
): number {
  return windowDates(rule, window).length * new Set(rule.times).size;
}

export interface RuleSession {
  /** venue-local date and wall time */
  date: string;
  time: string;
  start: Date;
  end: Date;
}

/**
 * The sessions of a rule from `today` (the venue's local date) to `last`, each start the UTC
 * instant of its wall time on its own date in `timeZone` (zonedWallTimeToUtc: a time that does
 * not exist on a spring-forward day moves forward by the gap; one that occurs twice is the first).
 */
export function ruleSessions(
  rule: SessionRuleDates & { times: readonly string[]; duration_minutes: number },
  window: { first: string; last: string },
  timeZone: string,
): RuleSession[] {
  const times = [...new Set(rule.times)].sort();
  return windowDates(rule, window).flatMap((date) => {
    const seen = new Set<number>();
    return times.flatMap((time) => {
      const start = zonedWallTimeToUtc(date, time, timeZone);
      // two wall times of a spring-forward day can name one instant: one session
      if (seen.has(start.getTime())) return [];
      seen.add(start.getTime());
      const end = new Date(start.getTime() + rule.duration_minutes * 60_000);
      return [{ date, time, start, end }];
    });
  });
}
