import { ALL_DAY_SESSION_MINUTES, UNLIMITED_CAPACITY } from '@admit/contracts/constants';
import { groupAvailableCapacity, isWithinSalesWindow, sessionAvailableCapacity } from './rules';

/**
 * Availability of sessions, groups and types (shopping §3, §6) as pure functions of the rows'
 * facts. Field names follow the database rows so services pass rows straight in.
 */

export interface CounterFacts {
  capacity: number;
  oversellCapacity: number;
  usedCapacity: number;
}

export interface SessionFacts extends CounterFacts {
  id: string;
  startDatetime: Date;
  endDatetime: Date;
  soldOut: boolean;
}

export interface GroupFacts extends CounterFacts {
  id: string;
  name: string;
  handler: string;
  hiddenType: string;
  startPolicy: string | null;
  salesStart: Date | null;
  salesEnd: Date | null;
  excludeFromEventCapacity: boolean;
  soldOut: boolean;
  minTicketsPerOrder: number | null;
  maxTicketsPerOrder: number | null;
}

export interface TypeFacts {
  id: string;
  name: string;
  ticketGroupId: string;
  amount: number;
  available: boolean;
  outsideFees: unknown;
}

/** Row counters in the shape of the shared capacity rules. */
export const counters = (row: CounterFacts) => ({
  capacity: row.capacity,
  oversell_capacity: row.oversellCapacity,
  used_capacity: row.usedCapacity,
});

/** Capacity left, -1 when unlimited (shopping §3 availableCapacity). */
export const sessionCapacityLeft = (session: CounterFacts) =>
  sessionAvailableCapacity(counters(session));
export const groupCapacityLeft = (group: CounterFacts) => groupAvailableCapacity(counters(group));

const exhausted = (left: number) => left !== UNLIMITED_CAPACITY && left <= 0;

/** Sold out by its flag or because no capacity is left. */
export function isSessionSoldOut(session: SessionFacts): boolean {
  return session.soldOut || exhausted(sessionCapacityLeft(session));
}

/** Bookable: not sold out and not started yet (past sessions never count). */
export function isSessionAvailable(session: SessionFacts, now: Date): boolean {
  return !isSessionSoldOut(session) && session.startDatetime.getTime() > now.getTime();
}

export function isGroupSoldOut(group: GroupFacts): boolean {
  return group.soldOut || exhausted(groupCapacityLeft(group));
}

/** On sale: not sold out and inside its sales window. */
export function isGroupAvailable(group: GroupFacts, now: Date): boolean {
  return (
    !isGroupSoldOut(group) &&
    isWithinSalesWindow({ sales_start: group.salesStart, sales_end: group.salesEnd }, now)
  );
}

/** spec: shopping §6 — members-only groups (and events) exist only for members. */
export function isVisibleTo(resource: { hiddenType: string }, identity: { isMember: boolean }) {
  return resource.hiddenType !== 'public_member_only' || identity.isMember;
}

/** Handlers whose groups are sold without a session (donations, gift cards, memberships, passes). */
const SESSIONLESS_HANDLERS = new Set(['donation', 'ledger', 'membership', 'passes']);

/** A group that needs no session: a session-less handler or a start policy (any-date admission). */
export function isSessionlessGroup(group: { handler: string; startPolicy: string | null }) {
  return SESSIONLESS_HANDLERS.has(group.handler) || group.startPolicy !== null;
}

/**
 * Whether one ticket can still be had from this group at this session: groups excluded from
 * event capacity ignore the session's capacity (shopping §5), never its sold-out flag.
 */
export function groupHasRoomAt(group: GroupFacts, session: SessionFacts | null): boolean {
  if (isGroupSoldOut(group)) return false;
  // the flag closes the session for every group; capacity binds only the groups it counts
  if (session?.soldOut) return false;
  if (!session || group.excludeFromEventCapacity) return true;
  return !isSessionSoldOut(session);
}

const minutesBetween = (a: Date, b: Date) => (b.getTime() - a.getTime()) / 60_000;

/** spec: shopping §9 — a session longer than 5 hours covers the whole day. */
export function isAllDaySession(session: { startDatetime: Date; endDatetime: Date }): boolean {
  return minutesBetween(session.startDatetime, session.endDatetime) > ALL_DAY_SESSION_MINUTES;
}

/**
 * spec: shopping §9 — all-day: a repeating event whose day has a single session longer than
 * 5 hours (the storefront then offers the date without a time picker).
 */
export function isAllDayEvent(
  eventType: string,
  daySessions: { startDatetime: Date; endDatetime: Date }[],
): boolean {
  return (
    eventType === 'repeating' &&
    daySessions.length === 1 &&
    daySessions.every((session) => isAllDaySession(session))
  );
}
