import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { APP_HEADER, APP_HEADER_VALUE } from '@admit/contracts/constants';
import {
  PURCHASER,
  cardEntry,
  cartRows,
  checkoutCall,
  makeCart,
  orderOf,
} from '@/modules/checkout/checkout-test-kit';
import { buildTestApp } from '@/testing/build-test-app';
import { errorOf, makeReserveScene, type ReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';

const NOW = new Date('2029-06-01T12:00:00Z');
const NOT_ISSUED =
  'This payment method was not issued by this server. Please enter your card again.';
const SPENT = 'This payment method was used for another payment. Please enter your card again.';

/**
 * Issue 22 finding 2: a sandbox token minted at a seller in test mode paid a real order at
 * another seller (no Stripe keys, added after start-up). A token is signed for the seller it
 * was minted at and pays the one payment that first confirms it; in production a seller not in
 * test mode takes no sandbox payment at all, whenever it was added.
 */
describeEachDatabase('sandbox tokens: bound to their seller and their payment', (ctx) => {
  let testApp: FastifyInstance;
  let productionApp: FastifyInstance;
  let shopA: ReserveScene;
  let shopB: ReserveScene;
  beforeAll(async () => {
    testApp = await buildTestApp(ctx.database, { now: NOW, env: { MAIL_POLL_MS: '0' } });
    productionApp = await buildTestApp(ctx.database, {
      now: NOW,
      env: { NODE_ENV: 'production', PUBLIC_URL: 'https://t.example', MAIL_POLL_MS: '0' },
    });
    shopA = await makeReserveScene(ctx.db, { sellerConfig: { test_mode: true } });
    shopB = await makeReserveScene(ctx.db, { sellerConfig: { test_mode: true } });
  });
  afterAll(async () => {
    await testApp.close();
    await productionApp.close();
  });

  async function tokenAt(app: FastifyInstance, scene: ReserveScene, number = '4242424242424242') {
    const res = await app.inject({
      method: 'POST',
      url: `/api/sandbox/payment_methods?_seller=${scene.seller.slug}`,
      headers: { [APP_HEADER]: APP_HEADER_VALUE },
      payload: { number, exp_month: 12, exp_year: 2034, cvc: '123' },
    });
    expect(res.statusCode).toBe(201);
    return (res.json() as { payment_method: { _data: { id: string }[] } }).payment_method._data[0]!
      .id;
  }
  const guestCheckout = async (app: FastifyInstance, scene: ReserveScene, source: string) => {
    const cart = await makeCart(app, scene);
    const res = await checkoutCall(app, scene, {
      path: `cart/${cart.id}/guest_checkout`,
      body: { ...cardEntry('25.00', source), purchaser: PURCHASER },
    });
    return { res, cartId: cart.id };
  };

  it("production: a seller added after start-up, not in test mode, refuses a test-mode seller's token", async () => {
    const token = await tokenAt(productionApp, shopA);
    const late = await makeReserveScene(ctx.db); // no Stripe keys, no test mode
    const { res, cartId } = await guestCheckout(productionApp, late, token);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toMatchObject({
      _code: 'forbidden',
      _context: 'stripe',
      _description: 'The test card gateway is not available: this store takes real payments.',
    });
    const rows = await cartRows(ctx.db, cartId);
    expect(rows.orders).toEqual([]);
    expect(rows.payments).toEqual([]);
    // control: the token pays at the seller it was minted for
    orderOf((await guestCheckout(productionApp, shopA, token)).res);
  });

  it('a _seller that cannot be a slug names no seller (404, never a 500 from the database)', async () => {
    for (const slug of ['a%00', 'no%20such', 'nobody']) {
      const res = await testApp.inject({
        method: 'POST',
        url: `/api/sandbox/payment_methods?_seller=${slug}`,
        headers: { [APP_HEADER]: APP_HEADER_VALUE },
        payload: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' },
      });
      expect(res.statusCode, slug).toBe(404);
      expect(errorOf(res)).toMatchObject({ _code: 'seller_not_found', _context: 'seller' });
    }
  });

  it('a token minted at one seller is refused at another, in every mode', async () => {
    for (const app of [testApp, productionApp]) {
      const token = await tokenAt(app, shopA);
      const { res, cartId } = await guestCheckout(app, shopB, token);
      expect(res.statusCode).toBe(422);
      expect(errorOf(res)).toMatchObject({
        _code: 'card_declined',
        _description: NOT_ISSUED,
        _extra: { decline_code: 'invalid_payment_method' },
      });
      const rows = await cartRows(ctx.db, cartId);
      expect(rows.orders).toEqual([]);
      expect(rows.payments.map((p) => p.state)).toEqual(['failed']);
      // control: seller B's own token pays there, and A's token still pays at A
      orderOf((await guestCheckout(app, shopB, await tokenAt(app, shopB))).res);
      orderOf((await guestCheckout(app, shopA, token)).res);
    }
  });

  it('a token pays one payment: another cart, or another attempt after a decline, is refused', async () => {
    const token = await tokenAt(testApp, shopA);
    orderOf((await guestCheckout(testApp, shopA, token)).res);
    const { res, cartId } = await guestCheckout(testApp, shopA, token);
    expect(res.statusCode).toBe(422);
    expect(errorOf(res)).toMatchObject({
      _code: 'card_declined',
      _description: SPENT,
      _extra: { decline_code: 'invalid_payment_method' },
    });
    expect((await cartRows(ctx.db, cartId)).orders).toEqual([]);
    // a declined card's token is spent too: the visitor enters the card again
    const declined = await tokenAt(testApp, shopA, '4000000000000002');
    const first = await guestCheckout(testApp, shopA, declined);
    expect(errorOf(first.res)._extra).toMatchObject({ decline_code: 'card_declined' });
    const again = await guestCheckout(testApp, shopA, declined);
    expect(errorOf(again.res)).toMatchObject({ _description: SPENT });
  });

  it('two carts racing one token: at most one is paid', async () => {
    const token = await tokenAt(testApp, shopA);
    const results = await Promise.all(
      Array.from({ length: 4 }, () => guestCheckout(testApp, shopA, token)),
    );
    const paid = results.filter((r) => r.res.statusCode === 201);
    expect(paid).toHaveLength(1);
    for (const r of results.filter((x) => x.res.statusCode !== 201)) {
      expect(errorOf(r.res)._extra).toMatchObject({ decline_code: 'invalid_payment_method' });
      expect((await cartRows(ctx.db, r.cartId)).orders).toEqual([]);
    }
  });
});
