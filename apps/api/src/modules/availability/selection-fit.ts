import { MAX_TICKETS_PER_TYPE, UNLIMITED_CAPACITY } from '@admit/contracts/constants';
import { isWithinSalesWindow } from './rules';
import {
  groupCapacityLeft,
  isGroupSoldOut,
  isSessionSoldOut,
  isSessionlessGroup,
  sessionCapacityLeft,
  type GroupFacts,
  type SessionFacts,
  type TypeFacts,
} from './status-rules';

/**
 * Whether a selection of quantities can be reserved at a session (POST calendar and sessions,
 * shopping §7): the limits of shopping §5, so a day shown as available can be booked.
 */

export type Fit = 'available' | 'sold_out' | 'unavailable';

export interface SelectionLine {
  ticket_type_id: string;
  quantity: number;
}

export interface FitInput {
  session: SessionFacts;
  groups: Map<string, GroupFacts>;
  types: Map<string, TypeFacts>;
  selection: SelectionLine[];
  now: Date;
}

const exceeds = (wanted: number, left: number) => left !== UNLIMITED_CAPACITY && wanted > left;
const hasLimit = (limit: number | null): limit is number => limit !== null && limit >= 0;

/** The selection's quantities summed per ticket type (a type may be listed twice). */
function perType(selection: SelectionLine[]): Map<string, number> {
  const sums = new Map<string, number>();
  for (const line of selection) {
    if (line.quantity > 0) {
      sums.set(line.ticket_type_id, (sums.get(line.ticket_type_id) ?? 0) + line.quantity);
    }
  }
  return sums;
}

/**
 * `available` when every selected quantity fits; `sold_out` when only capacity stands in the
 * way (sold-out flags, group or session capacity); `unavailable` when a type is not sold at
 * sessions or is off sale, the session has started, or a per-order limit is not met. An empty
 * selection fits any bookable session.
 */
export function selectionFit(input: FitInput): Fit {
  const { session, groups, types, now } = input;
  if (session.startDatetime.getTime() <= now.getTime()) return 'unavailable';
  const wanted = perType(input.selection);
  if (wanted.size === 0) return isSessionSoldOut(session) ? 'sold_out' : 'available';

  let soldOut = session.soldOut;
  const perGroup = new Map<GroupFacts, number>();
  for (const [typeId, quantity] of wanted) {
    const type = types.get(typeId);
    const group = type ? groups.get(type.ticketGroupId) : undefined;
    if (!type || !group || !type.available || isSessionlessGroup(group)) return 'unavailable';
    if (!isWithinSalesWindow({ sales_start: group.salesStart, sales_end: group.salesEnd }, now)) {
      return 'unavailable';
    }
    // spec: shopping §5 — at most 1000 of a type, and never more than the group's per-order max
    if (quantity > MAX_TICKETS_PER_TYPE) return 'unavailable';
    if (isGroupSoldOut(group)) soldOut = true;
    perGroup.set(group, (perGroup.get(group) ?? 0) + quantity);
  }

  let sessionWanted = 0;
  for (const [group, quantity] of perGroup) {
    if (hasLimit(group.maxTicketsPerOrder) && quantity > group.maxTicketsPerOrder) {
      return 'unavailable';
    }
    if (hasLimit(group.minTicketsPerOrder) && quantity < group.minTicketsPerOrder) {
      return 'unavailable';
    }
    if (exceeds(quantity, groupCapacityLeft(group))) soldOut = true;
    if (!group.excludeFromEventCapacity) sessionWanted += quantity;
  }
  // groups excluded from event capacity do not draw on the session (shopping §5)
  if (sessionWanted > 0) {
    if (isSessionSoldOut(session) || exceeds(sessionWanted, sessionCapacityLeft(session))) {
      soldOut = true;
    }
  }
  return soldOut ? 'sold_out' : 'available';
}
