import type { TicketOrderListResponse } from '@admit/contracts/account';
import type { OrderBundle } from '@admit/contracts/checkout';
import type { Meta } from '@admit/contracts/resources';
import { decimalToMinor } from '@admit/contracts/money';
import { storedFeesOf } from '@admit/contracts/rules/fees';
import { receiptItems, type ReceiptItem } from '@admit/contracts/rules/receipt-lines';
import { sessionWhenLabel, ticketDateTimeOf } from '@admit/contracts/session-time';
import { eventTimeZone } from '@/api/orders/event-time-zone';

/**
 * The rows a receipt reads: an order bundle (completed and tickets pages), or the account's
 * order read narrowed to one order (receiptBundleOf).
 */
export type ReceiptBundle = Pick<
  OrderBundle,
  | 'ticket_order'
  | 'ticket_order_fees'
  | 'ticket'
  | 'ticket_type'
  | 'ticket_group'
  | 'event_template'
  | 'event_session'
  | 'venue'
  | 'seller'
  | 'meta'
>;

/**
 * The account's order read (my/ticket_order, its embeds optional) as one order's receipt rows;
 * `meta`: its events' meta rows (their ticket_date_time), when the page has read them.
 */
export function receiptBundleOf(
  list: TicketOrderListResponse,
  orderId: string,
  meta: Meta[] = [],
): ReceiptBundle {
  const none = { _count: 0, _total: 0, _data: [] };
  const only = <T>(rows: T[]) => ({ _count: rows.length, _total: rows.length, _data: rows });
  return {
    ticket_order: only(list.ticket_order._data.filter((o) => o.id === orderId)),
    ticket_order_fees: only(
      list.ticket_order_fees._data.filter((f) => f.ticket_order_id === orderId),
    ),
    ticket: only((list.ticket?._data ?? []).filter((t) => t.ticket_order_id === orderId)),
    ticket_type: list.ticket_type ?? none,
    ticket_group: list.ticket_group ?? none,
    event_template: list.event_template ?? none,
    event_session: list.event_session ?? none,
    meta: only(meta),
  };
}

/** One event-and-session of an order: when to come and what for ("2 × Adult" and its figures). */
export interface OrderVisit {
  key: string;
  eventName: string;
  /** "Tue, Jun 2, 2026 at 10:00 AM" in the venue's zone; null: any date, or dates hidden */
  when: string | null;
  lines: OrderLine[];
}

/** The tickets a visitor can use: booked or already redeemed (cancelled ones are gone). */
export function usableTickets(bundle: ReceiptBundle) {
  return bundle.ticket._data.filter((t) => t.state === 'booked' || t.state === 'redeemed');
}

/**
 * When a ticket's visit is, in its venue's zone and the seller locale's cart formats (shopping
 * §9), as its event's `ticket_date_time` says (shopping §3; the order bundle's meta carries it).
 */
export function ticketWhen(
  bundle: ReceiptBundle,
  ticket: ReceiptBundle['ticket']['_data'][number],
  fallbackZone: string,
  locale?: string,
): string | null {
  const session = bundle.event_session._data.find((s) => s.id === ticket.event_session_id);
  return sessionWhenLabel(
    session,
    eventTimeZone(bundle, ticket.event_template_id, fallbackZone),
    locale,
    ticketDateTimeOf(bundle.meta?._data ?? [], ticket.event_template_id),
  );
}

/** One receipt line of the order: "2 × Adult", "Donation", with its figures in minor units. */
export interface OrderLine {
  key: string;
  name: string;
  figures: ReceiptItem<unknown>['figures'];
}

const minorOrNull = (amount: string | undefined) =>
  amount === undefined ? null : decimalToMinor(amount);

/** The receipt's facts of the order's usable tickets, read from the wire (rules/receipt-lines.ts). */
function receiptTickets(bundle: ReceiptBundle) {
  return usableTickets(bundle).map((ticket) => ({
    ticket,
    ticketTypeId: ticket.ticket_type_id,
    typeName: bundle.ticket_type._data.find((t) => t.id === ticket.ticket_type_id)?.name ?? '',
    faceValue: decimalToMinor(ticket.face_value),
    adjustedValue: decimalToMinor(ticket.adjusted_value),
    outsideFees: storedFeesOf(
      bundle.ticket_type._data.find((t) => t.id === ticket.ticket_type_id)?.outside_fees ?? [],
    ),
    // the fees the ticket was charged (frozen at checkout); a server without them: its type's
    feeFixedOutside: minorOrNull(ticket.fee_fixed_outside),
    feePercentOutside: minorOrNull(ticket.fee_percent_outside),
    handler: bundle.ticket_group._data.find((g) => g.id === ticket.ticket_group_id)?.handler,
  }));
}

const visitKeyOf = (t: {
  ticket: { event_template_id: string; event_session_id: string | null };
}) => `${t.ticket.event_template_id}:${t.ticket.event_session_id ?? 'any'}`;

/**
 * The order's receipt (issue #22): its visits in the order they start (any-date last), each
 * admission line with its figures; then what admits no one or is a membership — a donation, a
 * gift card, a membership with its members — as lines of their own.
 */
export function orderReceipt(
  bundle: ReceiptBundle,
  fallbackZone: string,
  locale?: string,
): { visits: OrderVisit[]; purchases: OrderLine[] } {
  const sessionStart = (id: string | null) =>
    bundle.event_session._data.find((s) => s.id === id)?.start_datetime ?? '9999';
  const items = receiptItems(receiptTickets(bundle), visitKeyOf);
  const visits = new Map<string, OrderVisit & { start: string }>();
  const purchases: OrderLine[] = [];
  items.forEach((item, i) => {
    const first = item.tickets[0]!.ticket;
    const line = { key: `${i}`, name: item.name, figures: item.figures };
    if (item.kind !== 'admission') {
      purchases.push(line);
      return;
    }
    const key = visitKeyOf(item.tickets[0]!);
    let visit = visits.get(key);
    if (!visit) {
      visit = {
        key,
        eventName:
          bundle.event_template._data.find((e) => e.id === first.event_template_id)?.name ?? '',
        when: ticketWhen(bundle, first, fallbackZone, locale),
        lines: [],
        start: sessionStart(first.event_session_id),
      };
      visits.set(key, visit);
    }
    visit.lines.push(line);
  });
  return {
    visits: [...visits.values()]
      .sort((a, b) => a.start.localeCompare(b.start))
      .map(({ start: _start, ...visit }) => visit),
    purchases,
  };
}

/** What was paid on the order (identity §3 "Ticket order": the total after fees, less any balance). */
export function orderPaid(bundle: ReceiptBundle): { amount: string; currency: string } | null {
  const order = bundle.ticket_order._data[0];
  const fees = bundle.ticket_order_fees._data.find((f) => f.ticket_order_id === order?.id);
  if (!fees) return null;
  return {
    amount: fees.total_payments ?? fees.total_after_fees_price,
    currency: fees.currency_code,
  };
}
