import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@/db/connection';
import { cart } from '@/db/schema/cart';
import { idempotencyKey, payment } from '@/db/schema/payments';
import { creditBalance } from '@/modules/ledger/repo';
import { cardGatewayOfPayment } from '@/modules/payments/gateways';
import { recoveryDue, recoveryFailed } from '@/modules/payments/recovery-backoff';
import { updatePayment } from '@/modules/payments/repo';
import type { PaymentRow } from '@/db/schema/payments';

/**
 * Gives a payment's money back when no order can be made for it (decision 0027). The state
 * gate `succeeded → refunding` is won by one caller, which alone asks the gateway; a crash
 * after the gate leaves `refunding`, which the recovery resumes (`resume`) with the same
 * gateway idempotency key, so a refund is never made twice. A gift card draw is credited back
 * in the gate's own transaction.
 */

export type RefundLog = Pick<FastifyBaseLogger, 'info' | 'error' | 'warn'>;

export interface RefundDeps {
  db: Db;
  now: () => Date;
  log: RefundLog;
}

export async function refundPayment(
  deps: RefundDeps,
  paymentId: string,
  reason: string,
  options: { resume?: boolean } = {},
): Promise<PaymentRow | null> {
  const at = deps.now();
  const gated = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(payment).where(eq(payment.id, paymentId)).for('update');
    if (!row) return null;
    const resumable = options.resume && row.state === 'refunding';
    if (row.state !== 'succeeded' && !resumable) return null;
    const data = { ...(row.gatewayData as object), refund_reason: reason };
    if (row.gatewayId === 'ledger') {
      if (row.gatewayRef) await creditBalance(tx, row.gatewayRef, row.amount);
      return updatePayment(tx, row.id, { state: 'refunded', gatewayData: data }, at);
    }
    if (row.gatewayId !== 'stripe') return null; // `free` took nothing
    return updatePayment(tx, row.id, { state: 'refunding', gatewayData: data }, at);
  });
  if (!gated) return null;
  if (gated.state === 'refunding') {
    const gateway = await cardGatewayOfPayment(deps.db, gated);
    const refund = await gateway.refund({
      paymentId: gated.id,
      ref: gated.gatewayRef ?? gated.id,
      amountMinor: gated.amount,
    });
    const done = await updatePayment(
      deps.db,
      gated.id,
      {
        state: 'refunded',
        gatewayData: { ...(gated.gatewayData as object), refund_ref: refund.ref },
      },
      deps.now(),
    );
    logRefund(deps.log, done, reason);
    return done;
  }
  logRefund(deps.log, gated, reason);
  return gated;
}

function logRefund(log: RefundLog, row: PaymentRow, reason: string) {
  log.warn(
    {
      paymentId: row.id,
      cartId: row.cartId,
      sellerId: row.sellerId,
      gateway: row.gatewayId,
      amount: row.amount,
      currency: row.currency,
      reason,
    },
    'payment refunded: no order could be made for it',
  );
}

const BATCH = 50;

/** Money on carts that expired without an order (partial payments), and refunds cut short. */
export async function refundStranded(
  deps: RefundDeps & { leaseMs: number },
  at: Date,
): Promise<number> {
  const stale = new Date(at.getTime() - deps.leaseMs);
  const rows = await deps.db
    .select({ id: payment.id, state: payment.state })
    .from(payment)
    .innerJoin(cart, eq(cart.id, payment.cartId))
    .where(
      and(
        sql`((${payment.state} = 'succeeded' and ${cart.state} = 'expired'
        and ${inArray(payment.gatewayId, ['stripe', 'ledger'])}
        and not exists (select 1 from ${idempotencyKey}
          where ${idempotencyKey.paymentId} = ${payment.id}
            and ${idempotencyKey.state} = 'charged'))
        or (${payment.state} = 'refunding' and ${payment.updatedAt} <= ${stale.toISOString()}))`,
        // a refund the gateway keeps failing waits its turn (recovery-backoff.ts)
        recoveryDue(at),
      ),
    )
    .limit(BATCH);
  let done = 0;
  for (const r of rows) {
    const reason = r.state === 'refunding' ? 'refund_resumed' : 'cart_expired';
    try {
      if (await refundPayment(deps, r.id, reason, { resume: r.state === 'refunding' })) done++;
    } catch (error) {
      await recoveryFailed(deps, r.id, at, error, 'refund failed');
    }
  }
  return done;
}
