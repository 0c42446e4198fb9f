import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/connection';
import { ticket, ticketOrder } from '@/db/schema/cart';
import { eventTemplate, ticketGroup, ticketType } from '@/db/schema/catalog';
import { eventSession } from '@/db/schema/sessions';
import { allOf } from '@/http/query-sql';

/** The account area's SQL: the caller's orders and the sessions they book (identity §3). */

export interface OrderSessionRow {
  orderId: string;
  orderNumber: string;
  purchasedOn: Date;
  sessionId: string;
  start: Date;
  end: Date;
  eventId: string;
  eventName: string;
  ticketCount: number;
}

/**
 * One row per (order, session) of the identity's orders with a matching ticket; `ticketWhere`
 * filters the tickets (state), `sessionWhere` the sessions (start window); `order` sorts.
 */
export async function selectOrderSessions(
  db: Db,
  who: { sellerId: string; identityId: string },
  ticketWhere: SQL[],
  sessionWhere: SQL[],
  order: SQL[],
  limit: number,
): Promise<OrderSessionRow[]> {
  return db
    .select({
      orderId: ticketOrder.id,
      orderNumber: ticketOrder.orderNumber,
      purchasedOn: ticketOrder.createdAt,
      sessionId: eventSession.id,
      start: eventSession.startDatetime,
      end: eventSession.endDatetime,
      eventId: eventTemplate.id,
      eventName: eventTemplate.name,
      ticketCount: sql<number>`cast(count(${ticket.id}) as integer)`,
    })
    .from(ticket)
    .innerJoin(ticketOrder, eq(ticketOrder.id, ticket.ticketOrderId))
    .innerJoin(eventSession, eq(eventSession.id, ticket.eventSessionId))
    .innerJoin(eventTemplate, eq(eventTemplate.id, ticket.eventTemplateId))
    .where(
      and(
        eq(ticketOrder.sellerId, who.sellerId),
        eq(ticketOrder.identityId, who.identityId),
        allOf([...ticketWhere, ...sessionWhere]),
      ),
    )
    .groupBy(ticketOrder.id, eventSession.id, eventTemplate.id)
    .orderBy(...order)
    .limit(limit);
}

/** The identity's orders (newest first), optionally only these ids and with a matching ticket. */
export function selectIdentityOrders(
  db: Db,
  who: { sellerId: string; identityId: string },
  where: SQL[],
  limit: number,
) {
  return db
    .select()
    .from(ticketOrder)
    .where(
      and(
        eq(ticketOrder.sellerId, who.sellerId),
        eq(ticketOrder.identityId, who.identityId),
        allOf(where),
      ),
    )
    .orderBy(desc(ticketOrder.createdAt), desc(ticketOrder.id))
    .limit(limit);
}

/** Tickets of the orders (for these sessions when given) that pass `where`. */
export function selectOrdersTickets(
  db: Db,
  orderIds: string[],
  where: SQL[],
  sessionIds: string[] | null = null,
) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(ticket)
    .where(
      and(
        inArray(ticket.ticketOrderId, orderIds),
        sessionIds ? inArray(ticket.eventSessionId, sessionIds) : undefined,
        allOf(where),
      ),
    )
    .orderBy(ticket.createdAt, ticket.id);
}

const byIds = <T>(ids: string[], read: () => Promise<T[]>) =>
  ids.length === 0 ? Promise.resolve([] as T[]) : read();

/** The catalogue rows the tickets name (for the embeds). */
export async function selectTicketCatalogue(
  db: Db,
  ids: { types: string[]; groups: string[]; events: string[]; sessions: string[] },
) {
  const [types, groups, events, sessions] = await Promise.all([
    byIds(ids.types, () => db.select().from(ticketType).where(inArray(ticketType.id, ids.types))),
    byIds(ids.groups, () =>
      db.select().from(ticketGroup).where(inArray(ticketGroup.id, ids.groups)),
    ),
    byIds(ids.events, () =>
      db.select().from(eventTemplate).where(inArray(eventTemplate.id, ids.events)),
    ),
    byIds(ids.sessions, () =>
      db.select().from(eventSession).where(inArray(eventSession.id, ids.sessions)),
    ),
  ]);
  return { types, groups, events, sessions };
}
