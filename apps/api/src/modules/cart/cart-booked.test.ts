import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '@/testing/build-test-app';
import { addBody, cartCall, errorOf, makeReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import {
  PURCHASER,
  cardEntry,
  cartRows,
  checkoutCall,
  makeCart,
  tokenize,
} from '@/modules/checkout/checkout-test-kit';

const NOW = new Date('2029-06-01T12:00:00Z');

/**
 * spec: shopping §8 — "A cart already booked error carries an order id: 'Cart with order ID
 * {id} has been booked.'" A second tab still holding the cart id reserves, removes, extends or
 * deletes after the first tab paid: each call names the order.
 */
describeEachDatabase('cart: a booked cart names its order', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW, env: { MAIL_POLL_MS: '0' } });
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers modify, remove, PATCH and DELETE on a completed cart with the order id', async () => {
    const scene = await makeReserveScene(ctx.db);
    const cart = await makeCart(app, scene, 1);
    const paid = await checkoutCall(app, scene, {
      path: `cart/${cart.id}/guest_checkout`,
      body: {
        ...cardEntry('25.00', await tokenize(app, '4242424242424242')),
        purchaser: PURCHASER,
      },
    });
    expect(paid.statusCode).toBe(201);
    const orderId = (await cartRows(ctx.db, cart.id)).orders[0]!.id;
    const [ticketId] = (await cartRows(ctx.db, cart.id)).tickets.map((t) => t.id);
    const calls = [
      { method: 'POST' as const, path: `my/cart/${cart.id}/modify`, body: addBody(scene, 1) },
      { method: 'POST' as const, path: `cart/${cart.id}/remove`, body: { tickets: [ticketId] } },
      {
        method: 'PATCH' as const,
        path: `my/cart/${cart.id}`,
        body: { expires_at: '2029-06-01T13:00:00Z' },
      },
      { method: 'DELETE' as const, path: `my/cart/${cart.id}` },
    ];
    for (const call of calls) {
      const res = await cartCall(app, scene.seller, call);
      expect(res.statusCode, call.path).toBe(409);
      expect(errorOf(res), call.path).toMatchObject({
        _code: 'conflict',
        _description: `Cart with order ID ${orderId} has been booked.`,
        _extra: { ticket_order_id: orderId },
      });
    }
  });
});
