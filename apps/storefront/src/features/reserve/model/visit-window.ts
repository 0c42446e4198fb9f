import type { CartBundle } from '@admit/contracts/cart';
import type { SellerConfig } from '@admit/contracts/seller-config';
import { wallMidnightInstant, zoneOffsetMinutes } from '@admit/contracts/zone-arithmetic';
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

/** The UTC instant of local midnight of the zone's calendar day containing `instant`, + days. */
function zonedMidnight(instant: number, timeZone: string, addDays = 0): number {
  const day = new Date(instant + zoneOffsetMinutes(instant, timeZone) * MINUTE_MS);
  return wallMidnightInstant(
    day.getUTCFullYear(),
    day.getUTCMonth(),
    day.getUTCDate() + addDays,
    timeZone,
  );
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
