import { DEFAULT_PAD_MINUTES } from '../constants';

/**
 * Session conflicts (shopping §5): a session whose time, padded by pad_pre_start before its start
 * and pad_post_end after its end, overlaps a timed item already in the cart. Pure and shared: the
 * storefront hides such sessions, the cart can refuse them.
 */

export interface TimedSpan {
  /** ISO timestamps or Dates */
  start_datetime: string | Date;
  end_datetime: string | Date;
}

export interface CandidateSession extends TimedSpan {
  id: string;
}

export interface TimedCartItem extends TimedSpan {
  /** the session the item holds: picking more of the same session is no conflict */
  event_session_id: string | null;
}

export interface Pads {
  /** minutes; null or undefined means the default of 5 (event meta pad_pre_start) */
  pad_pre_start?: number | null;
  /** minutes (event meta pad_post_end) */
  pad_post_end?: number | null;
}

const ms = (v: string | Date) => (v instanceof Date ? v.getTime() : Date.parse(v));

/** Pads as stored in event meta: numbers or numeric strings, anything else is the default. */
export function padMinutes(value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : DEFAULT_PAD_MINUTES;
}

/** Ids of the sessions that overlap a cart item once padded; touching ends do not overlap. */
export function conflictingSessions(
  sessions: CandidateSession[],
  cartItems: TimedCartItem[],
  pads: Pads = {},
): Set<string> {
  const pre = padMinutes(pads.pad_pre_start) * 60_000;
  const post = padMinutes(pads.pad_post_end) * 60_000;
  const conflicts = new Set<string>();
  for (const session of sessions) {
    const start = ms(session.start_datetime) - pre;
    const end = ms(session.end_datetime) + post;
    const clash = cartItems.some(
      (item) =>
        item.event_session_id !== session.id &&
        start < ms(item.end_datetime) &&
        ms(item.start_datetime) < end,
    );
    if (clash) conflicts.add(session.id);
  }
  return conflicts;
}
