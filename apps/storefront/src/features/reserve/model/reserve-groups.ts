import type { SessionDetailResponse } from '@admit/contracts/availability';
import type { Meta, TicketGroup, TicketType } from '@admit/contracts/resources';
import type { EventDetail, TicketGroupWithTypes } from '@/api/events/event-detail';

/** Which ticket groups a visitor is offered (spec: shopping §2 `tg`, §6 members-only groups). */
export interface GroupFilter {
  isMember: boolean;
  /** the `tg` query parameter; empty means every group */
  ticketGroupIds: readonly string[];
}

/** Any-date (flexible) groups carry a start policy instead of sessions (shopping §3). */
export function isFlexibleGroup(ticketGroup: Pick<TicketGroup, 'start_policy'>): boolean {
  return ticketGroup.start_policy !== null;
}

function isOffered(ticketGroup: TicketGroup, filter: GroupFilter): boolean {
  if (ticketGroup.hidden_type === 'public_member_only' && !filter.isMember) return false;
  return filter.ticketGroupIds.length === 0 || filter.ticketGroupIds.includes(ticketGroup.id);
}

/** The event's any-date groups the visitor is offered, with their types. */
export function flexibleGroupsOf(event: EventDetail, filter: GroupFilter): TicketGroupWithTypes[] {
  return event.ticketGroups.filter(
    ({ ticketGroup }) => isFlexibleGroup(ticketGroup) && isOffered(ticketGroup, filter),
  );
}

/** Whether the event has dated groups the visitor is offered (then dates and sessions show). */
export function hasDatedGroups(event: EventDetail, filter: GroupFilter): boolean {
  return event.ticketGroups.some(
    ({ ticketGroup }) => !isFlexibleGroup(ticketGroup) && isOffered(ticketGroup, filter),
  );
}

function byRank(types: readonly TicketType[], groupId: string): TicketType[] {
  return types.filter((type) => type.ticket_group_id === groupId).sort((a, b) => a._rank - b._rank);
}

/**
 * The dated groups of a session detail read, joined with their types, in rank order; each type
 * at its price at this session (`price_schedule`, decision 0043), so every step that shows or
 * totals `currency_amount` shows what the cart will charge (decision 0048).
 */
export function sessionGroupsOf(
  body: SessionDetailResponse,
  filter: GroupFilter,
): TicketGroupWithTypes[] {
  const atSession = new Map(
    (body.price_schedule?._data ?? []).map((row) => [row.ticket_type_id, row.currency_amount]),
  );
  const types = (body.ticket_type?._data ?? []).map((type) => ({
    ...type,
    currency_amount: atSession.get(type.id) ?? type.currency_amount,
  }));
  return (body.ticket_group?._data ?? [])
    .filter((group) => !isFlexibleGroup(group) && isOffered(group, filter))
    .sort((a, b) => a.rank - b.rank)
    .map((ticketGroup) => ({ ticketGroup, ticketTypes: byRank(types, ticketGroup.id) }))
    .filter(({ ticketTypes }) => ticketTypes.length > 0);
}

/** One ticket group's meta (admit_names, admit_emails, additional_info_spec) from meta rows. */
export function groupMetaOf(
  rows: readonly Meta[] | undefined,
  groupId: string,
): Map<string, unknown> {
  return new Map(
    (rows ?? [])
      .filter((row) => row.resource === 'ticket_group' && row.resource_id === groupId)
      .map((row) => [row.key, row.value]),
  );
}
