import type { MessageRule, SelectedQuantity } from '@admit/contracts/rules/message-rules';
import {
  messagesFor,
  parseMessageRules,
  quantityMessages,
} from '@admit/contracts/rules/message-rules';
import type { EventDetail, TicketGroupWithTypes } from '@/api/events/event-detail';
import type { Quantities } from '@/features/reserve/model/stepper-rules';
import { venueDate, venueMinutes } from '@/features/reserve/model/venue-time';

/**
 * The visitor's side of the event's message rules (spec: shopping §3 "Message rules"): which
 * date, session and quantity messages a reserve form shows. The matching itself is the shared
 * rule in contracts (the server annotates calendar days with it); this only says *when* each
 * action applies and at which venue-local moment.
 */

/** The event meta `message_rules`, malformed entries skipped. */
export function eventMessageRules(event: Pick<EventDetail, 'meta'>): MessageRule[] {
  return parseMessageRules(event.meta.get('message_rules'));
}

/** date_message rules for a chosen calendar date (YYYY-MM-DD in the venue's zone). */
export function dateMessages(rules: readonly MessageRule[], date: string | null): string[] {
  if (date === null) return [];
  return messagesFor([...rules], 'date_message', { date, sessionMinutes: null });
}

/** A session start as the venue sees it. */
export interface SessionMoment {
  start_datetime: string;
}

function sessionAt(session: SessionMoment, timezone: string) {
  return {
    date: venueDate(session.start_datetime, timezone),
    minutes: venueMinutes(session.start_datetime, timezone),
  };
}

/** session_annotation (beside each session option) or session_message (once it is chosen). */
export function sessionMessages(
  rules: readonly MessageRule[],
  action: 'session_annotation' | 'session_message',
  session: SessionMoment | null,
  timezone: string,
): string[] {
  if (session === null) return [];
  const at = sessionAt(session, timezone);
  return messagesFor([...rules], action, { date: at.date, sessionMinutes: [at.minutes] });
}

/** The chosen quantities in the shape quantity triggers read (by id or name, group or type). */
export function selectionOf(
  groups: readonly TicketGroupWithTypes[],
  quantities: Quantities,
): SelectedQuantity[] {
  return groups.flatMap(({ ticketGroup, ticketTypes }) =>
    ticketTypes.map((type) => ({
      ticket_type_id: type.id,
      ticket_type_name: type.name,
      ticket_group_id: ticketGroup.id,
      ticket_group_name: ticketGroup.name,
      quantity: quantities[type.id] ?? 0,
    })),
  );
}

/**
 * quantity_message rules met by the chosen quantities; a rule's date/session trigger is checked
 * against the chosen session when there is one (spec: shopping §5 — min and max inclusive).
 */
export function quantityMessagesOf(
  rules: readonly MessageRule[],
  groups: readonly TicketGroupWithTypes[],
  quantities: Quantities,
  session: SessionMoment | null,
  timezone: string,
): string[] {
  const selection = selectionOf(groups, quantities);
  if (selection.every((s) => s.quantity === 0)) return [];
  return quantityMessages([...rules], selection, session ? sessionAt(session, timezone) : null);
}
