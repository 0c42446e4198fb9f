import type { FastifyInstance } from 'fastify';
import type { IntentResult } from '@/modules/payments/card-gateway';
import { settlePayment, settleProcessingPayments, type SettlementDeps } from './settlement';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * settles processing payments: `tick()` is polled by jobs/registry.ts (called in tests);
     * `settle` records one payment's final answer (the Stripe webhook)
     */
    paymentSettlement: {
      tick(): Promise<number>;
      settle(paymentId: string, result: IntentResult): ReturnType<typeof settlePayment>;
    };
  }
}

/** How often one Stripe intent still processing is asked about again. */
export const PROVIDER_RECHECK_MS = 30_000;

/**
 * The settlement of processing payments (settlement.ts), polled as a background job
 * (jobs/registry.ts) every PAYMENT_SETTLE_POLL_MS (0: off, tests call `tick()`); the sandbox's
 * settle after SANDBOX_PROCESSING_MS.
 */
export function registerPaymentSettlement(app: FastifyInstance) {
  const { config, database, now } = app.deps;
  const deps: SettlementDeps = {
    db: database.db,
    now,
    publicIdentityId: async (seller) => (await app.identities.publicIdentity(seller)).id,
    onStranded: (paymentId, err) =>
      app.log.error({ err, paymentId }, 'payment settled but no order could be made: refund it'),
  };
  const tick = () =>
    settleProcessingPayments(deps, {
      sandboxProcessingMs: config.SANDBOX_PROCESSING_MS,
      providerRecheckMs: PROVIDER_RECHECK_MS,
    });
  app.decorate('paymentSettlement', {
    tick,
    settle: (paymentId: string, result: IntentResult) => settlePayment(deps, paymentId, result),
  });
}
