import { and, eq, lte, sql } from 'drizzle-orm';
import { idempotencyKey, payment } from '@/db/schema/payments';
import { cardGatewayOfPayment } from '@/modules/payments/gateways';
import { releaseLease, takeLease, type StoredAnswer } from '@/modules/payments/idempotency';
import { selectPayment } from '@/modules/payments/repo';
import { recoveryDue, recoveryFailed } from '@/modules/payments/recovery-backoff';
import { confirmInputOf } from '@/modules/payments/saved-methods';
import { recordIntentResult } from './charge';
import type { RecoveryDeps } from './recovery';

const BATCH = 50;

/**
 * A crash during the gateway call leaves the payment `created` and its key `started`: whether
 * the card was charged is unknown. Once the key's lease is over, the recovery asks the gateway
 * again with the same payment id and token (the gateway's idempotency answers the first
 * intent, never a second charge) and records the answer; a success is then finished like any
 * charged key (decision 0027). Answers how many payments it decided.
 */
export async function reconfirmCreated(
  deps: RecoveryDeps,
  at: Date,
  finishKey: (keyId: string, leaseHeld: boolean) => Promise<StoredAnswer | null>,
): Promise<number> {
  const { db } = deps;
  const rows = await db
    .select({ keyId: idempotencyKey.id, paymentId: payment.id })
    .from(idempotencyKey)
    .innerJoin(
      payment,
      and(
        eq(payment.cartId, idempotencyKey.cartId),
        sql`${payment.gatewayData}->>'idempotency_key' = ${idempotencyKey.key}`,
      ),
    )
    .where(
      and(
        eq(idempotencyKey.state, 'started'),
        lte(idempotencyKey.leaseUntil, at),
        eq(payment.state, 'created'),
        eq(payment.gatewayId, 'stripe'),
        recoveryDue(at),
      ),
    )
    .limit(BATCH);
  let decided = 0;
  for (const { keyId, paymentId } of rows) {
    const key = await takeLease(db, keyId, 'started', at, deps.leaseMs);
    if (!key) continue; // a retry or another process has it
    try {
      const row = await selectPayment(db, paymentId);
      // the same parameters as the first call (same idempotency key)
      const input = row ? confirmInputOf(row) : null;
      if (!row || row.state !== 'created' || !input) continue;
      const gateway = await cardGatewayOfPayment(db, row);
      const result = await gateway.confirm(input);
      const updated = await recordIntentResult(db, key, row, result, at);
      deps.log.info(
        { paymentId: row.id, cartId: row.cartId, state: updated.state },
        'payment recovery: an interrupted card payment was confirmed again',
      );
      decided++;
      // charged: the order or the refund now; otherwise nothing was taken and the retry of
      // the key runs the request again
      if (updated.state === 'succeeded') await finishKey(key.id, true);
    } catch (error) {
      await recoveryFailed(deps, paymentId, at, error, 'confirming again failed');
    } finally {
      const now = await db
        .select({ state: idempotencyKey.state })
        .from(idempotencyKey)
        .where(eq(idempotencyKey.id, key.id));
      if (now[0]?.state === 'started') await releaseLease(db, key.id, deps.now());
    }
  }
  return decided;
}
