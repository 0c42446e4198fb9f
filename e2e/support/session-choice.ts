import type { CalendarDay, PricedSession } from '@admit/contracts/availability';
import {
  DEFAULT_REMAINING_CAPACITY_THRESHOLD,
  UNLIMITED_CAPACITY,
} from '@admit/contracts/constants';
import { showsLowCapacityLabel } from '@admit/contracts/rules/low-capacity';

// Which demo session a test books, as one pure rule over the API's availability reads, so the
// e2e helpers (reserve.ts, reserve-flow.ts) and the any-hour seed test
// (apps/api/src/demo/demo-any-hour.test.ts) choose the same way. The choice reads places left,
// not only `sold_out`, and never assumes which hour of the day the suite runs at (issue #11 §6:
// at 23:51 UTC the first open session was a low-availability one with 1 place left).

/**
 * A session must start at least this long after the choice: a 15-minute hold, its extensions
 * and the spec's own run (login, checkout, 3-D Secure) all end well before it.
 */
export const START_MARGIN_MS = 60 * 60_000;

/** What a test asks of a session. */
export interface SessionNeed {
  /** places the test reserves there */
  places: number;
  /** the instant of the choice (ms since the epoch): the server's clock, Date.now() in e2e */
  now: number;
  /** ISO instant the session must not start before (e.g. a payment plan's "in two weeks") */
  startsAfter?: string;
}

/** The query every helper reads sessions with: the seller's open sessions in start order. */
export function openSessionsPath(
  seller: string,
  eventId: string,
  options: { startsAfter?: string; limit?: number } = {},
): string {
  const after = options.startsAfter
    ? `&start_datetime._gte=${encodeURIComponent(options.startsAfter)}`
    : '';
  return `/api/events/${eventId}/sessions?_seller=${seller}&sold_out=F&_sort=start_datetime&_limit=${options.limit ?? 200}${after}`;
}

/** One venue-local day's sessions, sold-out ones included (what the date-first picker shows). */
export function sessionsOnPath(seller: string, eventId: string, date: string): string {
  return `/api/events/${eventId}/sessions?_seller=${seller}&_ondate=${date}&_sort=start_datetime&_include_sold_out=true`;
}

/** The extended calendar (one row per day) of an event. */
export function calendarPath(seller: string, eventId: string): string {
  return `/cached_api/events/${eventId}/calendar?_seller=${seller}&_format=extended`;
}

/** The bookable days of a calendar read, in date order. */
export function bookableDays(days: CalendarDay[]): CalendarDay[] {
  return days
    .filter((day) => day.enabled && day.status === 'available')
    .sort((a, b) => a.date.localeCompare(b.date));
}

/**
 * The days a date-first spec plans on: among the first 8 bookable days (the form's date buttons,
 * shopping §9), all but the first, whose sessions may pass while the suite runs.
 */
export function plannableDays(days: CalendarDay[]): CalendarDay[] {
  return bookableDays(days).slice(1, 8);
}

const unlimited = (s: PricedSession) => s.availableCapacity === UNLIMITED_CAPACITY;

/**
 * A "Hurry, less than 10 tickets available" session (shopping §2): one the label shows on, by the
 * storefront's rule at the demo sellers' threshold (the default), although the session itself is
 * larger. A session smaller than the threshold (a 4-place tour) is never one: it is small, not
 * nearly sold.
 */
export function isLowAvailability(s: PricedSession): boolean {
  return (
    s.capacity >= DEFAULT_REMAINING_CAPACITY_THRESHOLD &&
    showsLowCapacityLabel(s.availableCapacity, DEFAULT_REMAINING_CAPACITY_THRESHOLD)
  );
}

function opensInTime(s: PricedSession, need: SessionNeed): boolean {
  const start = Date.parse(s.start_datetime);
  const after = need.startsAfter ? Date.parse(need.startsAfter) : -Infinity;
  return start >= need.now + START_MARGIN_MS && start >= after;
}

/**
 * Why `s` cannot take what `need` asks for (none: it can). Kept apart from the choice so the
 * any-hour test can say what is wrong with a session another rule chose.
 */
export function unfitReasons(s: PricedSession, need: SessionNeed): string[] {
  const reasons: string[] = [];
  if (s.sold_out || !s.available) reasons.push('sold out or not available');
  if (!unlimited(s) && s.availableCapacity < need.places)
    reasons.push(`${s.availableCapacity} places left, ${need.places} asked`);
  if (isLowAvailability(s)) reasons.push(`low availability (${s.availableCapacity} left)`);
  if (!opensInTime(s, need)) reasons.push(`starts at ${s.start_datetime}, too soon`);
  return reasons;
}

/** The first session (in start order) that holds `need.places` and is none of the special ones. */
export function sessionFor(
  sessions: readonly PricedSession[],
  need: SessionNeed,
): PricedSession | undefined {
  return byStart(sessions).find((s) => unfitReasons(s, need).length === 0);
}

/**
 * The first low-availability session with more than `need.places` left, for the specs that need
 * the "Hurry" label or sell a session out (reserve-sold-out.test.ts).
 */
export function lowSessionFor(
  sessions: readonly PricedSession[],
  need: SessionNeed,
): PricedSession | undefined {
  return byStart(sessions).find(
    (s) =>
      !s.sold_out &&
      s.available &&
      isLowAvailability(s) &&
      s.availableCapacity > need.places &&
      opensInTime(s, need),
  );
}

function byStart(sessions: readonly PricedSession[]): PricedSession[] {
  return [...sessions].sort((a, b) => Date.parse(a.start_datetime) - Date.parse(b.start_datetime));
}
