import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { APP_HEADER, APP_HEADER_VALUE } from '@admit/contracts/constants';
import { paymentActionExtraSchema } from '@admit/contracts/checkout';
import { cart } from '@/db/schema/cart';
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
  tokenize,
} from './checkout-test-kit';

const NOW = new Date('2029-06-01T12:00:00Z');

describeEachDatabase('checkout: card payments through the sandbox gateway', (ctx) => {
  let app: FastifyInstance;
  let scene: ReserveScene;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW, env: { MAIL_POLL_MS: '0' } });
    scene = await makeReserveScene(ctx.db);
  });
  afterAll(async () => {
    await app.close();
  });

  const guestCheckout = (cartId: string, amount: string, source: string, extra = {}) =>
    checkoutCall(app, scene, {
      path: `cart/${cartId}/guest_checkout`,
      body: { ...cardEntry(amount, source, extra), purchaser: PURCHASER },
    });

  it('checks a guest out with 4242…: order, booked tickets, completed cart, confirmation mail', async () => {
    const c = await makeCart(app, scene, 2);
    const res = await guestCheckout(c.id, '50.00', await tokenize(app, '4242 4242 4242 4242'));
    const order = orderOf(res);
    expect(order.ticket_order._data[0]).toMatchObject({
      cart_id: c.id,
      email: 'grace@example.org',
    });
    // the processing page's reference (the cart number) is the order's number
    expect(order.ticket_order._data[0]!.order_number).toBe(c.cart_number);
    expect(order.ticket_order_fees._data[0]!.total_after_fees_price).toBe('50.00');
    expect(order.ticket._data.map((t) => t.state)).toEqual(['booked', 'booked']);
    expect(order.access_secret.length).toBeGreaterThan(20);
    const rows = await cartRows(ctx.db, c.id);
    expect(rows.payments.map((p) => [p.gatewayId, p.amount, p.state])).toEqual([
      ['stripe', 5000, 'succeeded'],
    ]);
    const [after] = await ctx.db.select().from(cart).where(eq(cart.id, c.id));
    expect(after!.state).toBe('completed');
    // the order belongs to the purchaser's identity (found or created like POST user)
    expect(rows.orders[0]!.identityId).not.toBe(c.identity_id);
    const [mail] = await ctx.db
      .select()
      .from(outbox)
      .where(eq(outbox.toAddress, 'grace@example.org'));
    expect(mail!.kind).toBe('order_confirmation');
    expect(mail!.htmlBody).toContain('cid:order-qr');
    expect(mail!.htmlBody).toContain(
      `/${scene.seller.slug}/ticket_order/${rows.orders[0]!.id}?secret=`,
    );
    const attachments = mail!.attachments as { cid: string; contentType: string }[];
    expect(attachments.map((a) => a.cid)).toEqual(['order-qr', 'ticket-1-qr', 'ticket-2-qr']);
  });

  it.each([
    ['4000 0000 0000 0002', 'card_declined', 'Your card was declined.'],
    ['4000 0000 0000 0127', 'incorrect_cvc', "Your card's security code is incorrect."],
    ['4000 0000 0000 0036', 'incorrect_zip', "Your card's zip code failed validation."],
    ['4000 0000 0000 9995', 'card_declined', 'Your card has insufficient funds.'],
  ])('declines %s with %s and keeps the cart and its holds', async (number, code, message) => {
    const c = await makeCart(app, scene, 1);
    const res = await guestCheckout(c.id, '25.00', await tokenize(app, number));
    expect(res.statusCode).toBe(422);
    expect(errorOf(res)).toMatchObject({ _code: code, _context: 'stripe', _description: message });
    const rows = await cartRows(ctx.db, c.id);
    expect(rows.orders).toEqual([]);
    expect(rows.tickets.map((t) => t.state)).toEqual(['in_cart']);
    expect(rows.payments.map((p) => [p.state, p.errorCode])).toEqual([['failed', code]]);
    // the cart is still payable with a good card
    orderOf(await guestCheckout(c.id, '25.00', await tokenize(app, '4242424242424242')));
  });

  it('runs 3-D Secure: 402, the sandbox page, then the re-submission completes the order', async () => {
    const c = await makeCart(app, scene, 1);
    const first = await guestCheckout(c.id, '25.00', await tokenize(app, '4000002500003155'), {
      return_url: `/${scene.seller.slug}/checkout/${c.id}`,
    });
    expect(first.statusCode).toBe(402);
    expect(errorOf(first)._code).toBe('intent_requires_action');
    const extra = paymentActionExtraSchema.parse(errorOf(first)._extra);
    expect((await cartRows(ctx.db, c.id)).orders).toEqual([]);

    const page = await app.inject({ method: 'GET', url: extra.next_action_url! });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Complete authentication');
    expect(page.body).toContain('Fail authentication');
    const done = await app.inject({
      method: 'POST',
      url: `/sandbox/authenticate/${extra.payment_intent_id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        result: 'complete',
        return_url: `/${scene.seller.slug}/checkout/${c.id}`,
      }).toString(),
    });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(
      `/${scene.seller.slug}/checkout/${c.id}?payment_intent=${extra.payment_intent_id}&redirect_status=succeeded`,
    );
    const order = orderOf(
      await guestCheckout(c.id, '25.00', '', { payment_intent_id: extra.payment_intent_id }),
    );
    expect(order.ticket._data[0]!.state).toBe('booked');
    expect((await cartRows(ctx.db, c.id)).payments).toHaveLength(1);
  });

  it('fails 3-D Secure: the re-submission is declined and the cart stays', async () => {
    const c = await makeCart(app, scene, 1);
    const first = await guestCheckout(c.id, '25.00', await tokenize(app, '4000002500003155'));
    const { payment_intent_id } = paymentActionExtraSchema.parse(errorOf(first)._extra);
    const fail = await app.inject({
      method: 'POST',
      url: `/sandbox/authenticate/${payment_intent_id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'result=fail&return_url=https%3A%2F%2Fevil.example%2F',
    });
    // an off-site return address is replaced by the site root (no open redirect)
    expect(fail.headers.location).toBe(
      `/?payment_intent=${payment_intent_id}&redirect_status=failed`,
    );
    const res = await guestCheckout(c.id, '25.00', '', { payment_intent_id });
    expect(res.statusCode).toBe(422);
    expect(errorOf(res)._code).toBe('card_declined');
    expect((await cartRows(ctx.db, c.id)).tickets.map((t) => t.state)).toEqual(['in_cart']);
  });

  it('answers intent_processing for a processing card (the pending screen)', async () => {
    const c = await makeCart(app, scene, 1);
    const res = await guestCheckout(c.id, '25.00', await tokenize(app, '4000000000000077'));
    expect(res.statusCode).toBe(422);
    expect(errorOf(res)).toMatchObject({ _code: 'intent_processing', _extra: { cart_id: c.id } });
    expect((await cartRows(ctx.db, c.id)).orders).toEqual([]);
    // nothing is outstanding now, but a free checkout still waits for the processing payment
    const free = await checkoutCall(app, scene, {
      path: `cart/${c.id}/guest_checkout`,
      body: { amount: '0.00', gateway_id: 'free', gateway_data: {}, purchaser: PURCHASER },
    });
    expect(errorOf(free)._code).toBe('intent_processing');
    expect((await cartRows(ctx.db, c.id)).orders).toEqual([]);
  });

  it('refuses amounts it cannot take and mistyped card numbers', async () => {
    const c = await makeCart(app, scene, 1);
    const pm = await tokenize(app, '4242424242424242');
    for (const amount of ['25.01', '0.49']) {
      const res = await guestCheckout(c.id, amount, pm);
      expect(errorOf(res)._description, amount).toBe('Payment is not supported for this amount');
    }
    const bad = await guestCheckout(c.id, '25.0', pm);
    expect(bad.statusCode).toBe(400);
    const typo = await app.inject({
      method: 'POST',
      url: '/api/sandbox/payment_methods',
      headers: { [APP_HEADER]: APP_HEADER_VALUE },
      payload: { number: '4242424242424241', exp_month: 1, exp_year: 2035, cvc: '123' },
    });
    expect(errorOf(typo)._description).toBe('Your card number is incorrect.');
    expect((await cartRows(ctx.db, c.id)).payments).toEqual([]);
  });
});
