import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/db/connection';
import { cart, ticket, ticketOrder, type NewOrder, type OrderRow } from '@/db/schema/cart';
import { ticketGroup } from '@/db/schema/catalog';
import { orderEdit, orderEditTicket, type OrderEditRow } from '@/db/schema/aftersale';
import { ticketScanCodeSql } from './codes';

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

/** One ticket's figures as its cart charged them, minor units (decision 0047). */
export interface TicketChargeRow {
  id: string;
  adjusted: number;
  fixed: number;
  percent: number;
}

/**
 * Freezes what the cart's tickets are charged, in the order transaction before they are booked:
 * adjusted value, service charge and tax as the checkout priced them, in one statement.
 */
export async function freezeTicketCharges(tx: Executor, cartId: string, rows: TicketChargeRow[]) {
  if (rows.length === 0) return;
  await tx.execute(sql`
    update ticket t
    set adjusted_value = v.adjusted, fee_fixed_outside = v.fixed, fee_percent_outside = v.percent
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as v(id uuid, adjusted integer, fixed integer, percent integer)
    where t.id = v.id and t.cart_id = ${cartId}::uuid and t.state = 'in_cart'`);
}

/** Moves the cart's live tickets to booked under the order, each with its scan code; answers them. */
export async function bookCartTickets(tx: Executor, cartId: string, order: OrderRow) {
  return tx
    .update(ticket)
    .set({
      state: 'booked',
      ticketOrderId: order.id,
      scanCode: order.scanCode ? ticketScanCodeSql(order.scanCode, ticket.id) : null,
    })
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

/** Locks an order row (SELECT … FOR UPDATE): one change of an order at a time (decision 0036). */
export async function lockOrderRow(tx: Executor, orderId: string): Promise<OrderRow | null> {
  const [row] = await tx
    .select()
    .from(ticketOrder)
    .where(eq(ticketOrder.id, orderId))
    .for('update');
  return row ?? null;
}

/** The edit a cart is, if it is one (decision 0036). */
export async function selectOrderEdit(db: Executor, cartId: string): Promise<OrderEditRow | null> {
  const [row] = await db.select().from(orderEdit).where(eq(orderEdit.cartId, cartId)).limit(1);
  return row ?? null;
}

/** The order tickets an edit takes away, with their replacements. */
export function selectEditTickets(db: Executor, cartId: string) {
  return db.select().from(orderEditTicket).where(eq(orderEditTicket.cartId, cartId));
}

/** The carts whose money belongs to the order: its own and its committed edits'. */
export async function orderCartIds(db: Executor, order: OrderRow): Promise<string[]> {
  const edits = await db
    .select({ id: cart.id })
    .from(orderEdit)
    .innerJoin(cart, eq(cart.id, orderEdit.cartId))
    .where(and(eq(orderEdit.ticketOrderId, order.id), eq(cart.state, 'completed')));
  return [order.cartId, ...edits.map((e) => e.id)];
}

/** Writes an order's totals after a change (identity §3 ticket_order_fees). */
export async function updateOrderTotals(tx: Executor, orderId: string, totals: OrderTotalsRow) {
  const [row] = await tx
    .update(ticketOrder)
    .set(totals)
    .where(eq(ticketOrder.id, orderId))
    .returning();
  return row!;
}

export type OrderTotalsRow = Pick<
  OrderRow,
  | 'totalBeforeCartmodPrice'
  | 'totalFeeFixedOutside'
  | 'totalFeePercentOutside'
  | 'totalCartmodAmount'
  | 'totalAfterFeesPrice'
>;
