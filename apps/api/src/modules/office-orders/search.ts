import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { type z } from 'zod';
import { toCollection } from '@admit/contracts/envelope';
import {
  OFFICE_ORDER_PAGE_SIZE,
  type officeOrderSearchQuery,
  type OfficeOrderRow,
} from '@admit/contracts/office-orders';
import type { Db } from '@/db/connection';
import { orderEdit } from '@/db/schema/aftersale';
import { ticket, ticketOrder } from '@/db/schema/cart';
import { identity } from '@/db/schema/identity';
import { payment } from '@/db/schema/payments';
import { eventSession } from '@/db/schema/sessions';
import type { SellerRef } from '@/http/request-context';

/**
 * The box office's order search (decision 0087): every filter given must match, newest first,
 * paged. Always within the caller's seller: another seller's order is never found.
 */

export type OfficeOrderSearch = z.infer<z.ZodObject<typeof officeOrderSearchQuery>>;

const o = ticketOrder;
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
/** The live ticket states: what still admits or was admitted (not cancelled, not in a cart). */
export const LIVE_TICKET_STATES = ['booked', 'redeemed'] as const;

/** The order's carts: the one it was bought from and its completed edits (orders/repo.ts). */
const orderCartsSql = sql`(select ${o.cartId} union all select ${orderEdit.cartId} from ${orderEdit} where ${orderEdit.ticketOrderId} = ${o.id})`;

function conditions(seller: SellerRef, q: OfficeOrderSearch): SQL[] {
  const where: SQL[] = [eq(o.sellerId, seller.id)];
  if (q.order_number) where.push(sql`${o.orderNumber} like ${`${likeEscaped(q.order_number)}%`}`);
  if (q.email) where.push(sql`lower(${o.email}) like ${`%${likeEscaped(q.email.toLowerCase())}%`}`);
  if (q.name) {
    const part = `%${likeEscaped(q.name.toLowerCase())}%`;
    where.push(sql`(
      lower(coalesce(${identity.firstName}, '') || ' ' || coalesce(${identity.lastName}, '')) like ${part}
      or exists (select 1 from ${ticket} where ${ticket.ticketOrderId} = ${o.id}
        and lower(coalesce(${ticket.admitName}, '')) like ${part}))`);
  }
  if (q.card_last4) {
    where.push(sql`exists (select 1 from ${payment} where ${payment.cartId} in ${orderCartsSql}
      and ${payment.gatewayData}->>'card_last4' = ${q.card_last4})`);
  }
  if (q.event_template_id) {
    where.push(sql`exists (select 1 from ${ticket} where ${ticket.ticketOrderId} = ${o.id}
      and ${ticket.eventTemplateId} = ${q.event_template_id})`);
  }
  if (q.date) {
    // the visit's day where the seller is: a ticket whose session starts that day
    where.push(sql`exists (select 1 from ${ticket}
      join ${eventSession} on ${eventSession.id} = ${ticket.eventSessionId}
      where ${ticket.ticketOrderId} = ${o.id}
      and (${eventSession.startDatetime} at time zone ${seller.timezone})::date = ${q.date}::date)`);
  }
  return where;
}

const countOf = (states?: readonly string[]) =>
  sql<number>`(select cast(count(*) as integer) from ${ticket} where ${ticket.ticketOrderId} = ${o.id}${
    states
      ? sql` and ${ticket.state} in (${sql.join(
          states.map((s) => sql`${s}`),
          sql`, `,
        )})`
      : sql``
  })`;

export async function searchOrders(db: Db, seller: SellerRef, q: OfficeOrderSearch) {
  const where = and(...conditions(seller, q));
  const limit = q._limit ?? OFFICE_ORDER_PAGE_SIZE;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        order: o,
        firstName: identity.firstName,
        lastName: identity.lastName,
        tickets: countOf(),
        live: countOf(LIVE_TICKET_STATES),
      })
      .from(o)
      .innerJoin(identity, eq(identity.id, o.identityId))
      .where(where)
      .orderBy(desc(o.createdAt), desc(o.id))
      .limit(limit)
      .offset(q._offset ?? 0),
    db
      .select({ n: sql<number>`cast(count(*) as integer)` })
      .from(o)
      .innerJoin(identity, eq(identity.id, o.identityId))
      .where(where),
  ]);
  const data = rows.map((r) => officeOrderRow(r.order, r, r.tickets, r.live));
  return { ticket_order: toCollection(data, total?.n ?? data.length) };
}

/** One order as the search lists it. */
export function officeOrderRow(
  order: typeof ticketOrder.$inferSelect,
  person: { firstName: string | null; lastName: string | null },
  tickets: number,
  live: number,
): OfficeOrderRow {
  const name = [person.firstName, person.lastName].filter(Boolean).join(' ');
  return {
    id: order.id,
    order_number: order.orderNumber,
    email: order.email,
    name: name || null,
    created_at: order.createdAt.toISOString(),
    currency: order.currency,
    total: order.totalAfterFeesPrice,
    live_tickets: Number(live),
    tickets: Number(tickets),
  };
}
