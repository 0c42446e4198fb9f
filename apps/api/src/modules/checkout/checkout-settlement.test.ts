import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { cart, ticket } from '@/db/schema/cart';
import { outbox } from '@/db/schema/mail';
import { payment } from '@/db/schema/payments';
import { sweepExpiredCarts } from '@/modules/cart/expiry';
import { buildTestApp } from '@/testing/build-test-app';
import {
  addBody,
  bundleOf,
  cartCall,
  errorOf,
  makeReserveScene,
  type ReserveScene,
} from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import {
  PURCHASER,
  cardEntry,
  cartRows,
  checkoutCall,
  makeCart,
  tokenize,
} from './checkout-test-kit';

/**
 * Processing payments settle later (identity §2 "Checkout pending", decision 0018): the cart
 * keeps its places while the money is in flight, and the order is made for the stored buyer
 * once the sandbox (after SANDBOX_PROCESSING_MS) says the payment succeeded.
 */

const START = new Date('2029-06-01T12:00:00Z').getTime();
const MINUTE = 60_000;

describeEachDatabase('processing payments settle (sandbox)', (ctx) => {
  let app: FastifyInstance;
  let scene: ReserveScene;
  let clock = START;
  const now = () => new Date(clock);

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, {
      now,
      env: { MAIL_POLL_MS: '0', SANDBOX_PROCESSING_MS: '5000' },
    });
    scene = await makeReserveScene(ctx.db);
  });
  afterEach(() => {
    clock = START;
  });
  afterAll(async () => {
    await app.close();
  });

  async function processingCheckout(quantity = 1) {
    const c = await makeCart(app, scene, quantity);
    const pm = await tokenize(app, '4000000000000077');
    const res = await checkoutCall(app, scene, {
      path: `cart/${c.id}/guest_checkout`,
      body: { ...cardEntry((25 * quantity).toFixed(2), pm), purchaser: PURCHASER },
    });
    expect(errorOf(res)._code).toBe('intent_processing');
    return c;
  }

  it('keeps the hold past expiry, then makes the purchaser an order once it succeeds', async () => {
    const c = await processingCheckout(2);
    clock += 2_000;
    expect(await app.paymentSettlement.tick()).toBe(0); // still processing
    expect((await cartRows(ctx.db, c.id)).payments.map((p) => p.state)).toEqual(['processing']);

    // long past the cart's expiry: neither the sweeper nor a read expires it (money in flight)
    clock += 30 * MINUTE;
    expect(await sweepExpiredCarts(ctx.db, now())).toBe(0);
    const read = bundleOf(
      await cartCall(app, scene.seller, { method: 'GET', path: `cart/${c.id}` }),
    );
    expect(read.cart._data[0]!.state).toBe('pending');
    // …yet it is closed to changes: its time is up
    const more = await cartCall(app, scene.seller, {
      method: 'POST',
      path: `cart/${c.id}/modify`,
      body: addBody(scene, 1),
    });
    expect(errorOf(more)._code).toBe('cart_expired');

    expect(await app.paymentSettlement.tick()).toBe(1);
    const rows = await cartRows(ctx.db, c.id);
    expect(rows.payments.map((p) => p.state)).toEqual(['succeeded']);
    expect(rows.orders).toHaveLength(1);
    expect(rows.tickets.map((t) => t.state)).toEqual(['booked', 'booked']);
    const [cartRow] = await ctx.db.select().from(cart).where(eq(cart.id, c.id));
    expect(cartRow!.state).toBe('completed');
    // the order is the purchaser's, and the confirmation went to the purchaser's e-mail
    expect(rows.orders[0]!.email).toBe(PURCHASER.email);
    expect(rows.orders[0]!.identityId).not.toBe(cartRow!.identityId);
    const mails = await ctx.db.select().from(outbox).where(eq(outbox.toAddress, PURCHASER.email));
    expect(mails.some((m) => m.subject.includes(rows.orders[0]!.orderNumber))).toBe(true);
    // a second pass (or a late second answer) changes nothing
    expect(await app.paymentSettlement.tick()).toBe(0);
    expect((await cartRows(ctx.db, c.id)).orders).toHaveLength(1);
  });

  it('the pending cart shows the order once settled', async () => {
    const c = await processingCheckout();
    clock += 6_000;
    expect(await app.paymentSettlement.tick()).toBe(1);
    const res = await cartCall(app, scene.seller, {
      method: 'GET',
      path: `cart/${c.id}`,
      query: '_embed=ticket_order',
    });
    const body = res.json() as { ticket_order?: { _data: { id: string }[] } };
    const [order] = (await cartRows(ctx.db, c.id)).orders;
    expect(body.ticket_order?._data.map((o) => o.id)).toEqual([order!.id]);
    // no browser got this order's secret: the guest reads it with the cart it was made from
    const read = (query: string) =>
      cartCall(app, scene.seller, { method: 'GET', path: `ticket_order/${order!.id}`, query });
    expect((await read('')).statusCode).toBe(404);
    expect((await read(`cart_id=${crypto.randomUUID()}`)).statusCode).toBe(404);
    const own = await read(`cart_id=${c.id}`);
    expect(own.statusCode).toBe(200);
    expect(
      (own.json() as { ticket_order: { _data: { id: string }[] } }).ticket_order._data[0]!.id,
    ).toBe(order!.id);
    const qr = await cartCall(app, scene.seller, {
      method: 'GET',
      path: `ticket_order/${order!.id}/qrcode`,
      query: `cart_id=${c.id}&margin=4`,
    });
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['content-type']).toBe('image/png');
    // another guest cart of the same public identity opens nothing
    const other = await makeCart(app, scene, 1);
    expect((await read(`cart_id=${other.id}`)).statusCode).toBe(404);
  });

  it('a cart whose payment failed or settled expires as usual, giving its places back', async () => {
    const c = await processingCheckout();
    await ctx.db.update(payment).set({ state: 'failed' }).where(eq(payment.cartId, c.id));
    clock += 30 * MINUTE;
    expect(await sweepExpiredCarts(ctx.db, now())).toBeGreaterThanOrEqual(1);
    const rows = await cartRows(ctx.db, c.id);
    expect(rows.tickets.map((t) => t.state)).toEqual(['cancelled']);
    expect(rows.orders).toEqual([]);
  });

  it('a card payment whose gateway call is under way holds the cart for a while', async () => {
    const c = await makeCart(app, scene, 1);
    await ctx.db.insert(payment).values({
      sellerId: scene.seller.id,
      cartId: c.id,
      gatewayId: 'stripe',
      amount: 2500,
      currency: 'USD',
      state: 'created',
      createdAt: new Date(clock + 14 * MINUTE),
      updatedAt: new Date(clock + 14 * MINUTE),
    });
    clock += 15 * MINUTE + 1_000;
    expect(await sweepExpiredCarts(ctx.db, now())).toBe(0);
    clock += 3 * MINUTE; // a call that never came back (a crash) holds no longer
    expect(await sweepExpiredCarts(ctx.db, now())).toBeGreaterThanOrEqual(1);
    const [row] = await ctx.db.select().from(ticket).where(eq(ticket.cartId, c.id));
    expect(row!.state).toBe('cancelled');
  });
});
