import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { paymentRefund } from '@/db/schema/aftersale';
import { payment } from '@/db/schema/payments';
import {
  PURCHASER,
  cardEntry,
  checkoutCall,
  makeCart,
  orderOf,
} from '@/modules/checkout/checkout-test-kit';
import { fakeStripe } from '@/modules/payments/fake-stripe-test-kit';
import { setStripeClientFactory } from '@/modules/payments/gateways';
import { buildTestApp } from '@/testing/build-test-app';
import { makeReserveScene, type ReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { RULES_ON, manageCall } from './manage-test-kit';

/**
 * A cancel of a Stripe-paid order refunds part of the payment through the Refunds API: the
 * intent, the amount, and the refund row's own idempotency key (decision 0036); a gateway
 * failure leaves the refund for the payment job, which makes it once with the same key.
 */

const START = new Date('2029-06-01T12:00:00Z').getTime();

describeEachDatabase('manage: refunds through Stripe', (ctx) => {
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
        private: { stripe_secret_key: 'sk_test_refunds' },
        self_edit_rules: RULES_ON,
      },
    });
  });
  afterAll(async () => {
    setStripeClientFactory(null);
    await app.close();
  });

  const buy = async () => {
    const c = await makeCart(app, scene, 2);
    const order = orderOf(
      await checkoutCall(app, scene, {
        path: `cart/${c.id}/guest_checkout`,
        body: { ...cardEntry('50.00', 'pm_card_visa'), purchaser: PURCHASER },
      }),
    );
    const [paid] = await ctx.db.select().from(payment).where(eq(payment.cartId, c.id));
    return { order, intent: paid!.gatewayRef! };
  };

  it('refunds the cancelled ticket’s part of the intent, keyed by the refund', async () => {
    const { order, intent } = await buy();
    const orderId = order.ticket_order._data[0]!.id;
    const res = await manageCall(app, scene, {
      path: `ticket_order/${orderId}/cancel`,
      secret: order.access_secret,
      body: { tickets: [order.ticket._data[0]!.id] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [refund] = await ctx.db
      .select()
      .from(paymentRefund)
      .where(eq(paymentRefund.ticketOrderId, orderId));
    expect(refund).toMatchObject({ amount: 2500, state: 'refunded' });
    expect(stripe.refunds.at(-1)).toEqual({
      params: { payment_intent: intent, amount: 2500 },
      idempotencyKey: `admit-refund-${refund!.id}`,
    });
  });

  it('leaves a refund the gateway failed for the payment job, which makes it once', async () => {
    const { order } = await buy();
    const orderId = order.ticket_order._data[0]!.id;
    const create = stripe.client.refunds.create;
    stripe.client.refunds.create = async () => {
      throw new Error('Stripe is down');
    };
    try {
      const res = await manageCall(app, scene, {
        path: `ticket_order/${orderId}/cancel`,
        secret: order.access_secret,
        body: { tickets: [order.ticket._data[1]!.id] },
      });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      stripe.client.refunds.create = create;
    }
    const stuck = async () =>
      (
        await ctx.db.select().from(paymentRefund).where(eq(paymentRefund.ticketOrderId, orderId))
      )[0]!;
    expect((await stuck()).state).toBe('refunding');
    const before = stripe.refunds.length;
    expect(await app.paymentSettlement.recover()).toBe(0); // still within the lease
    clock += 60_000;
    try {
      expect(await app.paymentSettlement.recover()).toBe(1);
      expect(await app.paymentSettlement.recover()).toBe(0);
    } finally {
      clock = START;
    }
    expect((await stuck()).state).toBe('refunded');
    expect(stripe.refunds.length).toBe(before + 1);
    expect(stripe.refunds.at(-1)!.idempotencyKey).toBe(`admit-refund-${(await stuck()).id}`);
  });
});
