import type { EventDetail, TicketGroupWithTypes } from '@/api/events/event-detail';
import type { GroupFilter } from '@/features/reserve/model/reserve-groups';
import { isFlexibleGroup } from '@/features/reserve/model/reserve-groups';

/**
 * The event's dated ticket groups a visitor may choose from before a session is known: members
 * only for members (shopping §6), the `tg` filter when given (§2), and only groups with types.
 */
export function datedGroupsOf(event: EventDetail, filter: GroupFilter): TicketGroupWithTypes[] {
  return event.ticketGroups.filter(
    ({ ticketGroup, ticketTypes }) =>
      !isFlexibleGroup(ticketGroup) &&
      (filter.isMember || ticketGroup.hidden_type !== 'public_member_only') &&
      (filter.ticketGroupIds.length === 0 || filter.ticketGroupIds.includes(ticketGroup.id)) &&
      ticketTypes.length > 0,
  );
}
