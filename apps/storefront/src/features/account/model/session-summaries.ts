import type { OrderSession } from '@admit/contracts/account';

/** An order a session's tickets came from: its id and the number the buyer knows it by. */
export interface SessionOrder {
  id: string;
  orderNumber: string;
}

/**
 * identity §3 "Derived session summary" (name, id, date, time, ticketQuantity, image, orderIds,
 * isUpcoming): one visit of the buyer, summed over the orders that booked it. The date, time
 * and image are read where it is shown (they need the venue's zone and the event's meta).
 */
export interface SessionSummary {
  /** the event session's id (/my/upcoming/session/{id}) */
  id: string;
  eventId: string;
  name: string;
  start: string;
  end: string;
  ticketQuantity: number;
  orders: SessionOrder[];
  /** spec: identity §4 — "Upcoming means the session start is in the future" */
  isUpcoming: boolean;
}

/**
 * The order sessions grouped by session, in the order they came (the server sorts by start
 * ascending, identity §4); orders by their number.
 */
export function sessionSummaries(rows: readonly OrderSession[], now: number): SessionSummary[] {
  const byId = new Map<string, SessionSummary>();
  for (const row of rows) {
    let summary = byId.get(row.event_session_id);
    if (!summary) {
      summary = {
        id: row.event_session_id,
        eventId: row.event_template_id,
        name: row.event_name,
        start: row.start_datetime,
        end: row.end_datetime,
        ticketQuantity: 0,
        orders: [],
        isUpcoming: Date.parse(row.start_datetime) > now,
      };
      byId.set(row.event_session_id, summary);
    }
    summary.ticketQuantity += row.ticket_count;
    if (!summary.orders.some((o) => o.id === row.ticket_order_id)) {
      summary.orders.push({ id: row.ticket_order_id, orderNumber: row.order_number });
    }
  }
  for (const summary of byId.values()) {
    summary.orders.sort((a, b) => a.orderNumber.localeCompare(b.orderNumber));
  }
  return [...byId.values()];
}
