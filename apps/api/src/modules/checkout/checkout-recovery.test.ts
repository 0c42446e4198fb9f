import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { APP_HEADER, APP_HEADER_VALUE } from '@admit/contracts/constants';
import { cart } from '@/db/schema/cart';
import { idempotencyKey } from '@/db/schema/payments';
import { sweepExpiredCarts } from '@/modules/cart/expiry';
import { orderTestHooks } from '@/modules/orders/service';
import { idempotencyTestHooks } from '@/modules/payments/idempotent-run';
import { createPaymentRecovery } from './recovery';
import { buildTestApp } from '@/testing/build-test-app';
import { errorOf, makeReserveScene, type ReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import {
  PURCHASER,
  cardEntry,
  cartRows,
  checkoutCall,
  makeCart,
  newKey,
  orderOf,
  tokenize,
} from './checkout-test-kit';

/**
 * Payments always settle one way or the other (decision 0027): a retry with the same key after
 * a crash at any point answers the final result; the recovery job makes the order or refunds;
 * a cart with a charged payment is never expired until that is decided.
 */

const START = new Date('2029-06-01T12:00:00Z').getTime();
const MINUTE = 60_000;

describeEachDatabase('payment recovery after a crash', (ctx) => {
  let app: FastifyInstance;
  let scene: ReserveScene;
  let clock = START;
  const now = () => new Date(clock);

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, {
      now,
      env: { MAIL_POLL_MS: '0', PAYMENT_LEASE_MS: '30000' },
    });
    scene = await makeReserveScene(ctx.db);
  });
  afterEach(() => {
    clock = START;
    orderTestHooks.beforeCommit = null;
    idempotencyTestHooks.beforeStore = null;
  });
  afterAll(async () => {
    await app.close();
  });

  const crashInOrder = () => {
    orderTestHooks.beforeCommit = () => {
      throw new Error('simulated crash inside the order transaction');
    };
  };

  /** A guest checkout whose process "dies" at the armed point: answers the call's parts. */
  async function crashedCheckout(quantity = 1) {
    const c = await makeCart(app, scene, quantity);
    const key = newKey();
    const body = {
      ...cardEntry((25 * quantity).toFixed(2), await tokenize(app, '4242424242424242')),
      purchaser: PURCHASER,
    };
    const call = () => checkoutCall(app, scene, { path: `cart/${c.id}/guest_checkout`, key, body });
    const crashed = await call();
    expect(crashed.statusCode).toBe(500);
    orderTestHooks.beforeCommit = null;
    idempotencyTestHooks.beforeStore = null;
    return { cartId: c.id, key, call };
  }

  const keyRow = async (key: string) =>
    (await ctx.db.select().from(idempotencyKey).where(eq(idempotencyKey.key, key)))[0]!;

  const readOrder = (id: string, secret: string) =>
    app.inject({
      method: 'GET',
      url: `/api/ticket_order/${id}?_seller=${scene.seller.slug}&secret=${secret}`,
      headers: { [APP_HEADER]: APP_HEADER_VALUE },
    });

  it('after the charge, before the order: the job makes the order and the retry answers it', async () => {
    crashInOrder();
    const { cartId, key, call } = await crashedCheckout(2);
    expect((await keyRow(key)).state).toBe('charged');
    // long past its hold, the charged cart is not expired: its places wait for the recovery
    clock += 30 * MINUTE;
    expect(await sweepExpiredCarts(ctx.db, now())).toBe(0);
    expect(await app.paymentSettlement.recover()).toBe(1);
    const done = await cartRows(ctx.db, cartId);
    expect(done.orders).toHaveLength(1);
    expect(done.tickets.every((t) => t.state === 'booked')).toBe(true);
    expect(done.payments.map((p) => p.state)).toEqual(['succeeded']);
    const retry = orderOf(await call());
    expect(retry.ticket_order._data[0]!.id).toBe(done.orders[0]!.id);
    expect((await readOrder(done.orders[0]!.id, retry.access_secret)).statusCode).toBe(200);
    expect((await keyRow(key)).state).toBe('completed');
    // a second pass finds nothing left to do
    expect(await app.paymentSettlement.recover()).toBe(0);
  });

  it('after the charge, before the order: the retry alone finishes it (one charge)', async () => {
    crashInOrder();
    const { cartId, call } = await crashedCheckout();
    const retry = orderOf(await call());
    const again = orderOf(await call());
    expect(again).toEqual(retry);
    const done = await cartRows(ctx.db, cartId);
    expect(done.payments).toHaveLength(1);
    expect(done.orders.map((o) => o.id)).toEqual([retry.ticket_order._data[0]!.id]);
  });

  it('after the order, before the key completes: the retry answers the order and its secret', async () => {
    idempotencyTestHooks.beforeStore = () => {
      throw new Error('simulated crash before the answer is stored');
    };
    const { cartId, key, call } = await crashedCheckout();
    const row = await keyRow(key);
    expect(row.state).toBe('charged');
    expect(row.orderId).not.toBeNull();
    const retry = orderOf(await call());
    const done = await cartRows(ctx.db, cartId);
    expect(done.orders.map((o) => o.id)).toEqual([row.orderId]);
    expect(retry.ticket_order._data[0]!.id).toBe(row.orderId);
    expect((await readOrder(row.orderId!, retry.access_secret)).statusCode).toBe(200);
    expect((await keyRow(key)).state).toBe('completed');
  });

  it('refunds a charge whose cart can no longer be booked, and the retry says so', async () => {
    crashInOrder();
    const { cartId, key, call } = await crashedCheckout();
    // the cart was lost anyway (e.g. expired before the charge was recorded)
    await ctx.db.update(cart).set({ state: 'expired' }).where(eq(cart.id, cartId));
    expect(await app.paymentSettlement.recover()).toBe(1);
    const done = await cartRows(ctx.db, cartId);
    expect(done.orders).toEqual([]);
    expect(done.payments.map((p) => p.state)).toEqual(['refunded']);
    expect((await keyRow(key)).state).toBe('failed');
    const retry = await call();
    expect(retry.statusCode).toBe(410);
    expect(errorOf(retry)).toMatchObject({
      _code: 'cart_expired',
      _extra: { refunded: true, payment_intent_id: done.payments[0]!.id },
    });
  });

  it('a partial card payment on a cart that expires without an order is refunded', async () => {
    const c = await makeCart(app, scene, 2);
    const paid = await checkoutCall(app, scene, {
      path: `cart/${c.id}/pay`,
      body: cardEntry('10.00', await tokenize(app, '4242424242424242')),
    });
    expect(paid.statusCode).toBe(200);
    expect(await app.paymentSettlement.recover()).toBe(0); // a live cart keeps its payment
    clock += 30 * MINUTE;
    expect(await sweepExpiredCarts(ctx.db, now())).toBeGreaterThanOrEqual(1);
    expect(await app.paymentSettlement.recover()).toBe(1);
    const done = await cartRows(ctx.db, c.id);
    expect(done.payments.map((p) => [p.state, p.amount])).toEqual([['refunded', 1000]]);
    expect(await app.paymentSettlement.recover()).toBe(0);
  });

  it('the job and retries racing for one charged key make exactly one order', async () => {
    crashInOrder();
    const { cartId, call } = await crashedCheckout();
    const [, ...answers] = await Promise.all([
      app.paymentSettlement.recover(),
      call(),
      call(),
      call(),
    ]);
    // whoever holds the key finishes it; the others are told to wait (a bounded 409) or replay
    for (const a of answers) expect([201, 409]).toContain(a.statusCode);
    const done = await cartRows(ctx.db, cartId);
    expect(done.orders).toHaveLength(1);
    expect(done.payments.map((p) => p.state)).toEqual(['succeeded']);
    expect(orderOf(await call()).ticket_order._data[0]!.id).toBe(done.orders[0]!.id);
  });

  it('the job and retries racing for one refund give the money back once', async () => {
    crashInOrder();
    const { cartId, call } = await crashedCheckout();
    await ctx.db.update(cart).set({ state: 'expired' }).where(eq(cart.id, cartId));
    const results = await Promise.all([
      app.paymentSettlement.recover(),
      app.paymentSettlement.recover(),
      call(),
      call(),
    ]);
    // the job or a retry refunded it, once (the gateway's side: stripe-recovery.test.ts)
    expect(results[0] + results[1]).toBeLessThanOrEqual(1);
    const done = await cartRows(ctx.db, cartId);
    expect(done.payments.map((p) => p.state)).toEqual(['refunded']);
    expect((await call()).statusCode).toBe(410);
  });

  it('a retry while the first attempt holds the key gets 409 only until its lease runs out', async () => {
    crashInOrder();
    const { cartId, key, call } = await crashedCheckout();
    // as if the first attempt were still running (it holds the key for PAYMENT_LEASE_MS)
    await ctx.db
      .update(idempotencyKey)
      .set({ state: 'started', leaseUntil: new Date(clock + 30_000) })
      .where(eq(idempotencyKey.key, key));
    const busy = await call();
    expect(busy.statusCode).toBe(409);
    expect(errorOf(busy)._description).toBe('This request is being processed');
    clock += 31_000; // the holder is gone: the retry takes over and finishes, charging nothing
    const retry = orderOf(await call());
    const done = await cartRows(ctx.db, cartId);
    expect(done.payments).toHaveLength(1);
    expect(done.orders.map((o) => o.id)).toEqual([retry.ticket_order._data[0]!.id]);
  });

  it('logs every order it makes and every refund (pino)', async () => {
    const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const recovery = createPaymentRecovery({
      db: ctx.db,
      now,
      log,
      leaseMs: 30_000,
      publicIdentityId: async (seller) => (await app.identities.publicIdentity(seller)).id,
    });
    crashInOrder();
    const made = await crashedCheckout();
    crashInOrder();
    const lost = await crashedCheckout();
    await ctx.db.update(cart).set({ state: 'expired' }).where(eq(cart.id, lost.cartId));
    expect(await recovery.recover()).toBe(2);
    const [order] = (await cartRows(ctx.db, made.cartId)).orders;
    expect(log.info).toHaveBeenCalledWith(
      expect.objectContaining({ cartId: made.cartId, orderId: order!.id }),
      'payment recovered: order made for a charge whose request did not finish',
    );
    const [refunded] = (await cartRows(ctx.db, lost.cartId)).payments;
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ paymentId: refunded!.id, amount: 2500, reason: 'cart_expired' }),
      'payment refunded: no order could be made for it',
    );
    expect(log.error).not.toHaveBeenCalled();
  });
});
