import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { APP_HEADER, APP_HEADER_VALUE } from '@admit/contracts/constants';
import { seller } from '@/db/schema/identity';
import {
  PURCHASER,
  cardEntry,
  cartRows,
  checkoutCall,
  makeCart,
  orderOf,
  tokenize,
} from '@/modules/checkout/checkout-test-kit';
import { buildTestApp } from '@/testing/build-test-app';
import { errorOf, makeReserveScene, type ReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { assertProductionGateways, sellersWithUnannouncedSandbox } from './sandbox-mode';

const NOW = new Date('2029-06-01T12:00:00Z');
const FORGED = 'pm_sandbox_success_4242_deadbeef';

/**
 * Issue #12: no test card gateway in production unless the seller opts in to test mode (shown
 * on every storefront page), and sandbox tokens the server did not issue charge nothing.
 */
describeEachDatabase('sandbox gateway: production safety and signed tokens', (ctx) => {
  let testApp: FastifyInstance;
  let productionApp: FastifyInstance;
  let realShop: ReserveScene;
  let testShop: ReserveScene;
  beforeAll(async () => {
    testApp = await buildTestApp(ctx.database, { now: NOW, env: { MAIL_POLL_MS: '0' } });
    productionApp = await buildTestApp(ctx.database, {
      now: NOW,
      env: { NODE_ENV: 'production', PUBLIC_URL: 'https://t.example', MAIL_POLL_MS: '0' },
    });
    realShop = await makeReserveScene(ctx.db);
    testShop = await makeReserveScene(ctx.db, { sellerConfig: { test_mode: true } });
  });
  afterAll(async () => {
    await testApp.close();
    await productionApp.close();
  });

  const tokenizeFor = (app: FastifyInstance, slug: string | null) =>
    app.inject({
      method: 'POST',
      url: `/api/sandbox/payment_methods${slug ? `?_seller=${slug}` : ''}`,
      headers: { [APP_HEADER]: APP_HEADER_VALUE },
      payload: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' },
    });
  const guestCheckout = (
    app: FastifyInstance,
    scene: ReserveScene,
    cartId: string,
    source: string,
  ) =>
    checkoutCall(app, scene, {
      path: `cart/${cartId}/guest_checkout`,
      body: { ...cardEntry('25.00', source), purchaser: PURCHASER },
    });

  it('start-up in production refuses sellers on the sandbox without test mode, and names them', async () => {
    await expect(assertProductionGateways(ctx.db, { NODE_ENV: 'production' })).rejects.toThrow(
      new RegExp(`Refusing to start in production: .*${realShop.seller.slug}.*test_mode`),
    );
    expect(await sellersWithUnannouncedSandbox(ctx.db)).toEqual([realShop.seller.slug]);
    // development and tests start as before
    await expect(assertProductionGateways(ctx.db, { NODE_ENV: 'development' })).resolves.toBe(
      undefined,
    );
    // a seller with Stripe keys is fine; so is one that opted in to test mode
    const before = realShop.seller.config as Record<string, unknown>;
    await ctx.db
      .update(seller)
      .set({ config: { ...before, private: { stripe_secret_key: 'sk_test_123' } } })
      .where(eq(seller.id, realShop.seller.id));
    await expect(assertProductionGateways(ctx.db, { NODE_ENV: 'production' })).resolves.toBe(
      undefined,
    );
    await ctx.db.update(seller).set({ config: before }).where(eq(seller.id, realShop.seller.id));
  });

  it('production issues sandbox tokens only for a seller in test mode', async () => {
    const refused = await tokenizeFor(productionApp, realShop.seller.slug);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toMatchObject({ _code: 'forbidden', _context: 'stripe' });
    expect((await tokenizeFor(productionApp, null)).statusCode).toBe(403);
    // opted in: the sandbox works, and the storefront shows test mode (storefront-host.test.ts)
    const allowed = await tokenizeFor(productionApp, testShop.seller.slug);
    expect(allowed.statusCode).toBe(201);
    const source = (allowed.json() as { payment_method: { _data: { id: string }[] } })
      .payment_method._data[0]!.id;
    const cart = await makeCart(productionApp, testShop);
    orderOf(await guestCheckout(productionApp, testShop, cart.id, source));
    // outside production the sandbox needs no opt-in (development, tests, e2e)
    expect((await tokenizeFor(testApp, realShop.seller.slug)).statusCode).toBe(201);
  });

  it('refuses a token the server never issued, in every mode, and charges nothing', async () => {
    for (const [app, scene] of [
      [testApp, realShop],
      [productionApp, testShop],
    ] as const) {
      const cart = await makeCart(app, scene);
      const res = await guestCheckout(app, scene, cart.id, FORGED);
      expect(res.statusCode).toBe(422);
      expect(errorOf(res)).toMatchObject({
        _code: 'card_declined',
        _context: 'stripe',
        _description:
          'This payment method was not issued by this server. Please enter your card again.',
        _extra: { decline_code: 'invalid_payment_method' },
      });
      const rows = await cartRows(ctx.db, cart.id);
      expect(rows.orders).toEqual([]);
      expect(rows.payments.every((p) => p.state === 'failed')).toBe(true);
    }
  });

  it('refuses an issued token whose outcome or card was altered', async () => {
    const declined = await tokenize(testApp, '4000000000000002');
    expect(declined).toMatch(/^pm_sandbox_card_declined_0002_/);
    for (const altered of [
      declined.replace('card_declined', 'success'),
      declined.replace('_0002_', '_4242_'),
    ]) {
      const cart = await makeCart(testApp, realShop);
      const res = await guestCheckout(testApp, realShop, cart.id, altered);
      expect(errorOf(res)._extra).toMatchObject({ decline_code: 'invalid_payment_method' });
    }
    // control: the issued token itself is read (its own decline), and 4242 still pays
    const cart = await makeCart(testApp, realShop);
    expect(errorOf(await guestCheckout(testApp, realShop, cart.id, declined))._extra).toMatchObject(
      { decline_code: 'card_declined' },
    );
    const paid = await makeCart(testApp, realShop);
    orderOf(
      await guestCheckout(testApp, realShop, paid.id, await tokenize(testApp, '4242424242424242')),
    );
  });
});
