import type { TicketOrderListResponse } from '@admit/contracts/account';
import { ACCOUNT_TICKET_STATES } from '@admit/contracts/rules/self-edit';

type OrderTicket = NonNullable<TicketOrderListResponse['ticket']>['_data'][number];

/**
 * identity §3 "Derived order summary" (orderNumber, purchaseDate, numTickets, numSessions,
 * ticketOrderId, totalPrice): one row of "My recent orders". `purchasedAt` is an instant; the
 * page formats it ('ddd, MMMM D YYYY', §9) in the seller's zone.
 */
export interface OrderSummary {
  ticketOrderId: string;
  orderNumber: string;
  purchasedAt: string;
  numTickets: number;
  numSessions: number;
  /** the order total: ticket_order_fees' total_after_fees_price (identity §3 "Ticket order") */
  totalPrice: string;
  currency: string;
}

/** One event (and session) of an order with its tickets (the order detail's events list). */
export interface OrderVisit {
  key: string;
  eventId: string;
  name: string;
  session: { start_datetime: string; end_datetime: string } | null;
  tickets: OrderTicket[];
  isUpcoming: boolean;
}

const ACCOUNT_STATES: ReadonlySet<string> = new Set(ACCOUNT_TICKET_STATES);

/** spec: identity §4 — "Account lists show only tickets booked or redeemed". */
export function accountTickets(response: TicketOrderListResponse, orderId: string) {
  return (response.ticket?._data ?? []).filter(
    (t) => t.ticket_order_id === orderId && ACCOUNT_STATES.has(t.state),
  );
}

const visitKey = (t: OrderTicket) => `${t.event_template_id}:${t.event_session_id ?? 'any'}`;

/** The orders, as the server sends them: newest first (identity §4). */
export function orderSummaries(response: TicketOrderListResponse): OrderSummary[] {
  return response.ticket_order._data.map((order) => {
    const tickets = accountTickets(response, order.id);
    const fees = response.ticket_order_fees._data.find((f) => f.ticket_order_id === order.id);
    return {
      ticketOrderId: order.id,
      orderNumber: order.order_number,
      purchasedAt: order.created_at,
      numTickets: tickets.length,
      numSessions: new Set(tickets.map(visitKey)).size,
      totalPrice: fees?.total_after_fees_price ?? '0.00',
      currency: fees?.currency_code ?? '',
    };
  });
}

/** The order's events, by session start (any-date tickets last). */
export function orderVisits(
  response: TicketOrderListResponse,
  orderId: string,
  now: number,
): OrderVisit[] {
  const visits = new Map<string, OrderVisit>();
  for (const ticket of accountTickets(response, orderId)) {
    const key = visitKey(ticket);
    let visit = visits.get(key);
    if (!visit) {
      const session =
        response.event_session?._data.find((s) => s.id === ticket.event_session_id) ?? null;
      visit = {
        key,
        eventId: ticket.event_template_id,
        name:
          response.event_template?._data.find((e) => e.id === ticket.event_template_id)?.name ?? '',
        session,
        tickets: [],
        isUpcoming: session !== null && Date.parse(session.start_datetime) > now,
      };
      visits.set(key, visit);
    }
    visit.tickets.push(ticket);
  }
  const start = (v: OrderVisit) => v.session?.start_datetime ?? '9999';
  return [...visits.values()].sort((a, b) => start(a).localeCompare(start(b)));
}

/** The names a ticket's type and group go by (the session detail's table). */
export function ticketNames(response: TicketOrderListResponse, ticket: OrderTicket) {
  return {
    type: response.ticket_type?._data.find((t) => t.id === ticket.ticket_type_id)?.name ?? '',
    group: response.ticket_group?._data.find((g) => g.id === ticket.ticket_group_id)?.name ?? '',
  };
}
