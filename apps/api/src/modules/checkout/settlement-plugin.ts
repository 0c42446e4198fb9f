import fp from 'fastify-plugin';
import type { IntentResult } from '@/modules/payments/card-gateway';
import type { IdempotencyOptions } from '@/modules/payments/idempotent-run';
import { createPaymentRecovery } from './recovery';
import { refundPayment } from './refund';
import { settlePayment, settleProcessingPayments, type SettlementDeps } from './settlement';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * settles processing payments and recovers interrupted ones: `tick()` and `recover()` are
     * polled by jobs/registry.ts (called in tests); `settle` records one payment's final answer
     * (the Stripe webhook); `idempotency(cartId)` the options a pay or checkout call runs its
     * Idempotency-Key with (the retry finishes a charged key through the recovery)
     */
    paymentSettlement: {
      tick(): Promise<number>;
      recover(): Promise<number>;
      settle(paymentId: string, result: IntentResult): ReturnType<typeof settlePayment>;
      idempotency(cartId: string): IdempotencyOptions;
    };
  }
}

/** How often one Stripe intent still processing is asked about again. */
export const PROVIDER_RECHECK_MS = 30_000;

/**
 * The payment job's work (one home for settlement and recovery, decision 0027), polled by
 * jobs/registry.ts every PAYMENT_SETTLE_POLL_MS (0: off, tests call `tick()` / `recover()`): it
 * settles processing payments (the sandbox's after SANDBOX_PROCESSING_MS) and recovers charged
 * payments whose request never finished (PAYMENT_RECOVERY=off disables that: the crash test's
 * control).
 */
export const paymentSettlementPlugin = fp(
  async (app) => {
    const { config, database, now } = app.deps;
    const log = app.log.child({ job: 'payments' });
    const publicIdentityId = async (seller: Parameters<SettlementDeps['publicIdentityId']>[0]) =>
      (await app.identities.publicIdentity(seller)).id;
    const recovery = createPaymentRecovery({
      db: database.db,
      now,
      log,
      publicIdentityId,
      leaseMs: config.PAYMENT_LEASE_MS,
    });
    const enabled = config.PAYMENT_RECOVERY === 'on';
    const deps: SettlementDeps = {
      db: database.db,
      now,
      publicIdentityId,
      onStranded: async (paymentId, err) => {
        log.error({ err, paymentId }, 'payment settled but no order could be made: refunding it');
        await refundPayment({ db: database.db, now, log }, paymentId, 'no_order');
      },
    };
    const tick = () =>
      settleProcessingPayments(deps, {
        sandboxProcessingMs: config.SANDBOX_PROCESSING_MS,
        providerRecheckMs: PROVIDER_RECHECK_MS,
      });
    const recover = async () => (enabled ? recovery.recover() : 0);
    app.decorate('paymentSettlement', {
      tick,
      recover,
      settle: (paymentId: string, result: IntentResult) => settlePayment(deps, paymentId, result),
      idempotency: (cartId: string): IdempotencyOptions => ({
        now,
        leaseMs: config.PAYMENT_LEASE_MS,
        cartId,
        finishCharged: enabled ? recovery.finishKey : null,
      }),
    });
  },
  // reads `app.identities` (the public identity a settled order falls back to)
  { name: 'payment-settlement', dependencies: ['sessions'] },
);
