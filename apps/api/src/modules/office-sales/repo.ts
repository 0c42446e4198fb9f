import { and, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '@/db/connection';
import { paymentRefund } from '@/db/schema/aftersale';
import { cart, ticket, ticketOrder } from '@/db/schema/cart';
import { eventTemplate, ticketGroup, ticketType } from '@/db/schema/catalog';

/** The reads of the office's sales (decision 0088): one seller's sold lines and refunds. */

/** Every state a ticket sold into an order can be in afterwards (given back: `cancelled`). */
const SOLD_STATES = ['booked', 'redeemed', 'cancelled'];

/**
 * When a line was sold: its order's time, or, for a ticket an edit added later, when it was
 * taken (its hold, minutes before the edit's checkout; the order keeps no time per ticket).
 */
const soldAt = sql<Date>`greatest(${ticketOrder.createdAt}, ${ticket.createdAt})`;

const lineColumns = {
  ticketId: ticket.id,
  orderId: ticketOrder.id,
  orderNumber: ticketOrder.orderNumber,
  channel: cart.channel,
  eventTemplateId: ticket.eventTemplateId,
  eventName: eventTemplate.name,
  ticketTypeId: ticket.ticketTypeId,
  ticketTypeName: ticketType.name,
  handler: ticketGroup.handler,
  faceValue: ticket.faceValue,
  adjustedValue: ticket.adjustedValue,
  outsideFees: ticketType.outsideFees,
  feeFixedOutside: ticket.feeFixedOutside,
  feePercentOutside: ticket.feePercentOutside,
  state: ticket.state,
};

function linesQuery(db: Db) {
  return db
    .select({ ...lineColumns, at: soldAt.mapWith((v: string | Date) => new Date(v)) })
    .from(ticket)
    .innerJoin(ticketOrder, eq(ticketOrder.id, ticket.ticketOrderId))
    .innerJoin(cart, eq(cart.id, ticketOrder.cartId))
    .innerJoin(eventTemplate, eq(eventTemplate.id, ticket.eventTemplateId))
    .innerJoin(ticketType, eq(ticketType.id, ticket.ticketTypeId))
    .innerJoin(ticketGroup, eq(ticketGroup.id, ticket.ticketGroupId));
}
export type SoldLineRow = Awaited<ReturnType<typeof linesQuery>>[number];

/** The seller's lines sold in [from, to). */
export function linesSold(db: Db, sellerId: string, from: Date, to: Date) {
  return linesQuery(db).where(
    and(
      eq(ticketOrder.sellerId, sellerId),
      inArray(ticket.state, SOLD_STATES),
      sql`${soldAt} >= ${from.toISOString()}::timestamptz`,
      sql`${soldAt} < ${to.toISOString()}::timestamptz`,
    ),
  );
}

/** The cancelled lines of some of the seller's orders: what their refunds gave back. */
export function cancelledLines(db: Db, sellerId: string, orderIds: string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return linesQuery(db).where(
    and(
      eq(ticketOrder.sellerId, sellerId),
      inArray(ticketOrder.id, orderIds),
      eq(ticket.state, 'cancelled'),
      isNotNull(ticket.ticketOrderId),
    ),
  );
}

/** The seller's refunds made in [from, to), whatever their gateway state (the money is owed). */
export function refundsMade(db: Db, sellerId: string, from: Date, to: Date) {
  return db
    .select({
      id: paymentRefund.id,
      amount: paymentRefund.amount,
      at: paymentRefund.createdAt,
      orderId: ticketOrder.id,
      orderNumber: ticketOrder.orderNumber,
      channel: cart.channel,
    })
    .from(paymentRefund)
    .innerJoin(ticketOrder, eq(ticketOrder.id, paymentRefund.ticketOrderId))
    .innerJoin(cart, eq(cart.id, ticketOrder.cartId))
    .where(
      and(
        eq(paymentRefund.sellerId, sellerId),
        eq(ticketOrder.sellerId, sellerId),
        gte(paymentRefund.createdAt, from),
        lt(paymentRefund.createdAt, to),
      ),
    );
}
export type RefundRow = Awaited<ReturnType<typeof refundsMade>>[number];
