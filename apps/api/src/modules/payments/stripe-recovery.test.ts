import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { idempotencyKey } from '@/db/schema/payments';
import { sweepExpiredCarts } from '@/modules/cart/expiry';
import {
  PURCHASER,
  cardEntry,
  cartRows,
  checkoutCall,
  makeCart,
  newKey,
} from '@/modules/checkout/checkout-test-kit';
import { buildTestApp } from '@/testing/build-test-app';
import { errorOf, makeReserveScene, type ReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { fakeStripe } from './fake-stripe-test-kit';
import { setStripeClientFactory } from './gateways';

/**
 * A Stripe call that died mid-flight (decision 0027): the payment stays `created` and nobody
 * knows whether the card was charged. The recovery asks Stripe again under the same
 * idempotency key and, the cart having expired meanwhile, refunds through the Refunds API —
 * once, however many recoveries race.
 */

const START = new Date('2029-06-01T12:00:00Z').getTime();
const MINUTE = 60_000;

describeEachDatabase('payment recovery with Stripe', (ctx) => {
  let app: FastifyInstance;
  let scene: ReserveScene;
  let clock = START;
  const now = () => new Date(clock);
  const stripe = fakeStripe();

  beforeAll(async () => {
    setStripeClientFactory(() => stripe.client);
    app = await buildTestApp(ctx.database, { now, env: { MAIL_POLL_MS: '0' } });
    scene = await makeReserveScene(ctx.db, {
      sellerConfig: { private: { stripe_secret_key: 'sk_test_recovery' } },
    });
  });
  afterAll(async () => {
    setStripeClientFactory(null);
    await app.close();
  });

  it('confirms an interrupted intent again under the same key, then refunds it once', async () => {
    const c = await makeCart(app, scene, 1);
    const key = newKey();
    const body = {
      ...cardEntry('25.00', 'pm_card_visa', { description: 'Museum visit' }),
      purchaser: PURCHASER,
    };
    // Stripe charged the card, but the answer never came back
    stripe.state.answer = () => {
      throw new Error('socket hang up');
    };
    const lost = await checkoutCall(app, scene, { path: `cart/${c.id}/guest_checkout`, key, body });
    expect(lost.statusCode).toBe(500);
    const [row] = (await cartRows(ctx.db, c.id)).payments;
    expect(row!.state).toBe('created');
    stripe.state.answer = () => ({ id: 'pi_lost', status: 'succeeded', client_secret: 's' });

    // nobody retries; the hold runs out and the sweeper takes the places back
    clock += 30 * MINUTE;
    expect(await sweepExpiredCarts(ctx.db, now())).toBe(1);
    const results = await Promise.all([
      app.paymentSettlement.recover(),
      app.paymentSettlement.recover(),
    ]);
    expect(results.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(stripe.createKeys).toEqual([`admit-${row!.id}`, `admit-${row!.id}`]);
    // the same parameters too: Stripe refuses a reused idempotency key with others
    expect(stripe.created[1]).toEqual(stripe.created[0]);
    expect(stripe.created[0]).toMatchObject({ description: 'Museum visit' });
    expect(stripe.refunds).toEqual([
      {
        params: { payment_intent: 'pi_lost', amount: 2500 },
        idempotencyKey: `admit-refund-${row!.id}`,
      },
    ]);
    const done = await cartRows(ctx.db, c.id);
    expect(done.orders).toEqual([]);
    expect(done.payments.map((p) => p.state)).toEqual(['refunded']);
    const [k] = await ctx.db.select().from(idempotencyKey).where(eq(idempotencyKey.key, key));
    expect(k!.state).toBe('failed');

    // the client's retry, much later, gets the final answer: refunded, not charged again
    const retry = await checkoutCall(app, scene, {
      path: `cart/${c.id}/guest_checkout`,
      key,
      body,
    });
    expect(retry.statusCode).toBe(410);
    expect(errorOf(retry)).toMatchObject({ _code: 'cart_expired', _extra: { refunded: true } });
    expect(stripe.createKeys).toHaveLength(2);
    expect(stripe.refunds).toHaveLength(1);
    expect(await app.paymentSettlement.recover()).toBe(0);
  });
});
