import type { CartBundle } from '@admit/contracts/cart';
import type { SellerConfig } from '@admit/contracts/seller-config';
import { toCartItems } from '@/api/cart/cart-items';

/** shopping §3 "Visit window": start and end instants (ISO, UTC) and the zone they belong to. */
export interface VisitWindow {
  start: string;
  end: string;
  timeZone: string;
}

export const VISIT_TIMES = ['timeslot', 'same_start', 'same_date', 'until_close'] as const;
export type VisitTime = (typeof VISIT_TIMES)[number];

const MINUTE_MS = 60_000;

/** Minutes the zone is ahead of UTC at an instant (negative west of Greenwich). */
function zoneOffsetMinutes(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / MINUTE_MS);
}

/** The UTC instant of local midnight of the zone's calendar day containing `instant`, + days. */
function zonedMidnight(instant: number, timeZone: string, addDays = 0): number {
  const local = instant + zoneOffsetMinutes(instant, timeZone) * MINUTE_MS;
  const day = new Date(local);
  const midnightAsUtc = Date.UTC(
    day.getUTCFullYear(),
    day.getUTCMonth(),
    day.getUTCDate() + addDays,
  );
  // the offset at midnight may differ from the offset at `instant` across a DST change
  let guess = midnightAsUtc - zoneOffsetMinutes(midnightAsUtc, timeZone) * MINUTE_MS;
  guess = midnightAsUtc - zoneOffsetMinutes(guess, timeZone) * MINUTE_MS;
  return guess;
}

/**
 * The window an add-on must fall in, from the admission session in the cart and the anchor's
 * `visit_time` (shopping §4 "Anchor cart"): the admission's timeslot, the same start (a one
 * minute window), the same date, or from its start until the day closes. Unknown values throw.
 */
export function visitWindow(
  visitTime: string,
  session: { start_datetime: string; end_datetime: string },
  timeZone: string,
): VisitWindow {
  const start = Date.parse(session.start_datetime);
  const iso = (ms: number) => new Date(ms).toISOString();
  switch (visitTime) {
    case 'timeslot':
      return { start: iso(start), end: iso(Date.parse(session.end_datetime)), timeZone };
    case 'same_start':
      return { start: iso(start), end: iso(start + MINUTE_MS), timeZone };
    case 'same_date':
      return {
        start: iso(zonedMidnight(start, timeZone)),
        end: iso(zonedMidnight(start, timeZone, 1)),
        timeZone,
      };
    case 'until_close':
      return { start: iso(start), end: iso(zonedMidnight(start, timeZone, 1)), timeZone };
    default:
      throw new Error(`unknown visit_time: ${visitTime}`);
  }
}

/**
 * The visit window for an add-on from the first timed admission in the cart, or null when the
 * cart holds no timed admission (the anchor prompt handles a cart without admission).
 */
export function visitWindowFromCart(
  bundle: CartBundle,
  config: Pick<SellerConfig, 'anchor_events' | 'anchor_categories' | 'timezone'>,
  visitTime: string,
): VisitWindow | null {
  const admission = toCartItems(bundle, config).find(
    (item) => !item.isAnchor && item.session !== null,
  );
  if (!admission?.session) return null;
  return visitWindow(visitTime, admission.session, admission.timezone ?? config.timezone);
}
