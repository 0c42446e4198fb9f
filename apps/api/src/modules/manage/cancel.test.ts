import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  CANCEL_ORDER_MESSAGES,
  LOG_OUT_TO_EDIT_MESSAGE,
  SELECT_ONE_TICKET_MESSAGE,
  orderCancelResponseSchema,
} from '@admit/contracts/manage';
import { paymentRefund } from '@/db/schema/aftersale';
import { ticketOrder } from '@/db/schema/cart';
import { outbox } from '@/db/schema/mail';
import { idempotencyTestHooks } from '@/modules/payments/idempotent-run';
import { buildTestApp } from '@/testing/build-test-app';
import { errorOf, makeReserveScene, type ReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeUser } from '@/testing/identity-factories';
import { newKey } from '@/modules/checkout/checkout-test-kit';
import {
  RULES_ON,
  buyOrder,
  ledgerOf,
  makeGiftCard,
  manageCall,
  setSelfEditRules,
} from './manage-test-kit';

const NOW = new Date('2029-06-01T12:00:00Z');

describeEachDatabase('manage: POST ticket_order/{id}/cancel', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW, env: { MAIL_POLL_MS: '0' } });
  });
  afterAll(async () => {
    await app.close();
  });
  afterEach(() => {
    idempotencyTestHooks.beforeStore = null;
  });

  const cancel = (
    scene: ReserveScene,
    orderId: string,
    secret: string | null,
    tickets: string[],
    key?: string,
  ) =>
    manageCall(app, scene, {
      path: `ticket_order/${orderId}/cancel`,
      secret,
      body: { tickets },
      key,
    });

  describe('a free order (identity §5 free-order cancel)', () => {
    let scene: ReserveScene;
    beforeAll(async () => {
      scene = await makeReserveScene(ctx.db, { type: { amount: 0 } });
    });

    it('cancels the selected tickets without self-edit rules, gives the places back once and mails order_cancel', async () => {
      const order = await buyOrder(app, scene, 3);
      const before = await ledgerOf(ctx.db, scene, order.orderId);
      const res = await cancel(scene, order.orderId, order.secret, order.ticketIds.slice(0, 2));
      expect(res.statusCode, res.body).toBe(200);
      const body = orderCancelResponseSchema.parse(res.json());
      expect(body.payment_refund._data).toEqual([]);
      const states = Object.fromEntries(body.ticket._data.map((t) => [t.id, t.state]));
      expect(states).toEqual({
        [order.ticketIds[0]!]: 'cancelled',
        [order.ticketIds[1]!]: 'cancelled',
        [order.ticketIds[2]!]: 'booked',
      });
      const after = await ledgerOf(ctx.db, scene, order.orderId);
      expect(after.used).toBe(before.used - 2);
      const mails = await ctx.db.select().from(outbox).where(eq(outbox.kind, 'order_cancel'));
      const mail = mails.find((m) => m.subject.includes('tickets cancelled'));
      expect(mail?.toAddress).toBe('grace@example.org');
      expect(mail?.textBody).toContain('These tickets were cancelled:');
      expect(mail?.textBody).toContain(`/ticket_order/${order.orderId}?secret=`);

      // the same ticket again (another key): the guard refuses, nothing moves
      const again = await cancel(scene, order.orderId, order.secret, [order.ticketIds[0]!]);
      expect(again.statusCode).toBe(422);
      expect(errorOf(again)._code).toBe('ticket_state_incorrect');
      expect((await ledgerOf(ctx.db, scene, order.orderId)).used).toBe(after.used);
    });

    it('refuses a past session (tickets_too_old), a ticket of another order (ticket_not_found) and an empty list — all or nothing', async () => {
      const order = await buyOrder(app, scene, 2);
      const other = await buyOrder(app, scene, 1);
      const stranger = await cancel(scene, order.orderId, order.secret, [
        order.ticketIds[0]!,
        other.ticketIds[0]!,
      ]);
      expect(stranger.statusCode).toBe(404);
      expect(errorOf(stranger)).toMatchObject({
        _code: 'ticket_not_found',
        _context: 'cart_remove_tickets',
      });
      const empty = await cancel(scene, order.orderId, order.secret, []);
      expect(errorOf(empty)).toMatchObject({
        _code: 'validation_failed',
        _description: SELECT_ONE_TICKET_MESSAGE,
      });
      const tickets = (await ledgerOf(ctx.db, scene, order.orderId)).tickets;
      expect(tickets.every((t) => t.state === 'booked')).toBe(true);

      const late = await buildTestApp(ctx.database, {
        now: new Date(scene.session.startDatetime.getTime() + 60_000),
        env: { MAIL_POLL_MS: '0' },
      });
      try {
        const res = await cancel(scene, order.orderId, order.secret, [order.ticketIds[0]!]);
        expect(res.statusCode).toBe(200); // the first app's clock: before the session
        const old = await manageCall(late, scene, {
          path: `ticket_order/${order.orderId}/cancel`,
          secret: order.secret,
          body: { tickets: [order.ticketIds[1]!] },
        });
        expect(old.statusCode).toBe(422);
        expect(errorOf(old)._code).toBe('tickets_too_old');
      } finally {
        await late.close();
      }
    });

    it('answers the order read’s 404 without the secret, 403 to a logged-in member, 400 without a key', async () => {
      const order = await buyOrder(app, scene, 1);
      const ids = order.ticketIds;
      expect((await cancel(scene, order.orderId, null, ids)).statusCode).toBe(404);
      expect((await cancel(scene, order.orderId, 'wrong-secret', ids)).statusCode).toBe(404);
      const member = await makeUser(ctx.db, scene.seller, { email: 'member@example.org' });
      const { token } = await app.sessions.createSession(member.id, scene.seller.id);
      const loggedIn = await manageCall(app, scene, {
        path: `ticket_order/${order.orderId}/cancel`,
        secret: order.secret,
        body: { tickets: ids },
        token,
      });
      expect(loggedIn.statusCode).toBe(403);
      expect(errorOf(loggedIn)._description).toBe(LOG_OUT_TO_EDIT_MESSAGE);
      const noKey = await manageCall(app, scene, {
        path: `ticket_order/${order.orderId}/cancel`,
        secret: order.secret,
        body: { tickets: ids },
        key: null,
      });
      expect(errorOf(noKey)).toMatchObject({
        _code: 'validation_failed',
        _extra: { field: 'Idempotency-Key' },
      });
      expect((await ledgerOf(ctx.db, scene, order.orderId)).tickets[0]!.state).toBe('booked');
    });
  });

  describe('a paid order (self-edit rules, refunds)', () => {
    let scene: ReserveScene;
    beforeAll(async () => {
      scene = await makeReserveScene(ctx.db);
    });

    it('refuses a paid ticket while self-editing is off: contact us', async () => {
      const order = await buyOrder(app, scene, 1);
      const res = await cancel(scene, order.orderId, order.secret, order.ticketIds);
      expect(res.statusCode).toBe(403);
      expect(errorOf(res)._description).toBe(CANCEL_ORDER_MESSAGES.contactToCancel);
      // enabled but not for anonymous editing: still refused (identity §6)
      await setSelfEditRules(ctx.db, scene.seller.id, { ...RULES_ON, anon_editing: false });
      expect((await cancel(scene, order.orderId, order.secret, order.ticketIds)).statusCode).toBe(
        403,
      );
    });

    it('cancels one of two card-paid tickets: refund to the card, new total, places back, mail names the refund', async () => {
      await setSelfEditRules(ctx.db, scene.seller.id, RULES_ON);
      const order = await buyOrder(app, scene, 2);
      const before = await ledgerOf(ctx.db, scene, order.orderId);
      const res = await cancel(scene, order.orderId, order.secret, [order.ticketIds[0]!]);
      expect(res.statusCode, res.body).toBe(200);
      const body = orderCancelResponseSchema.parse(res.json());
      expect(body.payment_refund._data).toMatchObject([
        { amount: '25.00', gateway_id: 'stripe', state: 'refunded', reason: 'order_cancel' },
      ]);
      expect(body.ticket_order_fees._data[0]).toMatchObject({
        total_after_fees_price: '25.00',
        total_payments: '25.00',
        total_outstanding: '0.00',
      });
      expect((await ledgerOf(ctx.db, scene, order.orderId)).used).toBe(before.used - 1);
      const mails = await ctx.db.select().from(outbox).where(eq(outbox.kind, 'order_cancel'));
      expect(mails.some((m) => m.textBody.includes('$25.00 will be refunded'))).toBe(true);
    });

    it('gives the latest payment back first and the gift card part back to the card', async () => {
      await setSelfEditRules(ctx.db, scene.seller.id, RULES_ON);
      const balance = await makeGiftCard(ctx.db, scene.seller.id, 'GIFTCANCEL01', 1000);
      const order = await buyOrder(app, scene, 2, {
        giftCard: { number: 'GIFTCANCEL01', amount: '10.00' },
      });
      expect(await balance()).toBe(0);
      await cancel(scene, order.orderId, order.secret, [order.ticketIds[0]!]);
      let refunds = (await ledgerOf(ctx.db, scene, order.orderId)).refunds;
      expect(refunds.map((r) => r.amount)).toEqual([2500]);
      expect(await balance()).toBe(0);
      await cancel(scene, order.orderId, order.secret, [order.ticketIds[1]!]);
      refunds = (await ledgerOf(ctx.db, scene, order.orderId)).refunds;
      expect(refunds.map((r) => r.amount).sort((a, b) => a - b)).toEqual([1000, 1500, 2500]);
      expect(refunds.every((r) => r.state === 'refunded')).toBe(true);
      expect(await balance()).toBe(1000);
      const [row] = await ctx.db
        .select()
        .from(ticketOrder)
        .where(eq(ticketOrder.id, order.orderId));
      expect(row!.totalAfterFeesPrice).toBe(0);
    });

    it('refuses a session within the horizon (tickets_too_old)', async () => {
      const order = await buyOrder(app, scene, 1);
      const days =
        Math.ceil((scene.session.startDatetime.getTime() - NOW.getTime()) / 86_400_000) + 1;
      await setSelfEditRules(ctx.db, scene.seller.id, { ...RULES_ON, horizon_days: days });
      const res = await cancel(scene, order.orderId, order.secret, order.ticketIds);
      expect(res.statusCode).toBe(422);
      expect(errorOf(res)._code).toBe('tickets_too_old');
      await setSelfEditRules(ctx.db, scene.seller.id, RULES_ON);
    });

    it('replays the first answer for the same key; a retry after a lost answer finds the cancel done', async () => {
      await setSelfEditRules(ctx.db, scene.seller.id, RULES_ON);
      const order = await buyOrder(app, scene, 2);
      const key = newKey();
      const first = await cancel(scene, order.orderId, order.secret, [order.ticketIds[0]!], key);
      const replay = await cancel(scene, order.orderId, order.secret, [order.ticketIds[0]!], key);
      expect(replay.statusCode).toBe(200);
      expect(replay.json()).toEqual(first.json());
      const other = await cancel(scene, order.orderId, order.secret, [order.ticketIds[1]!], key);
      expect(other.statusCode).toBe(422); // the key stands for the first request only

      // the answer dies after the cancel committed: the retry answers the order, one refund
      const lostKey = newKey();
      idempotencyTestHooks.beforeStore = () => {
        throw new Error('crash before the answer is stored');
      };
      const lost = await cancel(scene, order.orderId, order.secret, [order.ticketIds[1]!], lostKey);
      expect(lost.statusCode).toBe(500);
      idempotencyTestHooks.beforeStore = null;
      const retry = await cancel(
        scene,
        order.orderId,
        order.secret,
        [order.ticketIds[1]!],
        lostKey,
      );
      expect(retry.statusCode, retry.body).toBe(200);
      const refunds = await ctx.db
        .select()
        .from(paymentRefund)
        .where(eq(paymentRefund.ticketOrderId, order.orderId));
      expect(refunds.map((r) => r.amount)).toEqual([2500, 2500]);
    });

    it('the payment job finishes a refund whose request died before the gateway call', async () => {
      await setSelfEditRules(ctx.db, scene.seller.id, RULES_ON);
      const order = await buyOrder(app, scene, 1);
      await cancel(scene, order.orderId, order.secret, order.ticketIds);
      // as if the request died after the commit: the refund back to pending, its lease over
      await ctx.db
        .update(paymentRefund)
        .set({ state: 'pending', updatedAt: new Date(NOW.getTime() - 60_000) })
        .where(eq(paymentRefund.ticketOrderId, order.orderId));
      expect(await app.paymentSettlement.recover()).toBeGreaterThanOrEqual(1);
      const [refund] = await ctx.db
        .select()
        .from(paymentRefund)
        .where(eq(paymentRefund.ticketOrderId, order.orderId));
      expect(refund).toMatchObject({ state: 'refunded', amount: 2500 });
      expect(await app.paymentSettlement.recover()).toBe(0);
    });
  });
});
