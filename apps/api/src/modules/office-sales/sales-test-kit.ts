import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/connection';
import { paymentRefund } from '@/db/schema/aftersale';
import { cart, ticket, ticketOrder } from '@/db/schema/cart';
import { payment } from '@/db/schema/payments';
import type { ReserveScene } from '@/testing/cart-fixtures';
import { makeIdentity, type TicketGroupRow, type TicketTypeRow } from '@/testing/factories';

/**
 * Orders and refunds written straight to the tables (decision 0088), as checkout and the
 * manage flow leave them, for the sales property test: the real flows are tested in their own
 * modules and once through the sales route (office-sales.test.ts).
 */

export interface LineSpec {
  group: TicketGroupRow;
  type: TicketTypeRow;
  face: number;
  adjusted: number;
  feeFixed: number;
  feePercent: number;
}

export interface OrderSpec {
  at: Date;
  channel: string;
  lines: LineSpec[];
}

const lineTotal = (l: LineSpec) => l.adjusted + l.feeFixed + l.feePercent;

let serial = 0;

/** A completed order with its lines booked and its payment succeeded; its id and payment's. */
export async function insertOrder(db: Db, scene: ReserveScene, spec: OrderSpec) {
  serial += 1;
  const buyer = await makeIdentity(db, scene.seller);
  const total = spec.lines.reduce((n, l) => n + lineTotal(l), 0);
  const [c] = await db
    .insert(cart)
    .values({
      sellerId: scene.seller.id,
      identityId: buyer.id,
      cartNumber: `S${serial}-${buyer.id.slice(0, 8)}`,
      state: 'completed',
      channel: spec.channel,
      expiresAt: spec.at,
      createdAt: spec.at,
    })
    .returning();
  const [order] = await db
    .insert(ticketOrder)
    .values({
      sellerId: scene.seller.id,
      cartId: c!.id,
      identityId: buyer.id,
      orderNumber: `N${serial}-${buyer.id.slice(0, 8)}`,
      totalAfterFeesPrice: total,
      createdAt: spec.at,
    })
    .returning();
  const tickets = spec.lines.length
    ? await db
        .insert(ticket)
        .values(
          spec.lines.map((l) => ({
            cartId: c!.id,
            ticketOrderId: order!.id,
            ticketTypeId: l.type.id,
            ticketGroupId: l.group.id,
            eventTemplateId: l.group.eventTemplateId,
            state: 'booked',
            faceValue: l.face,
            adjustedValue: l.adjusted,
            feeFixedOutside: l.feeFixed,
            feePercentOutside: l.feePercent,
            // held a few minutes before the checkout, as a cart's tickets are
            createdAt: new Date(spec.at.getTime() - 5 * 60_000),
          })),
        )
        .returning()
    : [];
  const [paid] = await db
    .insert(payment)
    .values({
      sellerId: scene.seller.id,
      cartId: c!.id,
      gatewayId: 'stripe',
      amount: total,
      currency: 'USD',
      state: 'succeeded',
      createdAt: spec.at,
    })
    .returning();
  return { orderId: order!.id, paymentId: paid!.id, ticketIds: tickets.map((t) => t.id), total };
}

/**
 * Cancels some of an order's lines at `at` as the manage flow does: the tickets cancelled, the
 * order's total lowered, and a refund of what they cost.
 */
export async function insertRefund(
  db: Db,
  scene: ReserveScene,
  order: { orderId: string; paymentId: string },
  ticketIds: string[],
  lines: LineSpec[],
  at: Date,
) {
  const amount = lines.reduce((n, l) => n + lineTotal(l), 0);
  for (const id of ticketIds)
    await db
      .update(ticket)
      .set({ state: 'cancelled' })
      .where(and(eq(ticket.id, id), eq(ticket.ticketOrderId, order.orderId)));
  const [row] = await db.select().from(ticketOrder).where(eq(ticketOrder.id, order.orderId));
  await db
    .update(ticketOrder)
    .set({ totalAfterFeesPrice: row!.totalAfterFeesPrice - amount })
    .where(eq(ticketOrder.id, order.orderId));
  if (amount === 0) return 0;
  await db.insert(paymentRefund).values({
    sellerId: scene.seller.id,
    paymentId: order.paymentId,
    ticketOrderId: order.orderId,
    amount,
    currency: 'USD',
    state: 'refunded',
    reason: 'order_cancel',
    createdAt: at,
  });
  return amount;
}
