import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '@/testing/build-test-app';
import { errorOf, makeReserveScene, type ReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import {
  PURCHASER,
  cardEntry,
  cartRows,
  checkoutCall,
  makeCart,
} from '@/modules/checkout/checkout-test-kit';
import { sweepExpiredCarts } from '@/modules/cart/expiry';
import { PROVIDER_RECHECK_MS } from '@/modules/checkout/settlement-plugin';
import { fakeStripe } from './fake-stripe-test-kit';
import { setStripeClientFactory } from './gateways';

/**
 * A Stripe intent that answers `processing` (identity §4 "pending"): the server asks Stripe
 * again (at most every PROVIDER_RECHECK_MS per payment) and makes the order once it succeeded,
 * or records the failure and lets the cart expire.
 */

const START = new Date('2029-06-01T12:00:00Z').getTime();
const WEBHOOK_SECRET = 'whsec_test_settlement';

describeEachDatabase('processing payments settle (Stripe)', (ctx) => {
  let app: FastifyInstance;
  let scene: ReserveScene;
  let clock = START;
  const stripe = fakeStripe();

  beforeAll(async () => {
    setStripeClientFactory(() => stripe.client);
    app = await buildTestApp(ctx.database, {
      now: () => new Date(clock),
      env: { MAIL_POLL_MS: '0' },
    });
    scene = await makeReserveScene(ctx.db, {
      sellerConfig: {
        private: { stripe_secret_key: 'sk_test_settlement', stripe_webhook_secret: WEBHOOK_SECRET },
      },
    });
  });
  afterAll(async () => {
    setStripeClientFactory(null);
    await app.close();
  });

  async function processingCheckout() {
    clock = START;
    stripe.state.answer = () => ({
      id: `pi_processing_${stripe.created.length}`,
      status: 'processing',
      client_secret: 'secret',
    });
    stripe.state.retrieved = 'processing';
    const c = await makeCart(app, scene, 1);
    const res = await checkoutCall(app, scene, {
      path: `cart/${c.id}/guest_checkout`,
      body: { ...cardEntry('25.00', 'pm_card_visa'), purchaser: PURCHASER },
    });
    expect(errorOf(res)._code).toBe('intent_processing');
    return c;
  }

  it('asks Stripe again no more often than the recheck interval, then makes the order', async () => {
    const c = await processingCheckout();
    stripe.retrievals.length = 0;
    clock += 1_000;
    expect(await app.paymentSettlement.tick()).toBe(0);
    expect(stripe.retrievals).toEqual([]); // too soon to ask
    clock += PROVIDER_RECHECK_MS;
    expect(await app.paymentSettlement.tick()).toBe(0);
    expect(stripe.retrievals).toEqual(['pi_processing_1']);
    clock += 1_000;
    expect(await app.paymentSettlement.tick()).toBe(0);
    expect(stripe.retrievals).toHaveLength(1); // asked a moment ago
    stripe.state.retrieved = 'succeeded';
    clock += PROVIDER_RECHECK_MS;
    expect(await app.paymentSettlement.tick()).toBe(1);
    const rows = await cartRows(ctx.db, c.id);
    expect(rows.payments.map((p) => [p.state, p.gatewayRef])).toEqual([
      ['succeeded', 'pi_processing_1'],
    ]);
    expect(rows.orders).toHaveLength(1);
    expect(rows.orders[0]!.email).toBe(PURCHASER.email);
  });

  // issue #22: the receipt of a payment settled by the poll lists its card, not just "Card"
  it('records the brand and last 4 of the card an intent settled by the poll was paid with', async () => {
    const c = await processingCheckout();
    stripe.state.retrieved = 'succeeded';
    stripe.state.card = { brand: 'amex', last4: '0005' };
    try {
      clock += PROVIDER_RECHECK_MS;
      expect(await app.paymentSettlement.tick()).toBe(1);
      const [row] = (await cartRows(ctx.db, c.id)).payments;
      expect(row!.state).toBe('succeeded');
      expect(row!.gatewayData).toMatchObject({ card_brand: 'amex', card_last4: '0005' });
    } finally {
      stripe.state.card = null;
    }
  });

  it('a failed intent is recorded as failed, no order, and the cart then expires', async () => {
    const c = await processingCheckout();
    stripe.state.retrieved = 'requires_payment_method';
    clock += 20 * 60_000;
    expect(await sweepExpiredCarts(ctx.db, new Date(clock))).toBe(0); // still in flight
    expect(await app.paymentSettlement.tick()).toBe(1);
    let rows = await cartRows(ctx.db, c.id);
    expect(rows.payments.map((p) => [p.state, p.errorCode])).toEqual([['failed', 'card_declined']]);
    expect(rows.orders).toEqual([]);
    expect(await sweepExpiredCarts(ctx.db, new Date(clock))).toBeGreaterThanOrEqual(1);
    rows = await cartRows(ctx.db, c.id);
    expect(rows.tickets.map((t) => t.state)).toEqual(['cancelled']);
  });

  /** POSTs a Stripe event to the seller's webhook, signed with `secret`. */
  function webhook(type: string, intent: Record<string, unknown>, secret = WEBHOOK_SECRET) {
    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type,
      data: { object: intent },
    });
    const header = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret,
      timestamp: Math.floor(Date.now() / 1000),
    });
    return app.inject({
      method: 'POST',
      url: `/webhooks/stripe/${scene.seller.slug}`,
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      payload,
    });
  }

  it('the webhook settles at once: a forged event is refused, a signed one makes the order', async () => {
    const c = await processingCheckout();
    // the fake names each intent after the count of intents created so far
    const succeeded = {
      id: `pi_processing_${stripe.created.length}`,
      object: 'payment_intent',
      status: 'succeeded',
      client_secret: null,
    };
    const forged = await webhook('payment_intent.succeeded', succeeded, 'whsec_someone_else');
    expect(forged.statusCode).toBe(400);
    expect((await cartRows(ctx.db, c.id)).orders).toEqual([]);
    // an event about something else, or an intent we do not know, is acknowledged and ignored
    expect((await webhook('charge.refunded', { id: 'ch_1' })).statusCode).toBe(200);
    expect(
      (await webhook('payment_intent.succeeded', { ...succeeded, id: 'pi_x' })).statusCode,
    ).toBe(200);
    expect((await cartRows(ctx.db, c.id)).orders).toEqual([]);

    const res = await webhook('payment_intent.succeeded', succeeded);
    expect(res.statusCode).toBe(200);
    const rows = await cartRows(ctx.db, c.id);
    expect(rows.payments.map((p) => p.state)).toEqual(['succeeded']);
    expect(rows.orders).toHaveLength(1);
    // Stripe retries deliveries: the same event again changes nothing
    expect((await webhook('payment_intent.succeeded', succeeded)).statusCode).toBe(200);
    expect((await cartRows(ctx.db, c.id)).orders).toHaveLength(1);
  });

  // issue #22: the event's intent names its payment method by id only; the card is read back
  it('the webhook records the brand and last 4 of the card, read from Stripe', async () => {
    const c = await processingCheckout();
    const id = `pi_processing_${stripe.created.length}`;
    stripe.state.retrieved = 'succeeded';
    stripe.state.card = { brand: 'visa', last4: '4242' };
    stripe.retrievals.length = 0;
    try {
      const event = { id, object: 'payment_intent', status: 'succeeded', payment_method: 'pm_1' };
      expect((await webhook('payment_intent.succeeded', event)).statusCode).toBe(200);
      expect(stripe.retrievals).toEqual([id]);
      const rows = await cartRows(ctx.db, c.id);
      expect(rows.orders).toHaveLength(1);
      expect(rows.payments[0]!.gatewayData).toMatchObject({
        card_brand: 'visa',
        card_last4: '4242',
      });
      // a delivery again: the payment is settled, Stripe is not asked again
      expect((await webhook('payment_intent.succeeded', event)).statusCode).toBe(200);
      expect(stripe.retrievals).toEqual([id]);
    } finally {
      stripe.state.card = null;
    }
  });

  it('the webhook settles even when Stripe cannot tell the card now (the receipt reads Card)', async () => {
    const c = await processingCheckout();
    const id = `pi_processing_${stripe.created.length}`;
    const retrieve = stripe.client.paymentIntents.retrieve;
    stripe.client.paymentIntents.retrieve = () => Promise.reject(new Error('Stripe is down'));
    try {
      const event = { id, object: 'payment_intent', status: 'succeeded', payment_method: 'pm_1' };
      expect((await webhook('payment_intent.succeeded', event)).statusCode).toBe(200);
      const rows = await cartRows(ctx.db, c.id);
      expect(rows.payments.map((p) => p.state)).toEqual(['succeeded']);
      expect(rows.orders).toHaveLength(1);
      expect(rows.payments[0]!.gatewayData).not.toHaveProperty('card_brand');
    } finally {
      stripe.client.paymentIntents.retrieve = retrieve;
    }
  });

  it('a payment_failed event fails the payment; a seller without a webhook secret has none', async () => {
    const c = await processingCheckout();
    const failed = {
      id: `pi_processing_${stripe.created.length}`,
      object: 'payment_intent',
      status: 'requires_payment_method',
      client_secret: null,
      last_payment_error: { code: 'card_declined', message: 'Your card was declined.' },
    };
    expect((await webhook('payment_intent.payment_failed', failed)).statusCode).toBe(200);
    expect((await cartRows(ctx.db, c.id)).payments.map((p) => [p.state, p.errorCode])).toEqual([
      ['failed', 'card_declined'],
    ]);
    const other = await makeReserveScene(ctx.db);
    const none = await app.inject({
      method: 'POST',
      url: `/webhooks/stripe/${other.seller.slug}`,
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
      payload: '{}',
    });
    expect(none.statusCode).toBe(404);
  });
});
