import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { orderBundleSchema } from '@admit/contracts/checkout';
import { orderCancelResponseSchema, orderEditResponseSchema } from '@admit/contracts/manage';
import { sellerOrdersResponseSchema } from '@admit/contracts/seller-api';
import { APP_HEADER, APP_HEADER_VALUE } from '@admit/contracts/constants';
import { ticketOrder } from '@/db/schema/cart';
import { ticketType } from '@/db/schema/catalog';
import { outbox } from '@/db/schema/mail';
import { adminCall, makeApiKey } from '@/modules/check-in/check-in-test-kit';
import {
  PURCHASER,
  cardEntry,
  checkoutCall,
  makeCart,
  orderOf,
  tokenize,
} from '@/modules/checkout/checkout-test-kit';
import { RULES_ON, manageCall, setSelfEditRules } from '@/modules/manage/manage-test-kit';
import { buildTestApp } from '@/testing/build-test-app';
import { addBody, bundleOf, cartCall, makeReserveScene } from '@/testing/cart-fixtures';
import type { ReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeSession } from '@/testing/factories';

/**
 * Fees frozen per ticket at checkout (decision 0047 "Update (frozen fees)"): once an order is
 * placed, the seller raising its service charge and tax rate (here in the database, as the
 * admin's import would) changes nothing of what the order says it cost — the order read, the
 * mail sent again, the seller API, the orders CSV and an order edit's refund all read the fees
 * each ticket was charged. A new cart pays the new fees.
 */

const NOW = new Date('2029-06-01T12:00:00Z');
// 1.50 service charge and 8.875 % tax on 20.00: 1.78; a line of 23.28
const CHARGED = [
  { name: 'fee_fixed_outside', fee: 150 },
  { name: 'fee_percent_outside', fee: 8875 },
];
// what the seller charges afterwards: 3.00 and 20 % (4.00 on 20.00), a line of 27.00
const RAISED = [
  { name: 'fee_fixed_outside', fee: 300 },
  { name: 'fee_percent_outside', fee: 20000 },
];

describeEachDatabase('orders: fees frozen per ticket at checkout', (ctx) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW, env: { MAIL_POLL_MS: '0' } });
  });
  afterAll(async () => {
    await app.close();
  });

  const newScene = () =>
    makeReserveScene(ctx.db, { type: { name: 'Adult', amount: 2000, outsideFees: CHARGED } });

  /** A guest buys two tickets by card at the fees of the day: 2 × 23.28 = 46.56. */
  async function buyTwo(scene: ReserveScene) {
    const cart = await makeCart(app, scene, 2);
    const order = orderOf(
      await checkoutCall(app, scene, {
        path: `cart/${cart.id}/guest_checkout`,
        body: {
          ...cardEntry('46.56', await tokenize(app, '4242 4242 4242 4242')),
          purchaser: PURCHASER,
        },
      }),
    );
    expect(order.ticket_order_fees._data[0]!.total_after_fees_price).toBe('46.56');
    return {
      id: order.ticket_order._data[0]!.id,
      secret: order.access_secret,
      ticketIds: order.ticket._data.map((t) => t.id),
    };
  }

  /** The order as its tickets page reads it. */
  async function readOrder(scene: ReserveScene, order: { id: string; secret: string }) {
    const read = await app.inject({
      method: 'GET',
      url: `/api/ticket_order/${order.id}?_seller=${scene.seller.slug}&secret=${order.secret}`,
      headers: { [APP_HEADER]: APP_HEADER_VALUE },
    });
    expect(read.statusCode, read.body).toBe(200);
    return orderBundleSchema.parse(read.json());
  }

  const raiseFees = (scene: ReserveScene) =>
    ctx.db.update(ticketType).set({ outsideFees: RAISED }).where(eq(ticketType.id, scene.type.id));

  it('the order read, the mail sent again and the seller API (the rows of the CSV) show the fee and tax charged', async () => {
    const scene = await newScene();
    const order = await buyTwo(scene);
    await raiseFees(scene);

    // the control: a cart made now is priced at the raised fees
    const fresh = bundleOf(
      await cartCall(app, scene.seller, {
        method: 'POST',
        path: 'my/cart/modify',
        body: addBody(scene, 1),
      }),
    );
    expect(fresh.cart_fees._data[0]).toMatchObject({
      total_fee_fixed_outside: '3.00',
      total_fee_percent_outside: '4.00',
    });
    expect(fresh.ticket._data[0]).toMatchObject({
      fee_fixed_outside: '3.00',
      fee_percent_outside: '4.00',
    });

    // the order read (completed, tickets and account pages): each ticket as charged
    const bundle = await readOrder(scene, order);
    expect(
      bundle.ticket._data.map((t) => [
        t.adjusted_value,
        t.fee_fixed_outside,
        t.fee_percent_outside,
      ]),
    ).toEqual([
      ['20.00', '1.50', '1.78'],
      ['20.00', '1.50', '1.78'],
    ]);
    expect(bundle.ticket_order_fees._data[0]!.total_after_fees_price).toBe('46.56');

    // the confirmation sent again
    await ctx.db.delete(outbox);
    const resend = await manageCall(app, scene, {
      path: `ticket_order/${order.id}/email`,
      secret: order.secret,
      body: {},
    });
    expect(resend.statusCode, resend.body).toBe(200);
    const [mail] = await ctx.db.select().from(outbox);
    for (const line of [
      '2 × Adult $40.00',
      'Service charge $3.00',
      'Tax $3.56',
      'Line total $46.56',
      'Total $46.56',
    ]) {
      expect(mail!.textBody, line).toContain(line);
    }
    expect(mail!.textBody).not.toContain('Tax $8.00');

    // the seller API: the rows the orders CSV prints (cli/commands/orders.ts; its own test shows
    // the CSV reading a ticket's frozen fees)
    const { key } = await makeApiKey(ctx.db, scene.seller.slug, 'Finance', NOW);
    const api = await adminCall(app, key, { path: `ticket_order/${order.id}` });
    expect(api.statusCode, api.body).toBe(200);
    const sold = sellerOrdersResponseSchema.parse(api.json()).ticket._data;
    expect(sold.map((t) => [t.service_charge, t.tax, t.line_total])).toEqual([
      ['1.50', '1.78', '23.28'],
      ['1.50', '1.78', '23.28'],
    ]);
  });

  it('an order edit refunds a cancelled ticket what it was charged, not its price at the new fees', async () => {
    const scene = await newScene();
    await setSelfEditRules(ctx.db, scene.seller.id, RULES_ON);
    const order = await buyTwo(scene);
    await raiseFees(scene);
    const res = await manageCall(app, scene, {
      path: `ticket_order/${order.id}/cancel`,
      secret: order.secret,
      body: { tickets: [order.ticketIds[0]!] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = orderCancelResponseSchema.parse(res.json());
    // 23.28 back (27.00 at the raised fees would be more than the ticket cost)
    expect(body.payment_refund._data.map((r) => r.amount)).toEqual(['23.28']);
    const [row] = await ctx.db.select().from(ticketOrder).where(eq(ticketOrder.id, order.id));
    expect([
      row!.totalFeeFixedOutside,
      row!.totalFeePercentOutside,
      row!.totalAfterFeesPrice,
    ]).toEqual([150, 178, 2328]);
  });

  it('a ticket an edit adds keeps the fees the edit charged it', async () => {
    const scene = await newScene();
    await setSelfEditRules(ctx.db, scene.seller.id, RULES_ON);
    const later = await makeSession(ctx.db, scene.event, {
      startDatetime: new Date('2030-01-03T15:00:00Z'),
      capacity: 50,
    });
    const order = await buyTwo(scene);
    const manage = (path: string, body: unknown) =>
      manageCall(app, scene, {
        path: `ticket_order/${order.id}/${path}`,
        secret: order.secret,
        body,
      });
    const edit = await manage('edit', {
      reschedule: [{ ticket_ids: [order.ticketIds[0]!], event_session_id: later.id }],
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(orderEditResponseSchema.parse(edit.json()).order_edit._data[0]).toMatchObject({
      difference: '0.00',
    });
    const commit = await manage('edit/pay', {
      amount: '0.00',
      gateway_id: 'free',
      gateway_data: {},
    });
    expect(commit.statusCode, commit.body).toBe(201);
    await raiseFees(scene);
    const bundle = await readOrder(scene, order);
    const moved = bundle.ticket._data.find((t) => t.event_session_id === later.id)!;
    expect([moved.state, moved.fee_fixed_outside, moved.fee_percent_outside]).toEqual([
      'booked',
      '1.50',
      '1.78',
    ]);
    expect(bundle.ticket_order_fees._data[0]!.total_after_fees_price).toBe('46.56');
  });
});
