import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/db/connection';
import { cart, ticket, ticketOrder, type NewOrder, type OrderRow } from '@/db/schema/cart';
import { ticketGroup } from '@/db/schema/catalog';

/** The orders module's SQL: ticket orders and the booking of their tickets (identity §3). */

type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'execute'>;

/** Locks the cart row for the order transaction (SELECT … FOR UPDATE): one order per cart. */
export async function lockCartRow(tx: Executor, cartId: string) {
  const [row] = await tx.select().from(cart).where(eq(cart.id, cartId)).for('update');
  return row ?? null;
}

export async function selectOrder(db: Executor, id: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(ticketOrder).where(eq(ticketOrder.id, id)).limit(1);
  return row ?? null;
}

/** Inserts the order; null on an order-number collision (the caller draws again). */
export async function insertOrder(db: Executor, values: NewOrder): Promise<OrderRow | null> {
  const [row] = await db
    .insert(ticketOrder)
    .values(values)
    .onConflictDoNothing({ target: [ticketOrder.sellerId, ticketOrder.orderNumber] })
    .returning();
  return row ?? null;
}

/** Moves the cart's live tickets to booked under the order; answers them. */
export async function bookCartTickets(tx: Executor, cartId: string, orderId: string) {
  return tx
    .update(ticket)
    .set({ state: 'booked', ticketOrderId: orderId })
    .where(and(eq(ticket.cartId, cartId), eq(ticket.state, 'in_cart')))
    .returning();
}

export async function completeCart(tx: Executor, cartId: string, now: Date) {
  await tx.update(cart).set({ state: 'completed', updatedAt: now }).where(eq(cart.id, cartId));
}

/** The handler of each group (gift cards are handler `ledger`). */
export async function selectGroupHandlers(db: Executor, groupIds: string[]) {
  if (groupIds.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: ticketGroup.id, handler: ticketGroup.handler })
    .from(ticketGroup)
    .where(inArray(ticketGroup.id, groupIds));
  return new Map(rows.map((r) => [r.id, r.handler]));
}

export async function selectOrderTickets(db: Executor, orderId: string) {
  return db
    .select()
    .from(ticket)
    .where(eq(ticket.ticketOrderId, orderId))
    .orderBy(ticket.createdAt, ticket.id);
}
