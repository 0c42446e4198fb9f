import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { orderEdit, orderEditTicket } from '@/db/schema/aftersale';
import { cart, type OrderRow } from '@/db/schema/cart';
import { payment } from '@/db/schema/payments';
import type { Executor } from '@/db/transaction';
import { insertCart } from '@/modules/cart/repo';

/** The order edit's SQL (decision 0036): its cart, the tickets it takes away, its credit. */

/** The gateway of an edit's credit: what the taken-away tickets were worth, never money. */
export const ORDER_CREDIT_GATEWAY = 'order_credit';

/** The order's edit cart still open at `now`, if any (at most one: opened under the order lock). */
export async function selectOpenEdit(db: Executor, orderId: string, now: Date) {
  const [row] = await db
    .select({ edit: orderEdit, cart })
    .from(orderEdit)
    .innerJoin(cart, eq(cart.id, orderEdit.cartId))
    .where(
      and(eq(orderEdit.ticketOrderId, orderId), eq(cart.state, 'pending'), gt(cart.expiresAt, now)),
    )
    .orderBy(desc(cart.createdAt))
    .limit(1);
  return row ?? null;
}

/** The order's most recent edit cart in any state. */
export async function selectLatestEdit(db: Executor, orderId: string) {
  const [row] = await db
    .select({ edit: orderEdit, cart })
    .from(orderEdit)
    .innerJoin(cart, eq(cart.id, orderEdit.cartId))
    .where(eq(orderEdit.ticketOrderId, orderId))
    // an open one first: edits made within one clock tick share their created_at
    .orderBy(desc(sql`${cart.state} = 'pending'`), desc(cart.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * A new edit cart of the order (the visitor's edit, the office's move): pending until
 * `expiresAt`, the order's buyer's (no cart route reaches it, only the order's own calls do),
 * with the order's checkout answers kept (decision 0080: the edit's checkout asks nothing again),
 * marked as the order's edit so the order's money reads find it once it is completed.
 */
export async function insertEditCart(
  tx: Executor,
  input: {
    order: OrderRow;
    channel: 'manage' | 'office';
    accessSecret: string | null;
    expiresAt: Date;
    at: Date;
  },
) {
  const { order, at } = input;
  const row = await insertCart(tx, {
    sellerId: order.sellerId,
    identityId: order.identityId,
    channel: input.channel,
    additionalInfo: order.additionalInfo ?? null,
    expiresAt: input.expiresAt,
    createdAt: at,
    updatedAt: at,
  });
  await insertOrderEdit(tx, {
    cartId: row.id,
    ticketOrderId: order.id,
    accessSecret: input.accessSecret,
    createdAt: at,
  });
  return row;
}

export async function insertOrderEdit(
  tx: Executor,
  values: typeof orderEdit.$inferInsert,
): Promise<void> {
  await tx.insert(orderEdit).values(values);
}

export function selectEditChanges(db: Executor, cartId: string) {
  return db.select().from(orderEditTicket).where(eq(orderEditTicket.cartId, cartId));
}

export async function insertEditChanges(
  tx: Executor,
  rows: (typeof orderEditTicket.$inferInsert)[],
): Promise<void> {
  if (rows.length > 0) await tx.insert(orderEditTicket).values(rows);
}

export async function deleteEditChanges(tx: Executor, cartId: string, ticketIds: string[]) {
  if (ticketIds.length === 0) return;
  await tx
    .delete(orderEditTicket)
    .where(and(eq(orderEditTicket.cartId, cartId), inArray(orderEditTicket.ticketId, ticketIds)));
}

/** Money paid or in flight on the edit cart (its credit aside): the edit is then closed. */
export async function hasEditPayments(db: Executor, cartId: string): Promise<boolean> {
  const rows = await db
    .select({ id: payment.id })
    .from(payment)
    .where(
      and(
        eq(payment.cartId, cartId),
        inArray(payment.gatewayId, ['stripe', 'ledger']),
        inArray(payment.state, ['created', 'requires_action', 'processing', 'succeeded']),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * The edit's credit as a payment of its cart (decision 0036): the cart's totals then read
 * outstanding = new tickets − credit, and the checkout charges only the difference.
 */
export async function writeEditCredit(
  tx: Executor,
  input: {
    sellerId: string;
    cartId: string;
    orderId: string;
    amount: number;
    currency: string;
    now: Date;
  },
) {
  await tx
    .delete(payment)
    .where(and(eq(payment.cartId, input.cartId), eq(payment.gatewayId, ORDER_CREDIT_GATEWAY)));
  if (input.amount <= 0) return;
  await tx.insert(payment).values({
    sellerId: input.sellerId,
    cartId: input.cartId,
    gatewayId: ORDER_CREDIT_GATEWAY,
    amount: input.amount,
    currency: input.currency,
    state: 'succeeded',
    gatewayRef: input.orderId,
    createdAt: input.now,
    updatedAt: input.now,
  });
}

/** Ends an edit early (Cancel on the manage page): the state gate pending → expired. */
export async function closeEditCart(tx: Executor, cartId: string, now: Date) {
  const rows = await tx
    .update(cart)
    .set({ state: 'expired', updatedAt: now })
    .where(and(eq(cart.id, cartId), eq(cart.state, 'pending')))
    .returning({ id: cart.id });
  return rows.length > 0;
}

/** Whole seconds left on the edit (never negative). */
export const secondsLeft = (expiresAt: Date, now: Date) =>
  Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));
