import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type {
  OfficeOrderResponse,
  OfficeOrderSearchResponse,
} from '@admit/contracts/office-orders';
import { ticket, ticketOrder } from '@/db/schema/cart';
import { outbox } from '@/db/schema/mail';
import { buildTestApp } from '@/testing/build-test-app';
import { makeReserveScene, type ReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { paymentRefund } from '@/db/schema/aftersale';
import { payment } from '@/db/schema/payments';
import {
  buyOrder,
  ledgerOf,
  makeGiftCard,
  type BoughtOrder,
} from '@/modules/manage/manage-test-kit';
import { auditOf, makeStaff, officeCall, officeLogin } from '@/modules/office/office.test-kit';

/**
 * The box office's orders (decision 0087): search and read, resend, cancel and refund, notes,
 * a lost ticket's code; owners and box office allowed, door refused, another seller's orders
 * never found, every write audited.
 */

const NOW = new Date('2029-06-01T12:00:00Z');
type Role = 'owner' | 'box_office' | 'door';

describeEachDatabase('office: orders', (ctx) => {
  let app: FastifyInstance;
  let scene: ReserveScene;
  let other: ReserveScene;
  let theirOrder: BoughtOrder;
  const cookies = {} as Record<Role | 'otherOwner', string>;

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW, env: { MAIL_POLL_MS: '0' } });
    scene = await makeReserveScene(ctx.db);
    other = await makeReserveScene(ctx.db);
    for (const role of ['owner', 'box_office', 'door'] as const) {
      const user = await makeStaff(ctx.db, scene.seller.id, role);
      cookies[role] = await officeLogin(app, scene.seller.slug, user.email);
    }
    const theirs = await makeStaff(ctx.db, other.seller.id, 'owner');
    cookies.otherOwner = await officeLogin(app, other.seller.slug, theirs.email);
    theirOrder = await buyOrder(app, other, 1);
  });
  afterAll(() => app.close());

  const call = (role: Role | 'otherOwner', path: string, body?: object) =>
    officeCall(app, {
      method: body ? 'POST' : 'GET',
      path,
      slug: role === 'otherOwner' ? other.seller.slug : scene.seller.slug,
      cookie: cookies[role],
      body,
    });
  const orderOf = (res: { json: () => unknown }) =>
    (res.json() as OfficeOrderResponse).ticket_order._data[0]!;

  it('finds an order by number, e-mail, name, card digits, day and event; never another seller’s', async () => {
    const order = await buyOrder(app, scene, 2);
    const [row] = await ctx.db.select().from(ticketOrder).where(eq(ticketOrder.id, order.orderId));
    // paid by the sandbox's 4242 test card, as the demo pays: its last 4 are recorded like Stripe's
    const day = scene.session.startDatetime.toISOString().slice(0, 10);
    const queries = [
      `order_number=${row!.orderNumber}`,
      'email=GRACE@example',
      'name=hopper',
      'card_last4=4242',
      `date=${day}`,
      `event_template_id=${scene.event.id}`,
    ];
    for (const query of queries) {
      const res = await call('box_office', `ticket_order?${query}`);
      expect(res.statusCode, query).toBe(200);
      const ids = (res.json() as OfficeOrderSearchResponse).ticket_order._data.map((o) => o.id);
      expect(ids, query).toContain(order.orderId);
      expect(ids, query).not.toContain(theirOrder.orderId);
    }
    const none = await call('box_office', 'ticket_order?card_last4=0000');
    expect((none.json() as OfficeOrderSearchResponse).ticket_order._total).toBe(0);
    // paged: one a page, the total says how many
    const paged = (
      await call('owner', 'ticket_order?_limit=1')
    ).json() as OfficeOrderSearchResponse;
    expect(paged.ticket_order._count).toBe(1);
    expect(paged.ticket_order._total).toBeGreaterThanOrEqual(1);
    // the other seller's order is not found by its own number here, nor read by id
    const [their] = await ctx.db
      .select()
      .from(ticketOrder)
      .where(eq(ticketOrder.id, theirOrder.orderId));
    const byNumber = await call('owner', `ticket_order?order_number=${their!.orderNumber}`);
    expect((byNumber.json() as OfficeOrderSearchResponse).ticket_order._total).toBe(0);
    expect((await call('owner', `ticket_order/${theirOrder.orderId}`)).statusCode).toBe(404);
  });

  it('shows the order’s tickets, payments and mails to owner and box office; door is refused', async () => {
    const order = await buyOrder(app, scene, 2);
    for (const role of ['owner', 'box_office'] as const) {
      const res = await call(role, `ticket_order/${order.orderId}`);
      expect(res.statusCode, role).toBe(200);
      const view = orderOf(res);
      expect(view.tickets_detail.map((t) => t.state)).toEqual(['booked', 'booked']);
      expect(view.payments).toMatchObject([
        { gateway: 'stripe', state: 'succeeded', amount: 5000, card_last4: '4242' },
      ]);
      expect(view.paid).toBe(5000);
      expect(view.mails.map((m) => m.kind)).toContain('order_confirmation');
    }
    expect((await call('door', `ticket_order/${order.orderId}`)).statusCode).toBe(403);
    expect((await call('door', 'ticket_order')).statusCode).toBe(403);
  });

  it('refunds one of two tickets for box office: within what was paid, the place back, the buyer mailed, audited; door refused', async () => {
    const order = await buyOrder(app, scene, 2);
    const before = await ledgerOf(ctx.db, scene, order.orderId);
    const body = { tickets: [order.ticketIds[0]], reason: 'School asked for a refund' };
    expect((await call('door', `ticket_order/${order.orderId}/cancel`, body)).statusCode).toBe(403);
    // another seller's owner cannot reach this order at all
    expect(
      (await call('otherOwner', `ticket_order/${order.orderId}/cancel`, body)).statusCode,
    ).toBe(404);
    expect(await auditOf(ctx.db, scene.seller.id, 'order.cancel')).toHaveLength(0);

    const res = await call('box_office', `ticket_order/${order.orderId}/cancel`, body);
    expect(res.statusCode, res.body).toBe(200);
    const view = orderOf(res);
    expect(view.tickets_detail.map((t) => t.state).sort()).toEqual(['booked', 'cancelled']);
    expect(view.refunds.map((r) => r.amount)).toEqual([2500]);
    expect(view.refunded).toBeLessThanOrEqual(view.paid);
    const after = await ledgerOf(ctx.db, scene, order.orderId);
    expect(after.used).toBe(before.used - 1);
    const mails = await ctx.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'order_cancel'), eq(outbox.toAddress, 'grace@example.org')));
    expect(mails.some((m) => m.textBody.includes(view.order_number))).toBe(true);
    const [record] = await auditOf(ctx.db, scene.seller.id, 'order.cancel');
    expect(record).toMatchObject({
      target: `ticket_order:${order.orderId}`,
      reason: 'School asked for a refund',
      before: { total: 5000 },
      after: { total: 2500, tickets: [order.ticketIds[0]] },
    });
    expect(view.history.map((h) => h.action)).toContain('order.cancel');

    // the same ticket again: nothing more comes back, nothing more is refunded
    const again = await call('box_office', `ticket_order/${order.orderId}/cancel`, body);
    expect(again.statusCode).toBe(422);
    expect((await ledgerOf(ctx.db, scene, order.orderId)).refunds).toHaveLength(1);
  });

  it('refunds a gift card and card order back to each payment, never more than each took', async () => {
    const balance = await makeGiftCard(ctx.db, scene.seller.id, 'GIFTOFFICE01', 1000);
    const order = await buyOrder(app, scene, 2, {
      giftCard: { number: 'GIFTOFFICE01', amount: '10.00' },
    });
    expect(await balance()).toBe(0);
    for (const ticketId of order.ticketIds) {
      const body = { tickets: [ticketId], reason: 'Family could not come' };
      const res = await call('box_office', `ticket_order/${order.orderId}/cancel`, body);
      expect(res.statusCode, res.body).toBe(200);
    }
    // the manage flow's order: the latest payment (the card) first, then the gift card's part
    const payments = await ctx.db.select().from(payment).where(eq(payment.cartId, order.cartId));
    const refunds = await ctx.db
      .select()
      .from(paymentRefund)
      .where(
        inArray(
          paymentRefund.paymentId,
          payments.map((p) => p.id),
        ),
      );
    for (const p of payments) {
      const back = refunds.filter((r) => r.paymentId === p.id).reduce((n, r) => n + r.amount, 0);
      expect(back, p.gatewayId).toBe(p.amount);
    }
    expect(refunds.reduce((n, r) => n + r.amount, 0)).toBe(5000);
    expect(await balance()).toBe(1000);
    // a third ask finds nothing left to refund
    const again = await call('box_office', `ticket_order/${order.orderId}/cancel`, {
      tickets: order.ticketIds,
      reason: 'twice',
    });
    expect(again.statusCode).toBe(422);
    expect(await balance()).toBe(1000);
  });

  it('resends the confirmation, adds a note, re-issues a lost ticket’s code — each audited, each refused to door', async () => {
    const order = await buyOrder(app, scene, 2);
    const reason = { reason: 'Visitor lost the e-mail' };
    const actions = [
      ['resend', reason, 'order.resend'],
      ['note', { note: 'Called about parking' }, 'order.note'],
      [
        'reissue_code',
        { ticket_id: order.ticketIds[1], reason: 'Ticket lost' },
        'order.reissue_code',
      ],
    ] as const;
    for (const [path, body, action] of actions) {
      expect(
        (await call('door', `ticket_order/${order.orderId}/${path}`, body)).statusCode,
        path,
      ).toBe(403);
      expect(
        (await call('otherOwner', `ticket_order/${order.orderId}/${path}`, body)).statusCode,
        path,
      ).toBe(404);
      const before = await ctx.db.select().from(ticket).where(eq(ticket.id, order.ticketIds[1]!));
      const res = await call('box_office', `ticket_order/${order.orderId}/${path}`, body);
      expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
      const records = (await auditOf(ctx.db, scene.seller.id, action)).filter(
        (r) => r.target === `ticket_order:${order.orderId}`,
      );
      expect(records, path).toHaveLength(1);
      const after = await ctx.db.select().from(ticket).where(eq(ticket.id, order.ticketIds[1]!));
      if (path === 'reissue_code') {
        // the lost code no longer opens the door; the buyer has the new one by mail
        expect(after[0]!.scanCode).not.toBe(before[0]!.scanCode);
        expect(JSON.stringify(records[0]!.after)).not.toContain(after[0]!.scanCode!);
      }
    }
    const view = orderOf(await call('owner', `ticket_order/${order.orderId}`));
    expect(view.history.find((h) => h.action === 'order.note')?.reason).toBe(
      'Called about parking',
    );
    expect(view.mails.filter((m) => m.kind === 'order_resend')).toHaveLength(2);
    // a reason is required
    expect(
      (await call('box_office', `ticket_order/${order.orderId}/resend`, { reason: '' })).statusCode,
    ).toBe(400);
  });
});
