import { MAX_TICKETS_PER_TYPE, UNLIMITED_CAPACITY } from '@admit/contracts/constants';

/**
 * The capacity, quantity and validity rules of shopping §3/§5, as pure functions of plain numbers
 * and Dates so the availability reads and the cart service apply exactly the same arithmetic to
 * their DB rows.
 */

export interface CapacityCounters {
  capacity: number;
  oversell_capacity: number;
  used_capacity: number;
}

/** spec: shopping §3 — availableCapacity = capacity + oversell_capacity - used_capacity; -1 is unlimited. */
export function sessionAvailableCapacity(session: CapacityCounters): number {
  if (session.capacity === UNLIMITED_CAPACITY) return UNLIMITED_CAPACITY;
  return Math.max(0, session.capacity + session.oversell_capacity - session.used_capacity);
}

/** The same arithmetic on a ticket group's own counters (shopping §5). */
export function groupAvailableCapacity(group: CapacityCounters): number {
  return sessionAvailableCapacity(group);
}

/** spec: shopping §7 — a group is on sale from sales_start (inclusive) until sales_end (exclusive). */
export function isWithinSalesWindow(
  group: { sales_start: Date | null; sales_end: Date | null },
  now: Date,
): boolean {
  const t = now.getTime();
  if (group.sales_start && t < group.sales_start.getTime()) return false;
  if (group.sales_end && t >= group.sales_end.getTime()) return false;
  return true;
}

/** A limit where a negative number (or null) means "no limit" (shopping §5). */
function boundBy(limit: number | null): number {
  return limit === null || limit < 0 ? Number.POSITIVE_INFINITY : limit;
}

/**
 * spec: shopping §5 — the most of one ticket type a single order may hold: 1000, bounded by
 * max_tickets_per_order, by the group's capacity plus oversell minus used, and by the session's
 * available capacity unless the group is excluded from event capacity.
 */
export function maxQuantityPerType(input: {
  group: CapacityCounters & {
    max_tickets_per_order: number | null;
    exclude_from_event_capacity: boolean;
  };
  session: CapacityCounters | null;
}): number {
  const { group, session } = input;
  let max = MAX_TICKETS_PER_TYPE;
  max = Math.min(max, boundBy(group.max_tickets_per_order));
  max = Math.min(max, boundBy(groupAvailableCapacity(group)));
  if (session && !group.exclude_from_event_capacity) {
    max = Math.min(max, boundBy(sessionAvailableCapacity(session)));
  }
  return Math.max(0, max);
}

const DURATION =
  /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/;

/**
 * Adds an ISO 8601 duration (`P1D`, `P1Y`, `PT4H`, `P1Y2M3DT4H5M6S`) to an instant. Date parts
 * are calendar steps on the UTC calendar, time parts exact; null for an unparseable duration.
 */
export function addIsoDuration(from: Date, duration: string): Date | null {
  const text = duration.trim();
  const m = DURATION.exec(text);
  // the grammar makes every part optional; "P" and "P1DT" alone are not durations
  if (!m || text === 'P' || text.endsWith('T')) return null;
  const [y = 0, mo = 0, w = 0, d = 0, h = 0, mi = 0, s = 0] = m.slice(1).map((v) => Number(v ?? 0));
  const out = new Date(from.getTime());
  // months first so "P1M" from Jan 31 lands on the last day of February, not in March
  const day = out.getUTCDate();
  out.setUTCDate(1);
  out.setUTCFullYear(out.getUTCFullYear() + y, out.getUTCMonth() + mo);
  const lastDay = new Date(Date.UTC(out.getUTCFullYear(), out.getUTCMonth() + 1, 0)).getUTCDate();
  out.setUTCDate(Math.min(day, lastDay));
  out.setUTCDate(out.getUTCDate() + w * 7 + d);
  return new Date(out.getTime() + ((h * 60 + mi) * 60 + s) * 1000);
}

/**
 * The validity of a ticket (shopping §3 ticket valid_from/valid_to): fixedfrom starts at
 * start_policy_date, fixedto ends at it; otherwise validity starts at the session (or now for
 * any-date tickets) and lasts duration_new when one is set.
 */
export function validFromTo(
  group: {
    start_policy: 'fixedfrom' | 'fixedto' | null;
    start_policy_date: Date | null;
    duration_new: string | null;
  },
  sessionStart: Date | null,
  now: Date,
): { valid_from: Date | null; valid_to: Date | null } {
  const fromDuration = (from: Date | null) =>
    from && group.duration_new ? addIsoDuration(from, group.duration_new) : null;
  if (group.start_policy === 'fixedfrom' && group.start_policy_date) {
    const validFrom = group.start_policy_date;
    return { valid_from: validFrom, valid_to: fromDuration(validFrom) };
  }
  if (group.start_policy === 'fixedto' && group.start_policy_date) {
    return { valid_from: sessionStart ?? now, valid_to: group.start_policy_date };
  }
  const validFrom = sessionStart ?? now;
  return { valid_from: validFrom, valid_to: fromDuration(validFrom) };
}
