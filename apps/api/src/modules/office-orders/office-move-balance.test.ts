import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { APP_HEADER, APP_HEADER_VALUE } from '@admit/contracts/constants';
import { cartBundleSchema } from '@admit/contracts/cart';
import type { OfficeOrderMoveResponse } from '@admit/contracts/office-orders';
import { outbox } from '@/db/schema/mail';
import { payment } from '@/db/schema/payments';
import { buildTestApp } from '@/testing/build-test-app';
import { errorOf, makeReserveScene, type ReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import type { SessionRow } from '@/testing/factories';
import { cardEntry, checkoutCall, tokenize } from '@/modules/checkout/checkout-test-kit';
import { buyOrder, makePricedSessions } from '@/modules/manage/manage-test-kit';
import { makeStaff, officeCall, officeLogin } from '@/modules/office/office.test-kit';

/**
 * An office move settled `owe` is collectable (decision 0101): the buyer's `order_update` mail
 * says the balance and links the order's balance payment (`/checkout/{cartId}`), and paying it
 * there — the visitor's own `cart/{id}/pay` with the sandbox card — charges exactly the
 * difference and leaves nothing owed.
 */

const NOW = new Date('2029-06-01T12:00:00Z');

describeEachDatabase('office: an owed move is paid through the balance payment', (ctx) => {
  let app: FastifyInstance;
  let scene: ReserveScene;
  let dearer: SessionRow;
  let cookie: string;

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW, env: { MAIL_POLL_MS: '0' } });
    scene = await makeReserveScene(ctx.db, { type: { amount: 2500 } });
    const user = await makeStaff(ctx.db, scene.seller.id, 'box_office');
    cookie = await officeLogin(app, scene.seller.slug, user.email);
    // 29.37 − 25.00: an odd difference, so a rounding slip would show
    ({ dearer } = await makePricedSessions(ctx.db, scene, { dearer: 2937, cheaper: 2000 }));
  });
  afterAll(() => app.close());

  const move = (orderId: string, ticketIds: string[], settle: 'owe' | 'waive') =>
    officeCall(app, {
      method: 'POST',
      path: `ticket_order/${orderId}/move`,
      slug: scene.seller.slug,
      cookie,
      body: {
        tickets: ticketIds,
        event_session_id: dearer.id,
        settle,
        reason: 'Visitor asked for the later tour',
      },
    });
  const updateMailsOf = async (orderId: string) =>
    (
      await ctx.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.sellerId, scene.seller.id), eq(outbox.kind, 'order_update')))
    ).filter((m) => m.textBody.includes(`/ticket_order/${orderId}`));
  const readOrder = (orderId: string, secret: string) =>
    app.inject({
      method: 'GET',
      url: `/api/ticket_order/${orderId}?_seller=${scene.seller.slug}&secret=${secret}`,
      headers: { [APP_HEADER]: APP_HEADER_VALUE },
    });
  const pay = async (cartId: string, amount: string) =>
    checkoutCall(app, scene, {
      path: `cart/${cartId}/pay`,
      body: cardEntry(amount, await tokenize(app, '4242424242424242')),
    });

  it('mails the balance with a link to the order’s balance payment; paying it there charges exactly the difference and settles the order', async () => {
    const order = await buyOrder(app, scene, 1);
    const res = await move(order.orderId, order.ticketIds, 'owe');
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as OfficeOrderMoveResponse).order_move._data[0]).toMatchObject({
      difference: 437,
      owed: 437,
      total_after: 2937,
    });

    // the mail: the balance in the seller's money and the link that pays it
    const [mail] = await updateMailsOf(order.orderId);
    expect(mail!.textBody).toContain('Balance to pay: $4.37');
    expect(mail!.textBody).not.toContain('The change cost nothing extra.');
    const root = /(\S+)\/ticket_order\//.exec(mail!.textBody)![1]!;
    const link = `${root}/checkout/${order.cartId}`;
    expect(mail!.textBody).toContain(link);
    expect(mail!.htmlBody).toContain(`href="${link}"`);

    // what the link's page reads: the order's cart, owing the difference
    const before = await readOrder(order.orderId, order.secret);
    expect(before.json().ticket_order_fees._data[0]).toMatchObject({
      total_payments: '25.00',
      total_outstanding: '4.37',
    });

    // what the link's page reads (GET my/cart/{id}, here from a browser with no session; the
    // storefront's owedMoveCart fixture): the difference outstanding, all of it due now
    const cartRead = await app.inject({
      method: 'GET',
      url: `/api/my/cart/${order.cartId}?_seller=${scene.seller.slug}&_limit=1000`,
      headers: { [APP_HEADER]: APP_HEADER_VALUE },
    });
    expect(cartRead.statusCode, cartRead.body).toBe(200);
    const owing = cartBundleSchema.parse(cartRead.json());
    expect(owing.cart_fees._data[0]!.total_outstanding).toBe('4.37');
    expect(owing.cart_fees._data[0]!.total_due).toBe('4.37');
    expect(owing.ticket_order?._data[0]?.id).toBe(order.orderId);

    // a cent more than owed is refused; the difference is taken
    expect((await pay(order.cartId, '4.38')).statusCode).toBe(422);
    const paid = await pay(order.cartId, '4.37');
    expect(paid.statusCode, paid.body).toBe(200);
    const bundle = cartBundleSchema.parse(paid.json());
    expect(bundle.cart_fees._data[0]).toMatchObject({ total_outstanding: '0.00' });
    const charges = await ctx.db
      .select()
      .from(payment)
      .where(and(eq(payment.cartId, order.cartId), eq(payment.state, 'succeeded')));
    expect(charges.map((p) => p.amount).sort((a, b) => a - b)).toEqual([437, 2500]);
    const after = await readOrder(order.orderId, order.secret);
    expect(after.json().ticket_order_fees._data[0]).toMatchObject({
      total_after_fees_price: '29.37',
      total_payments: '29.37',
      total_outstanding: '0.00',
    });

    // nothing is owed any more: another balance payment is refused
    const again = await pay(order.cartId, '0.01');
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)._code).toBe('conflict');
  });

  it('a waived move owes nothing: its mail has no balance line and no pay link', async () => {
    const order = await buyOrder(app, scene, 1);
    expect((await move(order.orderId, order.ticketIds, 'waive')).statusCode).toBe(200);
    const [mail] = await updateMailsOf(order.orderId);
    expect(mail!.textBody).toContain('This ticket was rescheduled to:');
    expect(mail!.textBody).not.toContain('Balance to pay');
    expect(mail!.textBody).not.toContain('/checkout/');
  });
});
