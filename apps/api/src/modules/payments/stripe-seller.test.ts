import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { paymentActionExtraSchema } from '@admit/contracts/checkout';
import { SELLER_CONFIG_SCRIPT_ID, sellerConfigSchema } from '@admit/contracts/seller-config';
import { outbox } from '@/db/schema/mail';
import { buildTestApp } from '@/testing/build-test-app';
import { errorOf, makeReserveScene, type ReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import {
  PURCHASER,
  cardEntry,
  cartRows,
  checkoutCall,
  makeCart,
  orderOf,
} from '@/modules/checkout/checkout-test-kit';
import { setStripeClientFactory } from './gateways';
import { fakeStripe } from './fake-stripe-test-kit';
import type { StripeIntent } from './stripe-gateway';

/**
 * A seller with Stripe keys (decision 0022): the publishable key is public config, the secret
 * stays server-side, and a wallet payment method is charged like a card, in minor units.
 */

const NOW = new Date('2029-06-01T12:00:00Z');
const PUBLISHABLE = 'pk_test_admit_publishable';
const SECRET = 'sk_test_admit_secret_never_public';

describeEachDatabase('a seller with Stripe keys', (ctx) => {
  let app: FastifyInstance;
  let scene: ReserveScene;
  let dist: string;
  const stripe = fakeStripe();

  beforeAll(async () => {
    setStripeClientFactory((key) => {
      stripe.keys.push(key);
      return stripe.client;
    });
    dist = await mkdtemp(join(tmpdir(), 'admit-dist-'));
    await writeFile(
      join(dist, 'index.html'),
      '<!doctype html><html><head><!--admit:head--></head><body><!--admit:config--></body></html>',
    );
    await mkdir(join(dist, 'assets'));
    scene = await makeReserveScene(ctx.db, {
      sellerConfig: {
        checkout: { stripe_publishable_key: PUBLISHABLE },
        private: { stripe_secret_key: SECRET },
      },
    });
    app = await buildTestApp(ctx.database, {
      now: NOW,
      env: { MAIL_POLL_MS: '0', STOREFRONT_DIST: dist },
    });
  });
  afterAll(async () => {
    setStripeClientFactory(null);
    await app.close();
    await rm(dist, { recursive: true, force: true });
  });
  beforeEach(() => {
    stripe.created.length = 0;
  });

  const guestCheckout = (cartId: string, amount: string, source: string, extra = {}) =>
    checkoutCall(app, scene, {
      path: `cart/${cartId}/guest_checkout`,
      body: { ...cardEntry(amount, source, extra), purchaser: PURCHASER },
    });

  it('injects the publishable key into the page and never the secret key', async () => {
    const page = await app.inject({ method: 'GET', url: `/${scene.seller.slug}/events` });
    expect(page.statusCode).toBe(200);
    const match = new RegExp(
      `<script id="${SELLER_CONFIG_SCRIPT_ID}" type="application/json">([\\s\\S]*?)</script>`,
    ).exec(page.body);
    const injected = sellerConfigSchema.parse(JSON.parse(match![1]!));
    expect(injected.checkout.stripe_publishable_key).toBe(PUBLISHABLE);
    expect(page.body).not.toContain(SECRET);
    expect(page.body).not.toContain('stripe_secret_key');

    const read = await app.inject({
      method: 'GET',
      url: `/api/seller_config?_seller=${scene.seller.slug}`,
    });
    expect(read.json().seller_config._data[0].checkout.stripe_publishable_key).toBe(PUBLISHABLE);
    expect(read.body).not.toContain(SECRET);
    expect(read.body).not.toContain('"private"');
  });

  it('charges a wallet payment method like a card: Stripe gets minor units, the row says wallet', async () => {
    const c = await makeCart(app, scene, 2);
    const order = orderOf(
      await guestCheckout(c.id, '50.00', 'pm_wallet_1', { source_type: 'wallet' }),
    );
    expect(order.ticket._data.map((t) => t.state)).toEqual(['booked', 'booked']);
    expect(stripe.keys).toContain(SECRET);
    // spec: identity §7, §9 — the wallet amount is x100, i.e. our minor units unchanged
    expect(stripe.created).toEqual([
      expect.objectContaining({
        amount: 5000,
        currency: 'usd',
        payment_method: 'pm_wallet_1',
        payment_method_types: ['card'],
        confirm: true,
      }),
    ]);
    const [row] = (await cartRows(ctx.db, c.id)).payments;
    expect([row!.gatewayId, row!.amount, row!.state, row!.gatewayRef]).toEqual([
      'stripe',
      5000,
      'succeeded',
      'pi_1',
    ]);
    expect(row!.gatewayData).toMatchObject({ source_type: 'wallet', card_gateway: 'stripe' });
  });

  it('answers 402 with the client secret and no sandbox page, then completes on re-submission', async () => {
    stripe.state.answer = () => ({
      id: 'pi_3ds',
      status: 'requires_action',
      client_secret: 'pi_3ds_secret_abc',
      next_action: { redirect_to_url: null },
    });
    stripe.state.retrieved = 'requires_confirmation';
    try {
      const c = await makeCart(app, scene, 1);
      const first = await guestCheckout(c.id, '25.00', 'pm_card_3ds');
      expect(first.statusCode).toBe(402);
      const extra = paymentActionExtraSchema.parse(errorOf(first)._extra);
      expect(extra).toMatchObject({ client_secret: 'pi_3ds_secret_abc', next_action_url: null });
      const order = orderOf(
        await guestCheckout(c.id, '25.00', 'pm_card_3ds', {
          payment_intent_id: extra.payment_intent_id,
        }),
      );
      expect(order.ticket._data[0]!.state).toBe('booked');
      expect(stripe.created).toHaveLength(1);
    } finally {
      stripe.state.answer = () => ({
        id: 'pi_ok',
        status: 'succeeded',
        client_secret: 'pi_ok_secret',
      });
      stripe.state.retrieved = 'succeeded';
    }
  });

  // issue #22 "Receipts a finance team accepts": the card's brand and last 4, wallets included
  it.each([
    ['card', 'pm_card_visa', 'visa', '4242', 'Visa •••• 4242'],
    ['wallet', 'pm_wallet_mc', 'mastercard', '4444', 'Mastercard •••• 4444'],
  ])(
    'lists a Stripe %s payment on the receipt by brand and last 4',
    async (sourceType, source, brand, last4, label) => {
      // like Stripe: the payment method's card only when the create asked to expand it
      stripe.state.answer = (params): StripeIntent => {
        const card = { brand, last4, exp_month: 12, exp_year: 2034, fingerprint: 'fp_x' };
        const expanded = (params.expand as string[] | undefined)?.includes('payment_method');
        return {
          id: `pi_${source}`,
          status: 'succeeded',
          client_secret: `pi_${source}_secret`,
          payment_method: expanded ? { id: source, card } : source,
        };
      };
      try {
        await ctx.db.delete(outbox).where(eq(outbox.sellerId, scene.seller.id));
        const c = await makeCart(app, scene, 1);
        orderOf(await guestCheckout(c.id, '25.00', source, { source_type: sourceType }));
        const [row] = (await cartRows(ctx.db, c.id)).payments;
        // never more of the card than its brand and last 4
        expect(row!.gatewayData).toMatchObject({ card_brand: brand, card_last4: last4 });
        expect(JSON.stringify(row!.gatewayData)).not.toMatch(/exp_|fingerprint|fp_x/);
        const mails = await ctx.db
          .select()
          .from(outbox)
          .where(eq(outbox.toAddress, PURCHASER.email));
        expect(mails).toHaveLength(1);
        expect(mails[0]!.textBody).toContain(`Paid with ${label} $25.00`);
      } finally {
        stripe.state.answer = () => ({
          id: 'pi_ok',
          status: 'succeeded',
          client_secret: 'pi_ok_secret',
        });
      }
    },
  );

  it('declines a wallet whose postcode fails with incorrect_zip and keeps the cart', async () => {
    stripe.state.answer = () => {
      throw Object.assign(new Error("Your card's zip code failed validation."), {
        type: 'StripeCardError',
        code: 'incorrect_zip',
      });
    };
    const c = await makeCart(app, scene, 1);
    const res = await guestCheckout(c.id, '25.00', 'pm_wallet_zip', { source_type: 'wallet' });
    expect(res.statusCode).toBe(422);
    expect(errorOf(res)).toMatchObject({
      _code: 'incorrect_zip',
      _context: 'stripe',
      _description: "Your card's zip code failed validation.",
    });
    expect((await cartRows(ctx.db, c.id)).tickets.map((t) => t.state)).toEqual(['in_cart']);
  });
});
