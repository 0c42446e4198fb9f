import { toCollection } from '@admit/contracts/envelope';
import { minorToDecimal } from '@admit/contracts/money';
import { ACCOUNT_TICKET_STATES } from '@admit/contracts/rules/self-edit';
import { receiptLine } from '@admit/contracts/rules/receipt-lines';
import type { SellerOrder, SellerOrdersResponse, SellerTicket } from '@admit/contracts/seller-api';
import type { Db } from '@/db/connection';
import { AppError } from '@/http/app-error';
import { isUuid } from '@/http/query-values';
import {
  countOrders,
  selectOrdersPage,
  ticketsOfOrders,
  type SellerOrderRow,
  type SellerTicketRow,
} from './repo';

/** The seller's orders and tickets as the seller API and the export give them (decision 0042). */

const nameOf = (row: { firstName: string | null; lastName: string | null }) =>
  [row.firstName, row.lastName].filter(Boolean).join(' ') || null;

const isLive = (state: string) => (ACCOUNT_TICKET_STATES as readonly string[]).includes(state);

/** A ticket row on the wire. */
export function toSellerTicket(row: SellerTicketRow): SellerTicket {
  const line = receiptLine(row);
  return {
    id: row.id,
    ticket_order_id: row.ticketOrderId!,
    order_number: row.orderNumber,
    state: row.state,
    scan_code: row.scanCode,
    purchaser_name: nameOf(row),
    purchaser_email: row.email,
    admit_name: row.admitName,
    event_template_id: row.eventTemplateId,
    event_name: row.eventName,
    ticket_group_id: row.ticketGroupId,
    ticket_group_name: row.ticketGroupName,
    ticket_type_id: row.ticketTypeId,
    ticket_type_name: row.ticketTypeName,
    event_session_id: row.eventSessionId,
    start_datetime: row.startDatetime?.toISOString() ?? null,
    end_datetime: row.endDatetime?.toISOString() ?? null,
    // the visit reads in its venue's zone, else the seller's (the order page's rule)
    timezone: row.venueTimezone || row.sellerTimezone,
    face_value: minorToDecimal(row.faceValue),
    adjusted_value: minorToDecimal(row.adjustedValue),
    discount: minorToDecimal(line.discount),
    service_charge: minorToDecimal(line.serviceCharge),
    tax: minorToDecimal(line.tax),
    line_total: minorToDecimal(line.total),
    redeemed_at: row.redeemedAt?.toISOString() ?? null,
  };
}

function toSellerOrder(row: SellerOrderRow, tickets: SellerTicketRow[]): SellerOrder {
  return {
    id: row.id,
    order_number: row.orderNumber,
    created_at: row.createdAt.toISOString(),
    email: row.email,
    purchaser_name: nameOf(row),
    currency_code: row.currency,
    total_after_fees_price: minorToDecimal(row.totalAfterFeesPrice),
    // a cancelled or unbooked ticket is no longer part of the order (issue #22)
    ticket_count: tickets.filter((t) => t.ticketOrderId === row.id && isLive(t.state)).length,
    campaign: row.campaign,
    additional_info: (row.additionalInfo as Record<string, unknown> | null) ?? {},
  };
}

export interface OrdersPage {
  since: Date | null;
  limit: number;
  offset: number;
}

/** A page of the seller's orders (oldest first) with all their tickets. */
export async function sellerOrders(
  db: Db,
  sellerId: string,
  page: OrdersPage,
): Promise<SellerOrdersResponse> {
  const [orders, total] = await Promise.all([
    selectOrdersPage(db, sellerId, page),
    countOrders(db, sellerId, page.since),
  ]);
  const tickets = await ticketsOfOrders(
    db,
    sellerId,
    orders.map((o) => o.id),
  );
  return {
    ticket_order: toCollection(
      orders.map((o) => toSellerOrder(o, tickets)),
      total,
    ),
    ticket: toCollection(tickets.map(toSellerTicket)),
  };
}

const orderNotFound = () => new AppError('not_found', 'ticket_order', 'Order not found');

/** One order of the seller with its tickets; another seller's order is not found. */
export async function sellerOrder(db: Db, sellerId: string, id: string) {
  if (!isUuid(id)) throw orderNotFound();
  const [order] = await selectOrdersPage(db, sellerId, {
    since: null,
    limit: 1,
    offset: 0,
    id: id.toLowerCase(),
  });
  if (!order) throw orderNotFound();
  const tickets = await ticketsOfOrders(db, sellerId, [order.id]);
  return {
    ticket_order: toCollection([toSellerOrder(order, tickets)]),
    ticket: toCollection(tickets.map(toSellerTicket)),
  };
}

/** Every order placed since `since`, page by page (the CLI's export). */
export async function* allSellerOrders(db: Db, sellerId: string, since: Date | null) {
  const limit = 200;
  for (let offset = 0; ; offset += limit) {
    const page = await sellerOrders(db, sellerId, { since, limit, offset });
    yield page;
    if (page.ticket_order._count < limit) return;
  }
}
