import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CANCEL_ORDER_MESSAGES, orderCancelResponseSchema } from '@admit/contracts/manage';
import { buildTestApp } from '@/testing/build-test-app';
import { errorOf, makeReserveScene, type ReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import {
  RULES_ON,
  buyOrder,
  ledgerOf,
  manageCall,
  setSelfEditRules,
  type BoughtOrder,
} from './manage-test-kit';

const NOW = new Date('2029-06-01T12:00:00Z');

/**
 * POST ticket_order/{id}/cancel?dry_run=true (issue #25, decision 0098): the cancel's answer as
 * it would be, with nothing cancelled, refunded or mailed.
 */
describeEachDatabase('manage: a cancel previewed with dry_run', (ctx) => {
  let app: FastifyInstance;
  let scene: ReserveScene;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW, env: { MAIL_POLL_MS: '0' } });
    scene = await makeReserveScene(ctx.db);
  });
  afterAll(async () => {
    await app.close();
  });

  const preview = (order: BoughtOrder, tickets: string[]) =>
    manageCall(app, scene, {
      path: `ticket_order/${order.orderId}/cancel`,
      secret: order.secret,
      body: { tickets },
      // a preview keeps nothing, so it needs no Idempotency-Key
      key: null,
      query: 'dry_run=true',
    });
  const cancel = (order: BoughtOrder, tickets: string[]) =>
    manageCall(app, scene, {
      path: `ticket_order/${order.orderId}/cancel`,
      secret: order.secret,
      body: { tickets },
    });
  const statesOf = (body: unknown) =>
    Object.fromEntries(
      orderCancelResponseSchema.parse(body).ticket._data.map((t) => [t.id, t.state]),
    );

  it('answers what the cancel would cancel and refund, and changes nothing', async () => {
    await setSelfEditRules(ctx.db, scene.seller.id, RULES_ON);
    const order = await buyOrder(app, scene, 2);
    const before = await ledgerOf(ctx.db, scene, order.orderId);
    const res = await preview(order, [order.ticketIds[0]!]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const previewed = orderCancelResponseSchema.parse(res.json());
    expect(statesOf(previewed)).toEqual({
      [order.ticketIds[0]!]: 'cancelled',
      [order.ticketIds[1]!]: 'booked',
    });
    expect(previewed.payment_refund._data).toMatchObject([
      { amount: '25.00', gateway_id: 'stripe', reason: 'order_cancel' },
    ]);
    expect(previewed.ticket_order_fees._data[0]?.total_after_fees_price).toBe('25.00');
    // nothing kept: tickets, places, refunds and mails as they were
    const after = await ledgerOf(ctx.db, scene, order.orderId);
    expect(after.tickets.map((t) => t.state)).toEqual(['booked', 'booked']);
    expect(after.used).toBe(before.used);
    expect(after.refunds).toEqual([]);
    expect(after.mails.length).toBe(before.mails.length);
    // control: the cancel itself gives the same tickets and refund, and keeps them
    const done = await cancel(order, [order.ticketIds[0]!]);
    expect(done.statusCode, done.body).toBe(200);
    expect(statesOf(done.json())).toEqual(statesOf(previewed));
    expect((await ledgerOf(ctx.db, scene, order.orderId)).refunds.map((r) => r.amount)).toEqual([
      2500,
    ]);
  });

  it('refuses what the cancel would refuse, with its refusal', async () => {
    await setSelfEditRules(ctx.db, scene.seller.id, { ...RULES_ON, enabled: false });
    const order = await buyOrder(app, scene, 1);
    const res = await preview(order, order.ticketIds);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)._description).toBe(CANCEL_ORDER_MESSAGES.contactToCancel);
  });

  it('a cancel without dry_run still needs its Idempotency-Key', async () => {
    await setSelfEditRules(ctx.db, scene.seller.id, RULES_ON);
    const order = await buyOrder(app, scene, 1);
    const res = await manageCall(app, scene, {
      path: `ticket_order/${order.orderId}/cancel`,
      secret: order.secret,
      body: { tickets: order.ticketIds },
      key: null,
      query: 'dry_run=false',
    });
    expect(res.statusCode).toBe(400);
    expect((await ledgerOf(ctx.db, scene, order.orderId)).tickets[0]?.state).toBe('booked');
  });
});
