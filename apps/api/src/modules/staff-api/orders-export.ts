import { stringify } from 'csv-stringify/sync';
import { toCollection } from '@admit/contracts/envelope';
import type { SellerOrder, SellerTicket } from '@admit/contracts/seller-api';
import type { Db } from '@/db/connection';
import { AppError } from '@/http/app-error';
import { zonedIso } from '@/lib/zoned-time';
import { allSellerOrders } from '@/modules/seller-orders/service';
import { getSellerBySlug } from '@/modules/sellers/repo';

/**
 * The orders export (decision 0042, moved here from the CLI by decision 0074 so the CLI and
 * GET /admin/api/staff/orders write the same bytes): the seller's orders placed since an
 * instant with their tickets. CSV has one row per ticket, the order's columns repeated on each
 * (a spreadsheet filters and pivots rows; an order without tickets still gets one row); JSON is
 * the seller API's own shape, every page at once.
 */

/** An instant as the zone's wall time with its offset (null stays null). */
const zoned = (instant: string | null | undefined, zone: string) =>
  instant ? zonedIso(new Date(instant), zone) : null;

/**
 * The CSV's columns: the header row, and each row's value. Every time is a wall time with its
 * offset (issue #22): the order's in the seller's zone, the visit's and the scan's in the venue's.
 */
const COLUMNS: [
  string,
  (o: SellerOrder, t: SellerTicket | null, sellerZone: string) => string | number | null,
][] = [
  ['order_number', (o) => o.order_number],
  ['order_id', (o) => o.id],
  ['placed_at', (o, _t, sellerZone) => zoned(o.created_at, sellerZone)],
  ['purchaser_name', (o) => o.purchaser_name],
  ['purchaser_email', (o) => o.email],
  ['currency', (o) => o.currency_code],
  ['order_total', (o) => o.total_after_fees_price],
  ['campaign', (o) => o.campaign],
  // the answers to the order's checkout questions as one JSON object: the questions differ from
  // event to event, so they are not columns of their own (decision 0064)
  [
    'additional_info',
    (o) => (Object.keys(o.additional_info).length ? JSON.stringify(o.additional_info) : null),
  ],
  ['ticket_id', (_o, t) => t?.id ?? null],
  ['ticket_state', (_o, t) => t?.state ?? null],
  ['scan_code', (_o, t) => t?.scan_code ?? null],
  ['event', (_o, t) => t?.event_name ?? null],
  ['ticket_group', (_o, t) => t?.ticket_group_name ?? null],
  ['ticket_type', (_o, t) => t?.ticket_type_name ?? null],
  // the venue's wall time with its offset: a 10:30 visit reads 10:30, not 15:30Z (issue #22)
  ['session_start', (_o, t) => (t ? zoned(t.start_datetime, t.timezone) : null)],
  ['timezone', (_o, t) => t?.timezone ?? null],
  ['admit_name', (_o, t) => t?.admit_name ?? null],
  ['face_value', (_o, t) => t?.face_value ?? null],
  ['paid_value', (_o, t) => t?.adjusted_value ?? null],
  ['discount', (_o, t) => t?.discount ?? null],
  ['service_charge', (_o, t) => t?.service_charge ?? null],
  ['tax', (_o, t) => t?.tax ?? null],
  ['line_total', (_o, t) => t?.line_total ?? null],
  ['redeemed_at', (_o, t) => (t ? zoned(t.redeemed_at, t.timezone) : null)],
];

function toCsv(orders: SellerOrder[], tickets: SellerTicket[], sellerZone: string): string {
  const rows: (string | number | null)[][] = [];
  for (const order of orders) {
    const own = tickets.filter((t) => t.ticket_order_id === order.id);
    for (const t of own.length > 0 ? own : [null])
      rows.push(COLUMNS.map(([, value]) => value(order, t, sellerZone)));
  }
  return stringify(rows, { header: true, columns: COLUMNS.map(([name]) => name) });
}

/** An export's text and what it holds (the CLI says how many it wrote). */
export interface OrdersExport {
  text: string;
  orders: number;
  tickets: number;
}

/** The seller's orders since `since` (all when null) as CSV or JSON text. */
export async function exportOrders(
  db: Db,
  slug: string,
  since: Date | null,
  format: 'csv' | 'json',
): Promise<OrdersExport> {
  const owner = await getSellerBySlug(db, slug);
  if (!owner) throw new AppError('seller_not_found', 'seller', `No seller with the slug "${slug}"`);
  const orders: SellerOrder[] = [];
  const tickets: SellerTicket[] = [];
  for await (const page of allSellerOrders(db, owner.id, since)) {
    orders.push(...page.ticket_order._data);
    tickets.push(...page.ticket._data);
  }
  const text =
    format === 'json'
      ? `${JSON.stringify({ ticket_order: toCollection(orders), ticket: toCollection(tickets) }, null, 2)}\n`
      : toCsv(orders, tickets, owner.timezone);
  return { text, orders: orders.length, tickets: tickets.length };
}
