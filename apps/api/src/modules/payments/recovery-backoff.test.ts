import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { payment } from '@/db/schema/payments';
import {
  PURCHASER,
  cardEntry,
  cartRows,
  checkoutCall,
  makeCart,
  newKey,
} from '@/modules/checkout/checkout-test-kit';
import { createPaymentRecovery } from '@/modules/checkout/recovery';
import { buildTestApp } from '@/testing/build-test-app';
import { makeReserveScene, type ReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { fakeStripe } from './fake-stripe-test-kit';
import { setStripeClientFactory } from './gateways';

/**
 * Issue 22 finding 12: the recovery called a failing Stripe every 2 s poll and logged each time
 * (569 errors for one payment). Now the n-th failure waits 2 s × 2^(n−1), at most 10 minutes,
 * the schedule is kept on the payment (a restarted job keeps it), and each attempt logs once.
 */

const START = new Date('2029-06-01T12:00:00Z').getTime();
const LEASE_MS = 30_000;
// the waits after the 1st, 2nd, … failure, in seconds: doubling from 2 s, capped at 10 minutes
const WAITS_S = [2, 4, 8, 16, 32, 64, 128, 256, 512, 600, 600];

describeEachDatabase('payment recovery: doubling waits between failed attempts', (ctx) => {
  let app: FastifyInstance;
  let scene: ReserveScene;
  let clock = START;
  const now = () => new Date(clock);
  const stripe = fakeStripe();

  beforeAll(async () => {
    setStripeClientFactory(() => stripe.client);
    app = await buildTestApp(ctx.database, { now, env: { MAIL_POLL_MS: '0' } });
    scene = await makeReserveScene(ctx.db, {
      sellerConfig: { private: { stripe_secret_key: 'sk_test_backoff' } },
    });
  });
  afterAll(async () => {
    setStripeClientFactory(null);
    await app.close();
  });

  /** A payment job as a fresh process would build it, with a log the test reads. */
  const newJob = () => {
    const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const recovery = createPaymentRecovery({
      db: ctx.db,
      now,
      log,
      leaseMs: LEASE_MS,
      publicIdentityId: async (seller) => (await app.identities.publicIdentity(seller)).id,
    });
    return { log, recover: () => recovery.recover() };
  };

  it('a Stripe call that keeps failing is tried again after 2, 4, 8 … s, at most every 10 minutes', async () => {
    const c = await makeCart(app, scene, 1);
    stripe.state.answer = () => {
      throw new Error('Stripe is unreachable');
    };
    const lost = await checkoutCall(app, scene, {
      path: `cart/${c.id}/guest_checkout`,
      key: newKey(),
      body: { ...cardEntry('25.00', 'pm_card_visa'), purchaser: PURCHASER },
    });
    expect(lost.statusCode).toBe(500);
    const [row] = (await cartRows(ctx.db, c.id)).payments;
    expect(row!.state).toBe('created');
    const calls = () => stripe.created.length;
    const firstCalls = calls();

    clock += LEASE_MS; // the request's lease is over: the job takes the payment on
    let job = newJob();
    const attemptTimes: number[] = [];
    for (const [i, wait] of WAITS_S.entries()) {
      const before = calls();
      await job.recover();
      expect(calls()).toBe(before + 1);
      attemptTimes.push(clock);
      // one log line per attempt: its number and when the next comes
      expect(job.log.error).toHaveBeenCalledTimes(1);
      expect(job.log.error).toHaveBeenCalledWith(
        expect.objectContaining({
          paymentId: row!.id,
          attempt: i + 1,
          nextAttemptAt: new Date(clock + wait * 1000).toISOString(),
        }),
        'payment recovery: confirming again failed',
      );
      const [stored] = await ctx.db.select().from(payment).where(eq(payment.id, row!.id));
      expect(stored!.recoveryAttempts).toBe(i + 1);
      expect(stored!.recoveryAt!.getTime()).toBe(clock + wait * 1000);
      // a restarted job (a fresh one) keeps the schedule: nothing until the wait is over
      job = newJob();
      clock += wait * 1000 - 1;
      await job.recover();
      await job.recover();
      expect(calls()).toBe(before + 1);
      expect(job.log.error).not.toHaveBeenCalled();
      clock += 1;
    }
    const gaps = attemptTimes.slice(1).map((t, i) => (t - attemptTimes[i]!) / 1000);
    expect(gaps).toEqual(WAITS_S.slice(0, -1));
    expect(calls() - firstCalls).toBe(WAITS_S.length);

    // Stripe answers again: the next attempt decides the payment and makes the order (the
    // payment in flight kept the cart's places held)
    stripe.state.answer = () => ({ id: 'pi_back', status: 'succeeded', client_secret: 's' });
    await job.recover();
    const done = await cartRows(ctx.db, c.id);
    expect(done.payments.map((p) => p.state)).toEqual(['succeeded']);
    expect(done.orders).toHaveLength(1);
  });
});
