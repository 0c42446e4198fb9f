import { and, desc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@/db/connection';
import { paymentRefund, type PaymentRefundRow } from '@/db/schema/aftersale';
import { payment, type PaymentRow } from '@/db/schema/payments';
import type { Executor } from '@/db/transaction';
import { creditBalance } from '@/modules/ledger/repo';
import { cardGatewayOfPayment } from './gateways';
import { recoveryDue, recoveryFailed } from './recovery-backoff';
import { selectPayment } from './repo';

/**
 * Refunds of part of an order's payments (decision 0036): what a cancel or an order edit gives
 * back. The amount is split over the order's payments in the transaction that changes the
 * order (`allocateRefunds`): a gift card's part is credited back to the card there and then, a
 * card's part is written `pending`. After the commit the request moves each pending refund
 * through the gate `pending → refunding` (one winner, which alone calls the gateway, with the
 * refund's id as the gateway's idempotency key) to `refunded`; a crash leaves `pending` or
 * `refunding`, which the payment job resumes (`resumeRefunds`) under the same key.
 */

/** Gateways whose payments are money (the edit's `order_credit` and `free` are not). */
const MONEY_GATEWAYS = ['stripe', 'ledger'];

// qualified by hand: inside a subquery drizzle would name the columns without their tables
const refundedSoFar = sql<string>`coalesce((select sum(r.amount) from payment_refund r
  where r.payment_id = "payment"."id"), 0)`;

/** The order's money payments in refund order, with what each still holds (amount − refunds). */
export async function refundablePayments(tx: Executor, cartIds: string[]) {
  if (cartIds.length === 0) return [];
  const rows = await tx
    .select({ payment, refunded: refundedSoFar })
    .from(payment)
    .where(
      and(
        inArray(payment.cartId, cartIds),
        inArray(payment.gatewayId, MONEY_GATEWAYS),
        eq(payment.state, 'succeeded'),
      ),
    )
    // cards before gift cards (the buyer's money back on the card, a gift card's part stays
    // store credit only when the card cannot take it), then the latest payment first
    .orderBy(sql`${payment.gatewayId} = 'ledger'`, desc(payment.createdAt), desc(payment.id));
  return rows.map((r) => ({ payment: r.payment, holds: r.payment.amount - Number(r.refunded) }));
}

/** Money kept from the order's payments: paid, less every refund (minor units). */
export async function netPaid(tx: Executor, cartIds: string[]): Promise<number> {
  return (await refundablePayments(tx, cartIds)).reduce((n, p) => n + p.holds, 0);
}

export interface RefundAllocation {
  sellerId: string;
  orderId: string;
  /** the order's carts: its own and its committed edits' */
  cartIds: string[];
  amount: number;
  currency: string;
  reason: 'order_cancel' | 'order_update';
  now: Date;
}

/**
 * Splits `amount` over the order's payments, card payments first and gift cards last, inside
 * the caller's transaction.
 * Answers the refunds written; gift card parts are already `refunded`.
 */
export async function allocateRefunds(
  tx: Executor,
  input: RefundAllocation,
): Promise<PaymentRefundRow[]> {
  let left = input.amount;
  const written: PaymentRefundRow[] = [];
  for (const { payment: paid, holds } of await refundablePayments(tx, input.cartIds)) {
    if (left <= 0) break;
    const part = Math.min(left, holds);
    if (part <= 0) continue;
    const ledger = paid.gatewayId === 'ledger';
    // spec (issue #15): the gift-card part goes back to the card's balance, in this transaction
    if (ledger && paid.gatewayRef) await creditBalance(tx, paid.gatewayRef, part);
    const [row] = await tx
      .insert(paymentRefund)
      .values({
        sellerId: input.sellerId,
        paymentId: paid.id,
        ticketOrderId: input.orderId,
        amount: part,
        currency: input.currency,
        state: ledger ? 'refunded' : 'pending',
        reason: input.reason,
        createdAt: input.now,
        updatedAt: input.now,
      })
      .returning();
    written.push(row!);
    left -= part;
  }
  if (left > 0)
    throw new Error(`order ${input.orderId}: ${left} to refund but no payment holds it`);
  return written;
}

export interface RefundRunDeps {
  db: Db;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'info' | 'error' | 'warn'>;
}

/**
 * Gives one refund's money back through the card gateway that took it. The gate admits a
 * `pending` refund, or a `refunding` one older than `staleBefore` (its caller died mid-call);
 * only the winner calls the gateway. Answers the refund as it ends, null when not admitted.
 */
export async function executeRefund(
  deps: RefundRunDeps,
  refundId: string,
  staleBefore: Date | null = null,
): Promise<PaymentRefundRow | null> {
  const at = deps.now();
  const [gated] = await deps.db
    .update(paymentRefund)
    .set({ state: 'refunding', updatedAt: at })
    .where(
      and(
        eq(paymentRefund.id, refundId),
        or(
          eq(paymentRefund.state, 'pending'),
          staleBefore
            ? and(eq(paymentRefund.state, 'refunding'), lte(paymentRefund.updatedAt, staleBefore))
            : sql`false`,
        ),
      ),
    )
    .returning();
  if (!gated) return null;
  const paid = (await selectPayment(deps.db, gated.paymentId)) as PaymentRow;
  const gateway = await cardGatewayOfPayment(deps.db, paid);
  const refund = await gateway.refund({
    // the refund's own id: Stripe's idempotency key `admit-refund-{id}`, one refund per row
    paymentId: gated.id,
    ref: paid.gatewayRef ?? paid.id,
    amountMinor: gated.amount,
  });
  const [done] = await deps.db
    .update(paymentRefund)
    .set({ state: 'refunded', gatewayRef: refund.ref, updatedAt: deps.now() })
    .where(eq(paymentRefund.id, gated.id))
    .returning();
  deps.log.info(
    { refundId: gated.id, paymentId: paid.id, orderId: gated.ticketOrderId, amount: gated.amount },
    'refund made',
  );
  return done ?? null;
}

/** Runs the refunds a request has just written; a failure is left to the payment job. */
export async function executeRefunds(deps: RefundRunDeps, rows: PaymentRefundRow[]) {
  for (const row of rows) {
    if (row.state !== 'pending') continue;
    try {
      await executeRefund(deps, row.id);
    } catch (error) {
      deps.log.error({ err: error, refundId: row.id }, 'refund failed; the payment job retries');
    }
  }
}

const BATCH = 50;

/** Refunds whose request died before or during the gateway call (older than the lease). */
export async function resumeRefunds(
  deps: RefundRunDeps & { leaseMs: number },
  at: Date,
): Promise<number> {
  const stale = new Date(at.getTime() - deps.leaseMs);
  const rows = await deps.db
    .select({ id: paymentRefund.id, paymentId: paymentRefund.paymentId })
    .from(paymentRefund)
    .innerJoin(payment, eq(payment.id, paymentRefund.paymentId))
    .where(
      and(
        inArray(paymentRefund.state, ['pending', 'refunding']),
        lte(paymentRefund.updatedAt, stale),
        // a refund the gateway keeps failing waits its turn (recovery-backoff.ts)
        recoveryDue(at),
      ),
    )
    .limit(BATCH);
  let done = 0;
  for (const { id, paymentId } of rows) {
    try {
      if (await executeRefund(deps, id, stale)) done++;
    } catch (error) {
      await recoveryFailed(deps, paymentId, at, error, 'a refund failed', { refundId: id });
    }
  }
  return done;
}
