import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AUTO_RENEW_LEAD_DAYS } from '@admit/contracts/membership';
import { renewalAllowedFrom } from '@/modules/memberships/term';
import { storefrontRootOf } from '@/modules/sellers/seller-site';
import { selectDueTerms } from './repo';
import { renewTerm, type AutoRenewDeps, type RenewOutcome } from './renew-term';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * the auto-renew job's pass (decision 0038): polled by jobs/registry.ts every
     * AUTO_RENEW_POLL_MS (0: off — tests call `run()` themselves)
     */
    autoRenew: { run(): Promise<Record<RenewOutcome, number>> };
  }
}

const BATCH = 50;
/** how long one pass owns a claimed term: longer than a charge and an order take */
export const AUTO_RENEW_LEASE_MS = 5 * 60_000;

/**
 * The auto-renew job (identity §3 Membership, Payment entry auto_renew; decision 0038): every
 * `scheduled` term that nothing renews yet is renewed from AUTO_RENEW_LEAD_DAYS (at most its
 * program's renewal period) before its valid_to, in the seller's time zone.
 */
export const autoRenewPlugin = fp(
  async (app) => {
    app.decorate('autoRenew', createAutoRenew(autoRenewDepsOf(app)));
  },
  {
    name: 'auto-renew',
    dependencies: ['cart-service', 'checkout-service', 'payment-settlement', 'sessions'],
  },
);

/**
 * What the job works with, from the app: the one cart and checkout services (the routes' own),
 * the payment job's keys.
 */
export function autoRenewDepsOf(app: FastifyInstance): AutoRenewDeps {
  const { database, now, config } = app.deps;
  const db = database.db;
  return {
    db,
    now,
    log: app.log.child({ job: 'auto-renew' }),
    cart: app.cart,
    checkout: app.checkout,
    idempotencyOf: (cartId) => app.paymentSettlement.idempotency(cartId),
    publicIdentityId: async (seller) => (await app.identities.publicIdentity(seller)).id,
    originOf: (seller) => storefrontRootOf(db, seller, config),
    leaseMs: AUTO_RENEW_LEASE_MS,
  };
}

/** The job's pass over the due terms. */
export function createAutoRenew(deps: AutoRenewDeps) {
  const { db, now } = deps;
  async function run() {
    const at = now();
    const counts: Record<RenewOutcome, number> = {
      renewed: 0,
      declined: 0,
      failed: 0,
      pending: 0,
      skipped: 0,
    };
    // a day more than the lead: the lead is counted in local days, the query in hours
    for (const due of await selectDueTerms(db, at, AUTO_RENEW_LEAD_DAYS + 1, BATCH)) {
      const lead = Math.min(AUTO_RENEW_LEAD_DAYS, due.renewalDays);
      if (at < renewalAllowedFrom(due.term.validTo, lead, due.timezone)) continue;
      try {
        counts[await renewTerm(deps, due)]++;
      } catch (err) {
        // one term's failure must not hold up the others; its claim was given up for a retry
        deps.log.error({ err, membershipId: due.term.id }, 'auto-renew: renewing a term failed');
      }
    }
    return counts;
  }
  return { run };
}
