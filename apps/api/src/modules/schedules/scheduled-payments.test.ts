import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cartBundleSchema, type CartBundle } from '@admit/contracts/cart';
import { outbox } from '@/db/schema/mail';
import { scheduledPayment } from '@/db/schema/payment-plans';
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
import { attachDepositPlan } from './plan-test-kit';
import { makeUser } from '@/testing/identity-factories';
import {
  PURCHASER,
  cardEntry,
  cartRows,
  checkoutCall,
  makeCart,
  orderOf,
  tokenize,
} from '@/modules/checkout/checkout-test-kit';

// 08:00 on June 1 in New York (the test seller's zone); the visit is on June 20
const NOW = new Date('2029-06-01T12:00:00Z');
const VISIT = new Date('2029-06-20T14:00:00Z');

describeEachDatabase('scheduled payments: deposit now, balance 7 days before the visit', (ctx) => {
  let app: FastifyInstance;
  let scene: ReserveScene;
  let ordinary: ReserveScene;
  let clock = NOW;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: () => clock, env: { MAIL_POLL_MS: '0' } });
    scene = await makeReserveScene(ctx.db, { session: { startDatetime: VISIT } });
    await attachDepositPlan(ctx.db, scene);
    ordinary = await makeReserveScene(ctx.db, { session: { startDatetime: VISIT } });
  });
  afterAll(async () => {
    await app.close();
  });

  const getCart = async (s: ReserveScene, cartId: string) =>
    bundleOf(await cartCall(app, s.seller, { method: 'GET', path: `cart/${cartId}` }));
  const feesOf = (b: CartBundle) => b.cart_fees._data[0]!;
  const scheduleOf = (b: CartBundle) =>
    (b.scheduled_payment?._data ?? []).map((s) => [s.dueDate, s.amount, s.status]);
  const guestCheckout = async (cartId: string, amount: string) =>
    checkoutCall(app, scene, {
      path: `cart/${cartId}/guest_checkout`,
      body: {
        ...cardEntry(amount, await tokenize(app, '4242 4242 4242 4242')),
        purchaser: PURCHASER,
      },
    });
  const pay = async (cartId: string, amount: string) =>
    checkoutCall(app, scene, {
      path: `cart/${cartId}/pay`,
      body: cardEntry(amount, await tokenize(app, '4242 4242 4242 4242')),
    });

  it("a new cart's own answer already carries the plan (the reserve's fast answer steps aside)", async () => {
    const created = bundleOf(
      await cartCall(app, scene.seller, {
        method: 'POST',
        path: 'my/cart/modify',
        body: addBody(scene, 2),
      }),
    );
    expect(feesOf(created).total_due).toBe('12.50');
    expect(scheduleOf(created)).toEqual([
      ['2029-06-01', '12.50', 'Upcoming'],
      ['2029-06-13', '37.50', 'Upcoming'],
    ]);
  });

  it('a cart with a plan shows total_due and its scheduled payments; an ordinary cart none', async () => {
    const c = await makeCart(app, scene, 2);
    const bundle = await getCart(scene, c.id);
    expect(feesOf(bundle)).toMatchObject({ total_outstanding: '50.00', total_due: '12.50' });
    expect(bundle.scheduled_payment!._data).toEqual([
      {
        id: `${c.id}:2029-06-01`,
        cart_id: c.id,
        ticket_order_id: null,
        dueDate: '2029-06-01',
        amount: '12.50',
        status: 'Upcoming',
      },
      {
        id: `${c.id}:2029-06-13`,
        cart_id: c.id,
        ticket_order_id: null,
        dueDate: '2029-06-13',
        amount: '37.50',
        status: 'Upcoming',
      },
    ]);
    const plain = await makeCart(app, ordinary, 2);
    const plainBundle = await getCart(ordinary, plain.id);
    expect(feesOf(plainBundle)).toMatchObject({ total_outstanding: '50.00', total_due: '50.00' });
    expect(plainBundle.scheduled_payment!._data).toEqual([]);
  });

  it('a checkout paying less than due answers the cart (partial) and makes no order', async () => {
    const c = await makeCart(app, scene, 2);
    const res = await guestCheckout(c.id, '5.00');
    expect(res.statusCode).toBe(200);
    const cart = cartBundleSchema.parse(res.json());
    expect(cart.cart._data[0]!.state).toBe('pending');
    expect(feesOf(cart)).toMatchObject({
      total_payments: '5.00',
      total_outstanding: '45.00',
      total_due: '7.50',
    });
    expect(scheduleOf(cart)).toEqual([
      ['2029-06-01', '7.50', 'Upcoming'],
      ['2029-06-13', '37.50', 'Upcoming'],
    ]);
    expect((await cartRows(ctx.db, c.id)).orders).toEqual([]);
  });

  it('the deposit books the order with a balance; later pays shrink it, then 409', async () => {
    const c = await makeCart(app, scene, 2);
    const order = orderOf(await guestCheckout(c.id, '12.50'));
    const orderId = order.ticket_order._data[0]!.id;
    expect(order.ticket_order_fees._data[0]).toMatchObject({
      total_after_fees_price: '50.00',
      total_payments: '12.50',
      total_outstanding: '37.50',
    });
    expect(order.ticket._data.map((t) => t.state)).toEqual(['booked', 'booked']);
    const snapshot = await ctx.db
      .select()
      .from(scheduledPayment)
      .where(eq(scheduledPayment.cartId, c.id));
    expect(snapshot.map((r) => [r.dueDate, r.amount]).sort()).toEqual([
      ['2029-06-01', 1250],
      ['2029-06-13', 3750],
    ]);
    const balanceRow = snapshot.find((r) => r.dueDate === '2029-06-13')!;
    expect(order.scheduled_payment!._data).toEqual([
      {
        id: balanceRow.id,
        cart_id: c.id,
        ticket_order_id: orderId,
        dueDate: '2029-06-13',
        amount: '37.50',
        status: 'Upcoming',
      },
    ]);
    const [mail] = await ctx.db
      .select()
      .from(outbox)
      .where(
        eq(
          outbox.subject,
          `Your ${scene.seller.name} order ${order.ticket_order._data[0]!.order_number}`,
        ),
      );
    // the seller's currency format and the spec's cart date pattern (decision 0030)
    expect(mail!.textBody).toContain('Balance: $37.50');
    expect(mail!.textBody).toContain('Payment due Wed, Jun 13, 2029: $37.50');
    expect(mail!.htmlBody).toContain('<li>Payment due Wed, Jun 13, 2029: $37.50</li>');

    // the guest reaches the completed cart by id: order embed, totals, schedule
    const completed = await getCart(scene, c.id);
    expect(completed.cart._data[0]!.state).toBe('completed');
    expect(completed.ticket_order!._data).toEqual([
      { id: orderId, cart_id: c.id, order_number: order.ticket_order._data[0]!.order_number },
    ]);
    expect(feesOf(completed)).toMatchObject({ total_outstanding: '37.50', total_due: '0.00' });

    // past the due date the balance is overdue and due
    clock = new Date('2029-06-14T12:00:00Z');
    try {
      const overdue = await getCart(scene, c.id);
      expect(feesOf(overdue).total_due).toBe('37.50');
      expect(scheduleOf(overdue)).toEqual([['2029-06-13', '37.50', 'Overdue']]);

      const part = await pay(c.id, '20.00');
      expect(part.statusCode).toBe(200);
      const afterPart = cartBundleSchema.parse(part.json());
      expect(feesOf(afterPart)).toMatchObject({
        total_payments: '32.50',
        total_outstanding: '17.50',
        total_due: '17.50',
      });
      expect(scheduleOf(afterPart)).toEqual([['2029-06-13', '17.50', 'Overdue']]);

      const tooMuch = await pay(c.id, '17.51');
      expect(tooMuch.statusCode).toBe(422);
      expect(errorOf(tooMuch)._description).toBe('Payment is not supported for this amount');

      const rest = await pay(c.id, '17.50');
      expect(rest.statusCode).toBe(200);
      const paidUp = cartBundleSchema.parse(rest.json());
      expect(feesOf(paidUp)).toMatchObject({ total_outstanding: '0.00', total_due: '0.00' });
      expect(paidUp.scheduled_payment!._data).toEqual([]);
      const readOrder = await app.inject({
        method: 'GET',
        url: `/api/ticket_order/${orderId}?_seller=${scene.seller.slug}&secret=${order.access_secret}`,
      });
      expect(readOrder.json().ticket_order_fees._data[0]).toMatchObject({
        total_payments: '50.00',
        total_outstanding: '0.00',
      });

      const again = await pay(c.id, '1.00');
      expect(again.statusCode).toBe(409);
      expect(errorOf(again)._description).toBe(`Cart with order ID ${orderId} has been booked.`);
    } finally {
      clock = NOW;
    }
  });

  it('guest_checkout on a completed cart with a balance answers 409', async () => {
    const c = await makeCart(app, scene, 1);
    const order = orderOf(await guestCheckout(c.id, '6.25'));
    expect(order.ticket_order_fees._data[0]!.total_outstanding).toBe('18.75');
    const res = await guestCheckout(c.id, '18.75');
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)._description).toBe(
      `Cart with order ID ${order.ticket_order._data[0]!.id} has been booked.`,
    );
    const rows = await cartRows(ctx.db, c.id);
    expect(rows.payments.map((p) => p.amount)).toEqual([625]);
  });

  it('a member checks out the deposit and pays the balance through my/cart/{id}/pay', async () => {
    const member = await makeUser(ctx.db, scene.seller, { email: 'planner@example.org' });
    const token = (await app.sessions.createSession(member.id, scene.seller.id)).token;
    const c = await makeCart(app, scene, 1, token);
    const source = await tokenize(app, '4242 4242 4242 4242');
    const order = orderOf(
      await checkoutCall(app, scene, {
        path: `my/cart/${c.id}/checkout`,
        body: cardEntry('6.25', source),
        token,
      }),
    );
    expect(order.ticket_order_fees._data[0]!.total_outstanding).toBe('18.75');
    const free = await checkoutCall(app, scene, {
      path: `my/cart/${c.id}/pay`,
      body: { amount: '0.00', gateway_id: 'free', gateway_data: {} },
      token,
    });
    expect(free.statusCode).toBe(422);
    const guestTry = await pay(c.id, '18.75');
    expect(guestTry.statusCode).toBe(404);
    const res = await checkoutCall(app, scene, {
      path: `my/cart/${c.id}/pay`,
      body: cardEntry('18.75', await tokenize(app, '4242 4242 4242 4242')),
      token,
    });
    expect(res.statusCode).toBe(200);
    const paid = cartBundleSchema.parse(res.json());
    expect(feesOf(paid)).toMatchObject({ total_payments: '25.00', total_outstanding: '0.00' });
    expect(paid.ticket_order!._data[0]!.id).toBe(order.ticket_order._data[0]!.id);
  });
});
