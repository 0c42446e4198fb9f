import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkoutResponseSchema } from '@admit/contracts/checkout';
import { orderEditResponseSchema } from '@admit/contracts/manage';
import { paymentRefund } from '@/db/schema/aftersale';
import { cardEntry, tokenize } from '@/modules/checkout/checkout-test-kit';
import { buildTestApp } from '@/testing/build-test-app';
import { makeReserveScene, type ReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import type { SessionRow } from '@/testing/factories';
import {
  RULES_ON,
  buyOrder,
  makePricedSessions,
  manageCall,
  setSelfEditRules,
} from './manage-test-kit';

const NOW = new Date('2029-06-01T12:00:00Z');
const FREE = { amount: '0.00', gateway_id: 'free', gateway_data: {} };

// spec: identity §4 "Reschedule" — the server prices the new session (decision 0043), so a
// ticket moved to a dearer session keeping its type owes the difference, a cheaper one is refunded
describeEachDatabase('manage: rescheduling to a session with its own price', (ctx) => {
  let app: FastifyInstance;
  let scene: ReserveScene;
  let dearer: SessionRow;
  let cheaper: SessionRow;

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW, env: { MAIL_POLL_MS: '0' } });
    scene = await makeReserveScene(ctx.db, { type: { amount: 2500 } });
    await setSelfEditRules(ctx.db, scene.seller.id, RULES_ON);
    ({ dearer, cheaper } = await makePricedSessions(ctx.db, scene, {
      dearer: 2900,
      cheaper: 2000,
    }));
  });
  afterAll(async () => {
    await app.close();
  });

  const call = (order: { orderId: string; secret: string }, path: string, body: unknown) =>
    manageCall(app, scene, {
      path: `ticket_order/${order.orderId}/${path}`,
      secret: order.secret,
      body,
    });
  const move = (ids: string[], session: SessionRow) => ({
    reschedule: [{ ticket_ids: ids, event_session_id: session.id }],
  });

  it('a dearer session, same type: the difference is owed and paid by card', async () => {
    const order = await buyOrder(app, scene, 2);
    const view = orderEditResponseSchema.parse(
      (await call(order, 'edit', move([order.ticketIds[0]!], dearer))).json(),
    );
    expect(view.order_edit._data[0]).toMatchObject({
      credit: '25.00',
      added: '29.00',
      difference: '4.00',
    });
    expect(view.cart_fees._data[0]!.total_outstanding).toBe('4.00');
    expect((await call(order, 'edit/pay', FREE)).statusCode).toBe(422);
    const paid = await call(
      order,
      'edit/pay',
      cardEntry('4.00', await tokenize(app, '4242424242424242')),
    );
    expect(paid.statusCode, paid.body).toBe(201);
    const body = checkoutResponseSchema.parse(paid.json());
    const moved = body.ticket._data.find((t) => t.event_session_id === dearer.id)!;
    expect([moved.ticket_type_id, moved.face_value, moved.state]).toEqual([
      scene.type.id,
      '29.00',
      'booked',
    ]);
    expect(body.ticket_order_fees._data[0]).toMatchObject({
      total_after_fees_price: '54.00',
      total_payments: '54.00',
      total_outstanding: '0.00',
    });
  });

  it('a cheaper session, same type: nothing to pay and the difference is refunded on commit', async () => {
    const order = await buyOrder(app, scene, 1);
    const view = orderEditResponseSchema.parse(
      (await call(order, 'edit', move(order.ticketIds, cheaper))).json(),
    );
    expect(view.order_edit._data[0]).toMatchObject({ difference: '-5.00' });
    const res = await call(order, 'edit/pay', FREE);
    expect(res.statusCode, res.body).toBe(201);
    const refunds = await ctx.db
      .select()
      .from(paymentRefund)
      .where(eq(paymentRefund.ticketOrderId, order.orderId));
    expect(refunds.map((r) => r.amount)).toEqual([500]);
  });
});
