import type { CartBundle } from '@admit/contracts/cart';
import { ALL_DAY_SESSION_MINUTES } from '@admit/contracts/constants';
import type {
  CandidateSession,
  Pads,
  TimedCartItem,
} from '@admit/contracts/rules/session-conflicts';
import { conflictingSessions } from '@admit/contracts/rules/session-conflicts';
import type { SellerConfig } from '@admit/contracts/seller-config';
import type { EventDetail } from '@/api/events/event-detail';
import { isAnchorEvent } from '@admit/contracts/rules/anchor-tickets';
import { toCartItems } from '@/api/cart/cart-items';
import type { VisitWindow } from '@/features/reserve/model/visit-window';
import { visitWindowFromCart } from '@/features/reserve/model/visit-window';
import { ecommerceConfig } from '@/features/reserve/model/event-ecommerce';
import type { AnchorMatch } from '@/features/reserve/model/anchor-match';
import { anchorMatchOf } from '@/features/reserve/model/anchor-match';

type ConstraintConfig = Pick<SellerConfig, 'anchor_events' | 'anchor_categories' | 'timezone'>;

/**
 * What the cart allows a reserve form to offer (decision 0010): sessions that do not clash with
 * timed cart items (shopping §5 "Session conflicts") and, for an anchor add-on, only the dates and
 * sessions inside the admission's visit window (shopping §4 "Anchor cart").
 */
export interface SessionConstraints {
  /** cart items a session must not overlap; empty when the event is excluded */
  timedItems: TimedCartItem[];
  pads: Pads;
  visitWindow: VisitWindow | null;
  /** an add-on whose tickets follow the admission's (decision 0065); null for other events */
  anchorMatch: AnchorMatch | null;
}

export const NO_CONSTRAINTS: SessionConstraints = {
  timedItems: [],
  pads: {},
  visitWindow: null,
  anchorMatch: null,
};

/** Event config `web.ecommerce.exclude_from_session_conflicts: true` (decision 0010). */
export function isExcludedFromConflicts(event: EventDetail): boolean {
  return ecommerceConfig(event).exclude_from_session_conflicts === true;
}

/** The anchor's `web.ecommerce.visit_time`, or null when the event sets none. */
export function visitTimeOf(event: EventDetail): string | null {
  const value = ecommerceConfig(event).visit_time;
  return typeof value === 'string' && value !== '' ? value : null;
}

const isAllDay = (session: { start_datetime: string; end_datetime: string }) =>
  Date.parse(session.end_datetime) - Date.parse(session.start_datetime) >
  ALL_DAY_SESSION_MINUTES * 60_000;

/**
 * The constraints for reserving `event` with `bundle` in the cart. All-day items are not timed
 * items. An add-on's own admission is governed by the visit window, not by conflicts (an add-on
 * inside the admission's timeslot would otherwise always clash with it). Throws on an unknown
 * visit_time (shopping §4).
 */
export function sessionConstraints(
  event: EventDetail,
  bundle: CartBundle | null,
  config: ConstraintConfig,
): SessionConstraints {
  const anchorMatch = anchorMatchOf(event, bundle, config);
  if (!bundle) return { ...NO_CONSTRAINTS, anchorMatch };
  const isAnchor = isAnchorEvent(event.template, config);
  const visitTime = isAnchor ? visitTimeOf(event) : null;
  const visitWindow = visitTime ? visitWindowFromCart(bundle, config, visitTime) : null;
  const timedItems = isExcludedFromConflicts(event)
    ? []
    : toCartItems(bundle, config)
        .filter((item) => !isAnchor || item.isAnchor)
        .flatMap((item) =>
          item.session && !isAllDay(item.session)
            ? [
                {
                  event_session_id: item.session.id,
                  start_datetime: item.session.start_datetime,
                  end_datetime: item.session.end_datetime,
                },
              ]
            : [],
        );
  return {
    timedItems,
    pads: {
      pad_pre_start: padOf(event, 'pad_pre_start'),
      pad_post_end: padOf(event, 'pad_post_end'),
    },
    visitWindow,
    anchorMatch,
  };
}

function padOf(event: EventDetail, key: 'pad_pre_start' | 'pad_post_end'): number | null {
  const value = event.meta.get(key);
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : null;
}

function inWindow(startIso: string, window: VisitWindow): boolean {
  const start = Date.parse(startIso);
  return start >= Date.parse(window.start) && start < Date.parse(window.end);
}

/** The sessions a picker offers: inside the visit window and clashing with no timed item. */
export function offeredSessions<T extends CandidateSession & { start_datetime: string }>(
  sessions: readonly T[],
  constraints: SessionConstraints,
): T[] {
  const { visitWindow, timedItems, pads } = constraints;
  const inside = visitWindow
    ? sessions.filter((s) => inWindow(s.start_datetime, visitWindow))
    : [...sessions];
  if (timedItems.length === 0) return inside;
  const conflicts = conflictingSessions(inside, timedItems, pads);
  return inside.filter((session) => !conflicts.has(session.id));
}

function localDate(instant: number, timeZone: string): string {
  // en-CA formats as YYYY-MM-DD
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(instant));
}

/** Whether a calendar date (YYYY-MM-DD) shares any time with the visit window. */
export function isDateInWindow(date: string, window: VisitWindow | null): boolean {
  if (!window) return true;
  const first = localDate(Date.parse(window.start), window.timeZone);
  const last = localDate(Date.parse(window.end) - 1, window.timeZone);
  return date >= first && date <= last;
}

/** A calendar's days keyed by date, keeping only the days inside the visit window. */
export function daysInWindow<T>(
  days: ReadonlyMap<string, T>,
  window: VisitWindow | null,
): ReadonlyMap<string, T> {
  if (!window) return days;
  return new Map([...days].filter(([date]) => isDateInWindow(date, window)));
}
