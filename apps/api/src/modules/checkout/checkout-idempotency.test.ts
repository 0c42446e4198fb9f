import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '@/testing/build-test-app';
import { errorOf, makeReserveScene, type ReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { orderTestHooks } from '@/modules/orders/service';
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

const NOW = new Date('2029-06-01T12:00:00Z');

describeEachDatabase('checkout: Idempotency-Key and crash safety', (ctx) => {
  let app: FastifyInstance;
  let scene: ReserveScene;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW, env: { MAIL_POLL_MS: '0' } });
    scene = await makeReserveScene(ctx.db);
  });
  afterAll(async () => {
    await app.close();
  });
  afterEach(() => {
    orderTestHooks.beforeCommit = null;
  });

  const checkout = async (cartId: string, key: string | null, amount = '25.00') =>
    checkoutCall(app, scene, {
      path: `cart/${cartId}/guest_checkout`,
      key,
      body: { ...cardEntry(amount, await tokenize(app, '4242424242424242')), purchaser: PURCHASER },
    });

  it('answers a replay with the first result: one charge, one order', async () => {
    const c = await makeCart(app, scene, 1);
    const key = newKey();
    const body = {
      ...cardEntry('25.00', await tokenize(app, '4242424242424242')),
      purchaser: PURCHASER,
    };
    const first = await checkoutCall(app, scene, {
      path: `cart/${c.id}/guest_checkout`,
      key,
      body,
    });
    const second = await checkoutCall(app, scene, {
      path: `cart/${c.id}/guest_checkout`,
      key,
      body,
    });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    const rows = await cartRows(ctx.db, c.id);
    expect(rows.payments).toHaveLength(1);
    expect(rows.orders).toHaveLength(1);
    // a new key on the completed cart names the order instead of charging again
    const again = await checkout(c.id, newKey());
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toMatchObject({
      _code: 'conflict',
      _description: `Cart with order ID ${rows.orders[0]!.id} has been booked.`,
      _extra: { ticket_order_id: rows.orders[0]!.id },
    });
    expect((await cartRows(ctx.db, c.id)).payments).toHaveLength(1);
  });

  it('two concurrent requests with one key charge once and make one order', async () => {
    const c = await makeCart(app, scene, 1);
    const key = newKey();
    const body = {
      ...cardEntry('25.00', await tokenize(app, '4242424242424242')),
      purchaser: PURCHASER,
    };
    const call = () => checkoutCall(app, scene, { path: `cart/${c.id}/guest_checkout`, key, body });
    const answers = await Promise.all([call(), call(), call()]);
    // the first runs; a duplicate still running is told so (409), a later one gets the replay
    expect(answers.filter((a) => a.statusCode === 201).length).toBeGreaterThanOrEqual(1);
    for (const a of answers) expect([201, 409]).toContain(a.statusCode);
    const rows = await cartRows(ctx.db, c.id);
    expect(rows.payments).toHaveLength(1);
    expect(rows.orders).toHaveLength(1);
  });

  it('replays a decline too, and refuses the key with another body', async () => {
    const c = await makeCart(app, scene, 1);
    const key = newKey();
    const body = {
      ...cardEntry('25.00', await tokenize(app, '4000000000000002')),
      purchaser: PURCHASER,
    };
    const first = await checkoutCall(app, scene, {
      path: `cart/${c.id}/guest_checkout`,
      key,
      body,
    });
    const second = await checkoutCall(app, scene, {
      path: `cart/${c.id}/guest_checkout`,
      key,
      body,
    });
    expect(errorOf(second)).toEqual(errorOf(first));
    expect((await cartRows(ctx.db, c.id)).payments).toHaveLength(1);
    const other = await checkout(c.id, key, '24.00');
    expect(other.statusCode).toBe(422);
    expect(errorOf(other)).toMatchObject({
      _code: 'validation_failed',
      _extra: { field: 'Idempotency-Key' },
    });
  });

  it('requires the Idempotency-Key header', async () => {
    const c = await makeCart(app, scene, 1);
    const res = await checkout(c.id, null);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({
      _code: 'validation_failed',
      _extra: { field: 'Idempotency-Key' },
    });
    expect((await cartRows(ctx.db, c.id)).payments).toEqual([]);
  });

  it('a crash between the charge and the order commit leaves no half order and no lost payment', async () => {
    const c = await makeCart(app, scene, 2);
    const key = newKey();
    const body = {
      ...cardEntry('50.00', await tokenize(app, '4242424242424242')),
      purchaser: PURCHASER,
    };
    orderTestHooks.beforeCommit = () => {
      throw new Error('simulated crash inside the order transaction');
    };
    const crashed = await checkoutCall(app, scene, {
      path: `cart/${c.id}/guest_checkout`,
      key,
      body,
    });
    expect(crashed.statusCode).toBe(500);
    const after = await cartRows(ctx.db, c.id);
    expect(after.orders).toEqual([]);
    expect(after.tickets.map((t) => [t.state, t.ticketOrderId])).toEqual([
      ['in_cart', null],
      ['in_cart', null],
    ]);
    expect(after.payments.map((p) => [p.state, p.amount])).toEqual([['succeeded', 5000]]);

    // the retry with the same key reconciles: the order is made, the card is not charged again
    orderTestHooks.beforeCommit = null;
    const retry = orderOf(
      await checkoutCall(app, scene, { path: `cart/${c.id}/guest_checkout`, key, body }),
    );
    const done = await cartRows(ctx.db, c.id);
    expect(done.payments.map((p) => p.id)).toEqual(after.payments.map((p) => p.id));
    expect(done.orders.map((o) => o.id)).toEqual([retry.ticket_order._data[0]!.id]);
    expect(done.tickets.every((t) => t.state === 'booked')).toBe(true);
  });
});
