import { sql } from 'drizzle-orm';
import type { OrderSessionResponse } from '@admit/contracts/account';
import { toCollection } from '@admit/contracts/envelope';
import type { Db } from '@/db/connection';
import { parseQuery, type QuerySpec } from '@/http/query-grammar';
import { filterConditions, inList, orderBy } from '@/http/query-sql';
import { distinct, scanned, ticketFilters, ticketRelation } from './account-query';
import { selectIdentityOrders, selectOrderSessions, selectOrdersTickets } from './repo';

// spec: identity §7 — GET my/order_session (embed ticket; ticket.state._in booked,redeemed)
const sessionSpec: QuerySpec = {
  context: 'order_session',
  fields: {
    start_datetime: { sql: sql`"event_session"."start_datetime"`, type: 'timestamp' },
    event_session_id: { sql: sql`"event_session"."id"`, type: 'uuid' },
    ticket_order_id: { sql: sql`"ticket_order"."id"`, type: 'uuid' },
    event_template_id: { sql: sql`"event_template"."id"`, type: 'uuid' },
  },
  relations: { ticket: ticketRelation },
  // spec: identity §4 — upcoming sessions by start ascending
  sort: {
    fields: {
      start_datetime: sql`"event_session"."start_datetime"`,
      purchased_on: sql`"ticket_order"."created_at"`,
    },
    default: 'start_datetime',
  },
  embeds: ['ticket'],
};

/** GET my/order_session (identity §4 "/my"): one row per order and session, by start. */
export async function orderSessions(
  db: Db,
  rawQuery: Record<string, string>,
  who: { sellerId: string; identityId: string },
): Promise<OrderSessionResponse> {
  const query = parseQuery(sessionSpec, rawQuery);
  const ticketWhere = ticketFilters(query);
  const rows = await selectOrderSessions(
    db,
    who,
    ticketWhere,
    filterConditions(query.filters),
    orderBy(query.sort, sql`"ticket_order"."id"`),
    query.limit,
  );
  const body: OrderSessionResponse = {
    order_session: toCollection(
      rows.map((r) => ({
        id: `${r.orderId}:${r.sessionId}`,
        start_datetime: r.start.toISOString(),
        end_datetime: r.end.toISOString(),
        ticket_order_id: r.orderId,
        event_session_id: r.sessionId,
        event_template_id: r.eventId,
        event_name: r.eventName,
        order_number: r.orderNumber,
        purchased_on: r.purchasedOn.toISOString(),
        ticket_count: r.ticketCount,
      })),
    ),
  };
  if (query.embeds.has('ticket')) {
    const orderIds = distinct(rows.map((r) => r.orderId));
    // the rows' own orders by id: the newest N of the caller's would miss an older order's, and
    // its tickets would lose their scan codes (identity §2 session detail 'Ticket #')
    const orders = await selectIdentityOrders(
      db,
      who,
      [inList(sql`"ticket_order"."id"`, 'uuid', orderIds)],
      orderIds.length || 1,
    );
    const tickets = await selectOrdersTickets(
      db,
      orderIds,
      ticketWhere,
      distinct(rows.map((r) => r.sessionId)),
    );
    body.ticket = toCollection(
      tickets
        .filter((t) =>
          rows.some((r) => r.orderId === t.ticketOrderId && r.sessionId === t.eventSessionId),
        )
        .map((t) =>
          scanned(
            orders.find((o) => o.id === t.ticketOrderId),
            t,
          ),
        ),
    );
  }
  return body;
}
