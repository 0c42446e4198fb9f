import type { OrderBundle } from '@admit/contracts/checkout';
import { sessionWhenLabel } from '@admit/contracts/session-time';
import { eventTimeZone } from '@/api/orders/event-time-zone';

/** One event-and-session of an order: when to come and what for ("2 × Adult"). */
export interface OrderVisit {
  key: string;
  eventName: string;
  /** "Tue, Jun 2, 2026 at 10:00 AM" in the venue's zone; null for an any-date ticket */
  when: string | null;
  lines: { typeName: string; count: number }[];
}

/** The tickets a visitor can use: booked or already redeemed (cancelled ones are gone). */
export function usableTickets(bundle: OrderBundle) {
  return bundle.ticket._data.filter((t) => t.state === 'booked' || t.state === 'redeemed');
}

/** When a ticket's visit is, in its venue's zone and the spec's cart formats (shopping §9). */
export function ticketWhen(
  bundle: OrderBundle,
  ticket: OrderBundle['ticket']['_data'][number],
  fallbackZone: string,
): string | null {
  const session = bundle.event_session._data.find((s) => s.id === ticket.event_session_id);
  return sessionWhenLabel(session, eventTimeZone(bundle, ticket.event_template_id, fallbackZone));
}

/** The order's visits in the order they start (any-date last), ticket types as first met. */
export function orderVisits(bundle: OrderBundle, fallbackZone: string): OrderVisit[] {
  const sessionStart = (id: string | null) =>
    bundle.event_session._data.find((s) => s.id === id)?.start_datetime ?? '9999';
  const typeName = (id: string) => bundle.ticket_type._data.find((t) => t.id === id)?.name ?? '';
  const visits = new Map<string, OrderVisit & { start: string }>();
  for (const ticket of usableTickets(bundle)) {
    const key = `${ticket.event_template_id}:${ticket.event_session_id ?? 'any'}`;
    let visit = visits.get(key);
    if (!visit) {
      visit = {
        key,
        eventName:
          bundle.event_template._data.find((e) => e.id === ticket.event_template_id)?.name ?? '',
        when: ticketWhen(bundle, ticket, fallbackZone),
        lines: [],
        start: sessionStart(ticket.event_session_id),
      };
      visits.set(key, visit);
    }
    const name = typeName(ticket.ticket_type_id);
    const line = visit.lines.find((l) => l.typeName === name);
    if (line) line.count += 1;
    else visit.lines.push({ typeName: name, count: 1 });
  }
  return [...visits.values()]
    .sort((a, b) => a.start.localeCompare(b.start))
    .map(({ start: _start, ...visit }) => visit);
}

/** What was paid on the order (identity §3 "Ticket order": the total after fees, less any balance). */
export function orderPaid(bundle: OrderBundle): { amount: string; currency: string } | null {
  const order = bundle.ticket_order._data[0];
  const fees = bundle.ticket_order_fees._data.find((f) => f.ticket_order_id === order?.id);
  if (!fees) return null;
  return {
    amount: fees.total_payments ?? fees.total_after_fees_price,
    currency: fees.currency_code,
  };
}
