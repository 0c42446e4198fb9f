import type { CartBundle } from '@admit/contracts/cart';
import type { TicketGroupWithTypes } from '@/api/events/event-detail';
import type { MemberStatus } from '@/api/membership/membership-status';
import type { MemberCap } from '@/features/reserve/model/stepper-rules';

/**
 * Member ticket types (decision 0015): the types of members-only groups, or of every group of a
 * members-only event.
 */
export function memberTypeIdsOf(
  groups: readonly TicketGroupWithTypes[],
  eventHiddenType: string,
): Set<string> {
  const eventIsMembersOnly = eventHiddenType === 'public_member_only';
  return new Set(
    groups
      .filter(
        ({ ticketGroup }) => eventIsMembersOnly || ticketGroup.hidden_type === 'public_member_only',
      )
      .flatMap(({ ticketTypes }) => ticketTypes.map((type) => type.id)),
  );
}

/** Member tickets the cart already holds for a session (counted per session, decision 0015). */
export function memberTicketsInCart(
  bundle: CartBundle | null,
  sessionId: string | null,
  memberTypeIds: ReadonlySet<string>,
): Map<string, number> {
  const counts = new Map<string, number>();
  if (!bundle || sessionId === null) return counts;
  for (const ticket of bundle.ticket._data) {
    if (ticket.state === 'cancelled' || ticket.state === 'unbooked') continue;
    if (ticket.event_session_id !== sessionId || !memberTypeIds.has(ticket.ticket_type_id))
      continue;
    counts.set(ticket.ticket_type_id, (counts.get(ticket.ticket_type_id) ?? 0) + 1);
  }
  return counts;
}

/** The stepper cap of a current member; null for anyone else and for benefits that cap nothing. */
export function memberCapOf(
  status: Pick<MemberStatus, 'isMember' | 'allowance'>,
  groups: readonly TicketGroupWithTypes[],
  eventHiddenType: string,
  bundle: CartBundle | null,
  sessionId: string | null,
): MemberCap | null {
  if (!status.isMember || status.allowance.unlimited) return null;
  const memberTypeIds = memberTypeIdsOf(groups, eventHiddenType);
  if (memberTypeIds.size === 0) return null;
  return {
    allowance: status.allowance,
    memberTypeIds,
    existing: memberTicketsInCart(bundle, sessionId, memberTypeIds),
  };
}
