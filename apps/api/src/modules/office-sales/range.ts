import {
  SALES_INTERVALS,
  SALES_RANGE_MAX_DAYS,
  type SalesInterval,
} from '@admit/contracts/office-reports';
import { AppError } from '@/http/app-error';
import { isCalendarDate } from '@/http/query-values';
import { addDays, isoWeekday, localDate, zonedWallTimeToUtc } from '@/lib/zoned-time';

/**
 * A sales call's range (decision 0088): venue-zone dates, both ends included, read from
 * `_from`, `_to` and `_interval`; by default the 30 days up to today by day.
 */

export interface SalesRange {
  from: string;
  to: string;
  interval: SalesInterval;
  timeZone: string;
  /** [start, end): the instants the dates cover in the zone */
  start: Date;
  end: Date;
}

const invalid = (field: string, message: string, value?: string) =>
  new AppError('validation_failed', 'sales', `${field}: ${message}`, {
    field,
    ...(value === undefined ? {} : { value: value.slice(0, 100) }),
  });

function dateOption(field: string, raw: string | undefined, fallback: string): string {
  if (raw === undefined) return fallback;
  if (!isCalendarDate(raw)) throw invalid(field, 'not a valid date (YYYY-MM-DD)', raw);
  return raw;
}

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

export function salesRangeOf(
  options: Record<string, string>,
  timeZone: string,
  now: Date,
): SalesRange {
  const today = localDate(now, timeZone);
  const to = dateOption('_to', options._to, today);
  const from = dateOption('_from', options._from, addDays(to, -29));
  const interval = options._interval ?? 'day';
  if (!(SALES_INTERVALS as readonly string[]).includes(interval))
    throw invalid('_interval', `must be one of ${SALES_INTERVALS.join(', ')}`, interval);
  if (dayNumber(from) > dayNumber(to)) throw invalid('_from', 'must not be after _to', from);
  if (dayNumber(to) - dayNumber(from) + 1 > SALES_RANGE_MAX_DAYS)
    throw invalid('_to', `a range covers at most ${SALES_RANGE_MAX_DAYS} days`, to);
  return {
    from,
    to,
    interval: interval as SalesInterval,
    timeZone,
    start: zonedWallTimeToUtc(from, '00:00', timeZone),
    end: zonedWallTimeToUtc(addDays(to, 1), '00:00', timeZone),
  };
}

/** The first day of the period a venue date falls in: itself, its week's Monday, its month's 1st. */
export function periodOf(date: string, interval: SalesInterval): string {
  if (interval === 'day') return date;
  if (interval === 'week') return addDays(date, 1 - isoWeekday(date));
  return `${date.slice(0, 7)}-01`;
}

/** Every period the range touches, in order (the chart shows the quiet ones too). */
export function periodsOf(range: SalesRange): string[] {
  const periods: string[] = [];
  for (let day = range.from; dayNumber(day) <= dayNumber(range.to); day = addDays(day, 1)) {
    const period = periodOf(day, range.interval);
    if (periods.at(-1) !== period) periods.push(period);
  }
  return periods;
}
