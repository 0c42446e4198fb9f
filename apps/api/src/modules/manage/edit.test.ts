import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkoutResponseSchema } from '@admit/contracts/checkout';
import { CANCEL_ORDER_MESSAGES, orderEditResponseSchema } from '@admit/contracts/manage';
import { paymentRefund } from '@/db/schema/aftersale';
import { ticket, ticketOrder } from '@/db/schema/cart';
import { eventSession } from '@/db/schema/sessions';
import { outbox } from '@/db/schema/mail';
import { sweepExpiredCarts } from '@/modules/cart/expiry';
import { cardEntry, newKey, tokenize } from '@/modules/checkout/checkout-test-kit';
import { idempotencyTestHooks } from '@/modules/payments/idempotent-run';
import { buildTestApp } from '@/testing/build-test-app';
import { errorOf, makeReserveScene, type ReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import {
  makeSession,
  makeTicketType,
  type SessionRow,
  type TicketTypeRow,
} from '@/testing/factories';
import { RULES_ON, buyOrder, manageCall, setSelfEditRules } from './manage-test-kit';

const START = new Date('2029-06-01T12:00:00Z');
const FREE = { amount: '0.00', gateway_id: 'free', gateway_data: {} };

describeEachDatabase('manage: the order edit (reschedule, pay the difference, refunds)', (ctx) => {
  let app: FastifyInstance;
  let clock = START;
  let scene: ReserveScene;
  let later: SessionRow;
  let premium: TicketTypeRow;
  let child: TicketTypeRow;

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: () => clock, env: { MAIL_POLL_MS: '0' } });
    scene = await makeReserveScene(ctx.db);
    await setSelfEditRules(ctx.db, scene.seller.id, RULES_ON);
    later = await makeSession(ctx.db, scene.event, {
      startDatetime: new Date('2030-02-01T15:00:00Z'),
      capacity: 50,
    });
    premium = await makeTicketType(ctx.db, scene.group, { name: 'Premium', amount: 4000 });
    child = await makeTicketType(ctx.db, scene.group, { name: 'Child', amount: 1000 });
  });
  afterAll(async () => {
    await app.close();
  });

  const used = async (id: string) =>
    (await ctx.db.select().from(eventSession).where(eq(eventSession.id, id)))[0]!.usedCapacity;
  const edit = (order: { orderId: string; secret: string }, body: unknown) =>
    manageCall(app, scene, {
      path: `ticket_order/${order.orderId}/edit`,
      secret: order.secret,
      body,
    });
  const pay = (order: { orderId: string; secret: string }, body: unknown) =>
    manageCall(app, scene, {
      path: `ticket_order/${order.orderId}/edit/pay`,
      secret: order.secret,
      body,
    });
  const move = (ids: string[], type?: string) => ({
    reschedule: [
      { ticket_ids: ids, event_session_id: later.id, ...(type ? { ticket_type_id: type } : {}) },
    ],
  });

  it('holds the new place at once, returns the old one only on commit, and mails order_update', async () => {
    const order = await buyOrder(app, scene, 2);
    const [s1, s2] = [await used(scene.session.id), await used(later.id)];
    const res = await edit(order, move([order.ticketIds[0]!]));
    expect(res.statusCode, res.body).toBe(200);
    const view = orderEditResponseSchema.parse(res.json());
    expect(view.order_edit._data[0]).toMatchObject({
      kind: 'reschedule',
      credit: '25.00',
      added: '25.00',
      difference: '0.00',
      cancelled_ticket_ids: [],
    });
    expect([await used(scene.session.id), await used(later.id)]).toEqual([s1, s2 + 1]);
    const done = await pay(order, FREE);
    expect(done.statusCode, done.body).toBe(201);
    const body = checkoutResponseSchema.parse(done.json());
    expect(body.access_secret).toBe(order.secret);
    const states = body.ticket._data.map((t) => [t.event_session_id, t.state]);
    expect(states).toEqual(
      expect.arrayContaining([
        [scene.session.id, 'cancelled'],
        [scene.session.id, 'booked'],
        [later.id, 'booked'],
      ]),
    );
    expect(body.ticket_order_fees._data[0]).toMatchObject({
      total_after_fees_price: '50.00',
      total_outstanding: '0.00',
    });
    expect([await used(scene.session.id), await used(later.id)]).toEqual([s1 - 1, s2 + 1]);
    const mails = await ctx.db.select().from(outbox).where(eq(outbox.kind, 'order_update'));
    expect(mails.length).toBe(1);
    expect(mails[0]!.textBody).toContain(`/manage/${order.orderId}?secret=`);
    // issue #25: a reschedule's mail says rescheduled (not cancelled), and what it cost
    expect(mails[0]!.subject).toContain('rescheduled order');
    expect(mails[0]!.textBody).toContain('Your tickets have been rescheduled');
    expect(mails[0]!.textBody).toContain('This ticket was rescheduled to:');
    expect(mails[0]!.textBody).not.toContain('was cancelled');
    expect(mails[0]!.textBody).toContain('The change cost nothing extra.');
    // the edit is over: the read answers 204, nothing is open
    const again = await manageCall(app, scene, {
      method: 'GET',
      path: `ticket_order/${order.orderId}/edit`,
      secret: order.secret,
    });
    expect(again.statusCode).toBe(204);
  });

  it('the confirmation links the manage page only while the seller lets buyers edit', async () => {
    const order = await buyOrder(app, scene, 1);
    await setSelfEditRules(ctx.db, scene.seller.id, { anon_editing: false });
    const closed = await buyOrder(app, scene, 1);
    await setSelfEditRules(ctx.db, scene.seller.id, RULES_ON);
    const mails = await ctx.db.select().from(outbox).where(eq(outbox.kind, 'order_confirmation'));
    const mailOf = (id: string) => mails.find((m) => m.textBody.includes(`/ticket_order/${id}?`))!;
    expect(mailOf(order.orderId).textBody).toContain(
      `/${scene.seller.slug}/manage/${order.orderId}?secret=${order.secret}`,
    );
    expect(mailOf(closed.orderId).textBody).not.toContain('/manage/');
  });

  it('the edit read answers 204 while no edit is open (not a 404 on every manage visit), 200 once one is', async () => {
    const order = await buyOrder(app, scene, 1);
    const read = () =>
      manageCall(app, scene, {
        method: 'GET',
        path: `ticket_order/${order.orderId}/edit`,
        secret: order.secret,
      });
    const none = await read();
    expect(none.statusCode).toBe(204);
    expect(none.body).toBe('');
    await edit(order, move(order.ticketIds));
    const open = await read();
    expect(open.statusCode).toBe(200);
    expect(orderEditResponseSchema.parse(open.json()).order_edit._data[0]!.ticket_order_id).toBe(
      order.orderId,
    );
    // a stranger without the secret still learns nothing
    const stranger = await manageCall(app, scene, {
      method: 'GET',
      path: `ticket_order/${order.orderId}/edit`,
      secret: 'not-the-secret',
    });
    expect(stranger.statusCode).toBe(404);
    // the held place goes back, so the suite's capacity counts stay its own
    await manageCall(app, scene, {
      method: 'DELETE',
      path: `ticket_order/${order.orderId}/edit`,
      secret: order.secret,
    });
  });

  it('Cancel discards the edit: the new holds go back, the order is untouched', async () => {
    const order = await buyOrder(app, scene, 1);
    const s2 = await used(later.id);
    await edit(order, move(order.ticketIds));
    expect(await used(later.id)).toBe(s2 + 1);
    const res = await manageCall(app, scene, {
      method: 'DELETE',
      path: `ticket_order/${order.orderId}/edit`,
      secret: order.secret,
    });
    expect(res.statusCode).toBe(204);
    expect(await used(later.id)).toBe(s2);
    const tickets = await ctx.db
      .select()
      .from(ticket)
      .where(eq(ticket.ticketOrderId, order.orderId));
    expect(tickets.map((t) => t.state)).toEqual(['booked']);
    // a discarded edit is over like an expired one
    expect((await pay(order, FREE)).statusCode).toBe(410);
  });

  it('a dearer reschedule pays the difference by card; free is refused for it', async () => {
    const order = await buyOrder(app, scene, 2);
    const view = orderEditResponseSchema.parse(
      (await edit(order, move([order.ticketIds[0]!], premium.id))).json(),
    );
    expect(view.order_edit._data[0]).toMatchObject({ difference: '15.00' });
    expect(view.cart_fees._data[0]!.total_outstanding).toBe('15.00');
    const free = await pay(order, FREE);
    expect(free.statusCode).toBe(422);
    const card = await pay(order, cardEntry('15.00', await tokenize(app, '4242424242424242')));
    expect(card.statusCode, card.body).toBe(201);
    const body = checkoutResponseSchema.parse(card.json());
    expect(body.ticket_order_fees._data[0]).toMatchObject({
      total_after_fees_price: '65.00',
      total_payments: '65.00',
      total_outstanding: '0.00',
    });
    // issue #25: the reschedule mail names the charge
    const mail = (await ctx.db.select().from(outbox).where(eq(outbox.kind, 'order_update'))).find(
      (m) => m.textBody.includes(`/ticket_order/${order.orderId}?`),
    );
    expect(mail!.textBody).toContain('This ticket was rescheduled to:');
    expect(mail!.textBody).toContain('$15.00 was charged for the change.');
  });

  it('a cheaper reschedule and a cancel in the edit are refunded on commit', async () => {
    const order = await buyOrder(app, scene, 2);
    await edit(order, move([order.ticketIds[0]!], child.id));
    const view = orderEditResponseSchema.parse(
      (await edit(order, { cancel: [order.ticketIds[1]!] })).json(),
    );
    expect(view.order_edit._data[0]).toMatchObject({
      kind: 'reschedule',
      credit: '50.00',
      added: '10.00',
      difference: '-40.00',
      cancelled_ticket_ids: [order.ticketIds[1]],
    });
    const res = await pay(order, FREE);
    expect(res.statusCode, res.body).toBe(201);
    const refunds = await ctx.db
      .select()
      .from(paymentRefund)
      .where(eq(paymentRefund.ticketOrderId, order.orderId));
    expect(refunds.map((r) => [r.amount, r.state, r.reason])).toEqual([
      [4000, 'refunded', 'order_update'],
    ]);
    const [row] = await ctx.db.select().from(ticketOrder).where(eq(ticketOrder.id, order.orderId));
    expect(row!.totalAfterFeesPrice).toBe(1000);
  });

  it('extends the edit in its last minute only (the cart rule), and a lost commit answer is found again by its key', async () => {
    const order = await buyOrder(app, scene, 1);
    const opened = orderEditResponseSchema.parse((await edit(order, move(order.ticketIds))).json());
    const expiresAt = Date.parse(opened.order_edit._data[0]!.expires_at);
    const extend = (to: number) =>
      manageCall(app, scene, {
        method: 'PATCH',
        path: `ticket_order/${order.orderId}/edit`,
        secret: order.secret,
        body: { expires_at: new Date(to).toISOString() },
      });
    expect((await extend(expiresAt + 120_000)).statusCode).toBe(422);
    clock = new Date(expiresAt - 30_000);
    try {
      const res = await extend(expiresAt + 120_000);
      expect(res.statusCode, res.body).toBe(200);
      expect(orderEditResponseSchema.parse(res.json()).order_edit._data[0]!.expires_in).toBe(150);

      const key = newKey();
      idempotencyTestHooks.beforeStore = () => {
        throw new Error('crash before the answer is stored');
      };
      const lost = await manageCall(app, scene, {
        path: `ticket_order/${order.orderId}/edit/pay`,
        secret: order.secret,
        body: FREE,
        key,
      });
      expect(lost.statusCode).toBe(500);
      idempotencyTestHooks.beforeStore = null;
      const retry = await manageCall(app, scene, {
        path: `ticket_order/${order.orderId}/edit/pay`,
        secret: order.secret,
        body: FREE,
        key,
      });
      expect(retry.statusCode, retry.body).toBe(201);
      const states = checkoutResponseSchema.parse(retry.json()).ticket._data.map((t) => t.state);
      expect(states.sort()).toEqual(['booked', 'cancelled']);
    } finally {
      idempotencyTestHooks.beforeStore = null;
      clock = START;
    }
  });

  it('restores a changed ticket, refuses what the rules do not allow, and lets an edit expire', async () => {
    const order = await buyOrder(app, scene, 1);
    const s2 = await used(later.id);
    await edit(order, move(order.ticketIds));
    const restored = orderEditResponseSchema.parse(
      (await edit(order, { restore: order.ticketIds })).json(),
    );
    expect(restored.order_edit._data[0]).toMatchObject({ kind: 'none', difference: '0.00' });
    expect(await used(later.id)).toBe(s2);
    const stranger = await edit(order, { cancel: [crypto.randomUUID()] });
    expect(errorOf(stranger)._code).toBe('ticket_not_found');
    const past = await edit(order, {
      reschedule: [
        {
          ticket_ids: order.ticketIds,
          event_session_id: scene.session.id,
          ticket_type_id: crypto.randomUUID(),
        },
      ],
    });
    expect(past.statusCode).toBe(404);

    const held = orderEditResponseSchema.parse((await edit(order, move(order.ticketIds))).json());
    clock = new Date(START.getTime() + 60 * 60_000);
    try {
      await sweepExpiredCarts(ctx.db, clock);
      expect(await used(later.id)).toBe(s2);
      // identity §8 manage: an expired edit answers cart_expired (the restart message)
      const late = await pay(order, FREE);
      expect(late.statusCode).toBe(410);
      expect(errorOf(late)._code).toBe('cart_expired');
      const stale = await edit(order, { cart_id: held.cart._data[0]!.id, cancel: order.ticketIds });
      expect(errorOf(stale)._code).toBe('cart_expired');
      expect(await used(later.id)).toBe(s2);
    } finally {
      clock = START;
    }

    await setSelfEditRules(ctx.db, scene.seller.id, { anon_editing: false });
    try {
      const off = await edit(order, move(order.ticketIds));
      expect(off.statusCode).toBe(403);
      expect(errorOf(off)._description).toBe(CANCEL_ORDER_MESSAGES.contactToReschedule);
    } finally {
      await setSelfEditRules(ctx.db, scene.seller.id, RULES_ON);
    }
  });
});
