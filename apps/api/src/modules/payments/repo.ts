import { and, eq, inArray, sql } from 'drizzle-orm';
import { COUNTED_PAYMENT_STATES } from '@admit/contracts/cart';
import type { Db } from '@/db/connection';
import { payment, type NewPayment, type PaymentRow } from '@/db/schema/payments';

/** The payments module's SQL: payment rows (identity §3 "Payment entry", §4 "Payment intent"). */

type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'execute'>;

/** States that count toward the cart's total_payments (the cart module reads the same). */

export async function insertPayment(db: Executor, values: NewPayment): Promise<PaymentRow> {
  const [row] = await db.insert(payment).values(values).returning();
  if (!row) throw new Error('payment insert returned no row');
  return row;
}

export async function updatePayment(
  db: Executor,
  id: string,
  changes: Partial<Pick<PaymentRow, 'state' | 'gatewayRef' | 'errorCode' | 'gatewayData'>>,
  now: Date,
): Promise<PaymentRow> {
  const [row] = await db
    .update(payment)
    .set({ ...changes, updatedAt: now })
    .where(eq(payment.id, id))
    .returning();
  if (!row) throw new Error(`payment ${id} vanished`);
  return row;
}

export async function selectPayment(db: Executor, id: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payment).where(eq(payment.id, id)).limit(1);
  return row ?? null;
}

/** Minor units paid on the cart so far (succeeded or processing). */
export async function sumPaid(db: Executor, cartId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${payment.amount}), 0)` })
    .from(payment)
    .where(and(eq(payment.cartId, cartId), inArray(payment.state, [...COUNTED_PAYMENT_STATES])));
  return Number(row?.total ?? 0);
}

/**
 * The card payment an earlier attempt with this Idempotency-Key made on the cart: a retry after
 * a crash finds it instead of charging again.
 */
export async function selectPaymentByKey(
  db: Executor,
  cartId: string,
  idempotencyKey: string,
): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payment)
    .where(
      and(
        eq(payment.cartId, cartId),
        sql`${payment.gatewayData}->>'idempotency_key' = ${idempotencyKey}`,
      ),
    )
    .orderBy(payment.createdAt)
    .limit(1);
  return row ?? null;
}

/** A payment still processing (identity §4): the order waits for it (the pending screen). */
export async function selectProcessingPayment(db: Executor, cartId: string) {
  const [row] = await db
    .select({ id: payment.id })
    .from(payment)
    .where(and(eq(payment.cartId, cartId), eq(payment.state, 'processing')))
    .limit(1);
  return row ?? null;
}

/** A seller's Stripe payment by the provider's intent id (webhook events name the intent). */
export async function selectStripePaymentByRef(
  db: Executor,
  sellerId: string,
  ref: string,
): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payment)
    .where(
      and(
        eq(payment.sellerId, sellerId),
        eq(payment.gatewayId, 'stripe'),
        eq(payment.gatewayRef, ref),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The payments that took money on the cart (succeeded or processing), oldest first: a receipt's. */
export async function selectTakenPayments(db: Executor, cartId: string): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payment)
    .where(and(eq(payment.cartId, cartId), inArray(payment.state, [...COUNTED_PAYMENT_STATES])))
    .orderBy(payment.createdAt, payment.id);
}
