import type { OrderEdit, OrderEditResponse, OrderManageResponse } from '@admit/contracts/manage';
import type { TicketManage } from '@admit/contracts/manage';
import {
  sessionDateAndTime,
  sessionWhenLabel,
  ticketDateTimeOf,
} from '@admit/contracts/session-time';
import {
  isAnchorEvent,
  setsMustMatchAnchor,
  type AnchorConfig,
} from '@admit/contracts/rules/anchor-tickets';
import { isCancelledState } from '@admit/contracts/rules/self-edit';
import { eventTimeZone } from '@/api/orders/event-time-zone';

/**
 * The manage page's view of an order (identity §2 "Manage order", "Cancel free order"; §4
 * "Ticket states"): its tickets grouped by session in start order, each with the server's
 * answer of what it may still have done to it (decision 0036: the storefront shows the rules,
 * it does not repeat them) and what the open edit does to it.
 */

/** What the open edit does to an order ticket. */
export type TicketChange =
  { kind: 'cancel' } | { kind: 'move'; when: string | null; typeName: string; price: string };

export interface ManageTicket {
  id: string;
  typeId: string;
  groupId: string;
  typeName: string;
  /** what was paid for it: the adjusted value */
  price: string;
  label: TicketManage['label'];
  cancellable: boolean;
  reschedulable: boolean;
  refusal: TicketManage['refusal'];
  change: TicketChange | null;
}

export interface ManageSession {
  /** `{event}:{session or any}` */
  key: string;
  sessionId: string | null;
  eventId: string;
  eventName: string;
  /** the event's category: with the seller's config, whether it is an add-on (shopping §9) */
  category: string | null;
  /** ISO start; null: an any-date ticket */
  start: string | null;
  /** "Tue, Jun 2, 2026 at 10:00 AM" in the venue's zone; null: any date */
  when: string | null;
  /**
   * "Tue, Jun 2, 2026" and "10:00 AM" apart (the free-order screen groups by date); an event with
   * its own `ticket_date_time` reads its whole label as the date, and no time (decision 0066)
   */
  date: string | null;
  time: string | null;
  timeZone: string;
  /** identity §4: the session is editable (not all cancelled, not past the horizon, none redeemed) */
  editable: boolean;
  tickets: ManageTicket[];
}

type Bundle = Pick<
  OrderManageResponse,
  'ticket' | 'ticket_type' | 'event_template' | 'event_session' | 'venue' | 'seller' | 'meta'
>;

const nameOf = (rows: { id: string; name: string }[], id: string) =>
  rows.find((row) => row.id === id)?.name ?? '';

/**
 * The event's `ticket_date_time` (shopping §3) as the manage pages read it: as everywhere, except
 * that `hidden` shows the default here. A buyer choosing which visit to cancel or move, and where
 * to, must tell the visits apart; "Now: Any date" would be false (decision 0066).
 */
function manageDateTime(meta: Parameters<typeof ticketDateTimeOf>[0], eventId: string) {
  const setting = ticketDateTimeOf(meta, eventId);
  return setting === 'hidden' ? null : setting;
}

/** The open edit, if any (the GET answers the cart bundle with its one `order_edit` row). */
export function editOf(edit: OrderEditResponse | null | undefined): OrderEdit | null {
  return edit?.order_edit._data[0] ?? null;
}

/** What the edit does to each order ticket: cancel, or move to its held replacement. */
function changesOf(edit: OrderEditResponse | null, fallbackZone: string, locale?: string) {
  const row = editOf(edit);
  const changes = new Map<string, TicketChange>();
  if (!edit || !row) return changes;
  for (const id of row.cancelled_ticket_ids) changes.set(id, { kind: 'cancel' });
  for (const { ticket_id, replacement_ticket_id } of row.rescheduled) {
    const replacement = edit.ticket._data.find((t) => t.id === replacement_ticket_id);
    if (!replacement) continue;
    const session = edit.event_session._data.find((s) => s.id === replacement.event_session_id);
    const zone = eventTimeZone(edit, replacement.event_template_id, fallbackZone);
    changes.set(ticket_id, {
      kind: 'move',
      when: sessionWhenLabel(
        session,
        zone,
        locale,
        manageDateTime(edit.meta._data, replacement.event_template_id),
      ),
      typeName: nameOf(edit.ticket_type._data, replacement.ticket_type_id),
      price: replacement.adjusted_value,
    });
  }
  return changes;
}

/** The order's sessions with their tickets, in the order they start (any-date last). */
export function manageSessions(
  order: OrderManageResponse,
  edit: OrderEditResponse | null,
  fallbackZone: string,
  locale?: string,
): ManageSession[] {
  const bundle: Bundle = order;
  const facts = new Map(order.ticket_manage._data.map((f) => [f.ticket_id, f]));
  const editable = new Set(order.order_manage._data[0]?.editable_session_ids ?? []);
  const changes = changesOf(edit, fallbackZone, locale);
  const sessions = new Map<string, ManageSession>();
  for (const ticket of bundle.ticket._data) {
    const key = `${ticket.event_template_id}:${ticket.event_session_id ?? 'any'}`;
    let session = sessions.get(key);
    if (!session) {
      const row = bundle.event_session._data.find((s) => s.id === ticket.event_session_id);
      const timeZone = eventTimeZone(bundle, ticket.event_template_id, fallbackZone);
      const setting = manageDateTime(bundle.meta?._data ?? [], ticket.event_template_id);
      session = {
        key,
        sessionId: ticket.event_session_id,
        eventId: ticket.event_template_id,
        eventName: nameOf(bundle.event_template._data, ticket.event_template_id),
        category:
          bundle.event_template._data.find((e) => e.id === ticket.event_template_id)?.category ??
          null,
        start: row?.start_datetime ?? null,
        when: sessionWhenLabel(row, timeZone, locale, setting),
        ...(row ? sessionDateAndTime(row, timeZone, locale, setting) : { date: null, time: null }),
        timeZone,
        editable: ticket.event_session_id !== null && editable.has(ticket.event_session_id),
        tickets: [],
      };
      sessions.set(key, session);
    }
    const fact = facts.get(ticket.id);
    session.tickets.push({
      id: ticket.id,
      typeId: ticket.ticket_type_id,
      groupId: ticket.ticket_group_id,
      typeName: nameOf(bundle.ticket_type._data, ticket.ticket_type_id),
      price: ticket.adjusted_value,
      label: fact?.label ?? null,
      cancellable: fact?.cancellable ?? false,
      reschedulable: fact?.reschedulable ?? false,
      refusal: fact?.refusal ?? null,
      change: changes.get(ticket.id) ?? null,
    });
  }
  return [...sessions.values()].sort((a, b) =>
    (a.start ?? '9999').localeCompare(b.start ?? '9999'),
  );
}

/** A ticket the visitor may still tick for cancelling: allowed, and not changed already. */
export const isSelectable = (ticket: ManageTicket) => ticket.cancellable && ticket.change === null;

/** A ticket the reschedule page may move: allowed, and not changed already. */
export const isMovable = (ticket: ManageTicket) => ticket.reschedulable && ticket.change === null;

/**
 * The add-ons a reschedule of `moving` leaves on the old day (issue #25, decision 0065): when
 * `moving` is an admission, the order's sessions of the seller's add-ons (shopping §9) on the
 * same date that still hold a ticket not cancelled, not used and not changed by the edit.
 * Moving an add-on itself leaves nothing behind.
 */
export function addOnsLeftBehind(
  sessions: readonly ManageSession[],
  moving: ManageSession,
  anchors: AnchorConfig,
): ManageSession[] {
  const isAddOn = (s: ManageSession) =>
    isAnchorEvent({ id: s.eventId, category: s.category }, anchors);
  if (moving.date === null || isAddOn(moving)) return [];
  return sessions.filter(
    (s) =>
      s.key !== moving.key &&
      s.date === moving.date &&
      isAddOn(s) &&
      s.tickets.some((t) => t.label === null && t.change === null),
  );
}

/**
 * The add-on sessions of the order whose tickets follow its admission (shopping §3 event meta
 * `tickets_must_match_anchor_tickets`; decisions 0076, 0092): cancelling admission tickets
 * cancels the add-on tickets beyond them too, so the page says it before the visitor cancels.
 * Only while the order has an admission session and the add-on a ticket not used or cancelled.
 */
export function sessionsFollowingAdmission(
  order: Pick<OrderManageResponse, 'meta'>,
  sessions: readonly ManageSession[],
  anchors: AnchorConfig,
): Set<string> {
  const isAddOn = (s: ManageSession) =>
    isAnchorEvent({ id: s.eventId, category: s.category }, anchors);
  const following = new Set(
    (order.meta?._data ?? []).filter(setsMustMatchAnchor).map((m) => m.resource_id),
  );
  if (!sessions.some((s) => !isAddOn(s))) return new Set();
  return new Set(
    sessions
      .filter(
        (s) => following.has(s.eventId) && isAddOn(s) && s.tickets.some((t) => t.label === null),
      )
      .map((s) => s.key),
  );
}

/** The order's tickets cancelled already: a cancel preview counts only what it adds to them. */
export function cancelledIds(order: Pick<OrderManageResponse, 'ticket'>): Set<string> {
  return new Set(order.ticket._data.filter((t) => isCancelledState(t.state)).map((t) => t.id));
}

/**
 * Why nothing of a session can be changed, for its still-valid tickets (identity §5, §8): past
 * the horizon ("too close"), or the seller's rules ('Please contact us to reschedule your
 * tickets'). null when something can be changed, or every ticket has its label.
 */
export function sessionNote(session: ManageSession): 'too-close' | 'contact' | null {
  const live = session.tickets.filter((t) => t.label === null && t.change === null);
  if (live.length === 0 || live.some((t) => t.cancellable || t.reschedulable)) return null;
  if (live.some((t) => t.refusal === 'tickets_too_old')) return 'too-close';
  if (live.some((t) => t.refusal === 'not_editable')) return 'contact';
  return null;
}
