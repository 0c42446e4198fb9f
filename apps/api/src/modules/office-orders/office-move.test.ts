import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OfficeOrderMoveResponse } from '@admit/contracts/office-orders';
import { paymentRefund } from '@/db/schema/aftersale';
import { ticket } from '@/db/schema/cart';
import { payment } from '@/db/schema/payments';
import { eventSession } from '@/db/schema/sessions';
import { buildTestApp } from '@/testing/build-test-app';
import { errorOf, makeReserveScene, type ReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeSession, type SessionRow } from '@/testing/factories';
import { buyOrder, makePricedSessions } from '@/modules/manage/manage-test-kit';
import { auditOf, makeStaff, officeCall, officeLogin } from '@/modules/office/office.test-kit';

/**
 * The box office moves tickets to another session (decision 0094): priced by the visitor's
 * reschedule plan, the new places taken and the old given back once, a cheaper move refunded
 * within what was paid, a dearer one waived or owed, the buyer sent the reschedule mail, audited;
 * door refused, another seller's order never found, the reserve's refusals kept.
 */

const NOW = new Date('2029-06-01T12:00:00Z');
type Role = 'box_office' | 'door' | 'otherOwner';

describeEachDatabase('office: move tickets to another session', (ctx) => {
  let app: FastifyInstance;
  let scene: ReserveScene;
  let other: ReserveScene;
  let dearer: SessionRow;
  let cheaper: SessionRow;
  const cookies = {} as Record<Role, string>;

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW, env: { MAIL_POLL_MS: '0' } });
    scene = await makeReserveScene(ctx.db, { type: { amount: 2500 } });
    other = await makeReserveScene(ctx.db);
    for (const role of ['box_office', 'door'] as const) {
      const user = await makeStaff(ctx.db, scene.seller.id, role);
      cookies[role] = await officeLogin(app, scene.seller.slug, user.email);
    }
    const theirs = await makeStaff(ctx.db, other.seller.id, 'owner');
    cookies.otherOwner = await officeLogin(app, other.seller.slug, theirs.email);
    ({ dearer, cheaper } = await makePricedSessions(ctx.db, scene, {
      dearer: 2900,
      cheaper: 2000,
    }));
  });
  afterAll(() => app.close());

  const move = (role: Role, orderId: string, body: object) =>
    officeCall(app, {
      method: 'POST',
      path: `ticket_order/${orderId}/move`,
      slug: role === 'otherOwner' ? other.seller.slug : scene.seller.slug,
      cookie: cookies[role],
      body,
    });
  const body = (tickets: string[], session: SessionRow, extra: object = {}) => ({
    tickets,
    event_session_id: session.id,
    settle: 'waive',
    reason: 'Visitor is ill, comes next week',
    ...extra,
  });
  const answerOf = (res: { json: () => unknown }) => res.json() as OfficeOrderMoveResponse;
  const used = async (session: SessionRow) =>
    (await ctx.db.select().from(eventSession).where(eq(eventSession.id, session.id)))[0]!
      .usedCapacity;
  const movesOf = async (orderId: string) =>
    (await auditOf(ctx.db, scene.seller.id, 'order.move')).filter(
      (r) => r.target === `ticket_order:${orderId}`,
    );
  const refundsOf = (orderId: string) =>
    ctx.db.select().from(paymentRefund).where(eq(paymentRefund.ticketOrderId, orderId));

  it('door is refused, another seller’s owner never finds the order; nothing moves', async () => {
    const order = await buyOrder(app, scene, 1);
    const req = body(order.ticketIds, cheaper);
    expect((await move('door', order.orderId, req)).statusCode).toBe(403);
    expect((await move('otherOwner', order.orderId, req)).statusCode).toBe(404);
    const [row] = await ctx.db.select().from(ticket).where(eq(ticket.id, order.ticketIds[0]!));
    expect(row!.state).toBe('booked');
    expect(await movesOf(order.orderId)).toHaveLength(0);
  });

  it('a cheaper session: the dry run shows the refund and changes nothing; the move refunds it to the card, moves the place once, mails and audits', async () => {
    const order = await buyOrder(app, scene, 2);
    const [oldUsed, newUsed] = [await used(scene.session), await used(cheaper)];
    const preview = await move('box_office', order.orderId, {
      ...body([order.ticketIds[0]!], cheaper),
      dry_run: true,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(answerOf(preview).order_move._data[0]).toMatchObject({
      difference: -500,
      refund: 500,
      waived: 0,
      owed: 0,
      total_before: 5000,
      total_after: 4500,
      applied: false,
    });
    expect([await used(scene.session), await used(cheaper)]).toEqual([oldUsed, newUsed]);
    expect(await refundsOf(order.orderId)).toHaveLength(0);

    const res = await move('box_office', order.orderId, body([order.ticketIds[0]!], cheaper));
    expect(res.statusCode, res.body).toBe(200);
    const answer = answerOf(res);
    expect(answer.order_move._data[0]).toMatchObject({ refund: 500, applied: true });
    const view = answer.ticket_order._data[0]!;
    const live = view.tickets_detail.filter((t) => t.state === 'booked');
    expect(live.map((t) => t.event_session_id).sort()).toEqual(
      [scene.session.id, cheaper.id].sort(),
    );
    expect(view.total).toBe(4500);
    // within what was paid, to the payment that paid
    const [paid] = await ctx.db.select().from(payment).where(eq(payment.cartId, order.cartId));
    const refunds = await refundsOf(order.orderId);
    expect(refunds.map((r) => [r.amount, r.paymentId, r.reason])).toEqual([
      [500, paid!.id, 'order_update'],
    ]);
    expect(view.refunded).toBeLessThanOrEqual(view.paid);
    // the places: one given back, one taken
    expect([await used(scene.session), await used(cheaper)]).toEqual([oldUsed - 1, newUsed + 1]);
    // the buyer gets the visitor reschedule's mail
    expect(view.mails.map((m) => m.kind)).toContain('order_update');
    const [record] = await movesOf(order.orderId);
    expect(record).toMatchObject({
      reason: 'Visitor is ill, comes next week',
      before: { total: 5000, tickets: [{ id: order.ticketIds[0], session: scene.session.id }] },
      after: { total: 4500, session: cheaper.id, difference: -500, refunds: [{ amount: 500 }] },
    });

    // the same move again: refused, nothing more moves or comes back
    const again = await move('box_office', order.orderId, body([order.ticketIds[0]!], dearer));
    expect(again.statusCode).toBe(422);
    expect(errorOf(again)._code).toBe('ticket_state_incorrect');
    expect([await used(scene.session), await used(cheaper), await used(dearer)]).toEqual([
      oldUsed - 1,
      newUsed + 1,
      0,
    ]);
    expect(await refundsOf(order.orderId)).toHaveLength(1);
  });

  it('a dearer session: waived, the ticket keeps its price (the comp audited with its amount); owed, the order owes the difference; nothing refunded', async () => {
    const cases = [
      ['waive', { waived: 400, owed: 0, total_after: 2500 }],
      ['owe', { waived: 0, owed: 400, total_after: 2900 }],
    ] as const;
    for (const [settle, expected] of cases) {
      const order = await buyOrder(app, scene, 1);
      const res = await move(
        'box_office',
        order.orderId,
        body(order.ticketIds, dearer, { settle }),
      );
      expect(res.statusCode, res.body).toBe(200);
      const answer = answerOf(res);
      expect(answer.order_move._data[0], settle).toMatchObject({
        difference: 400,
        refund: 0,
        total_before: 2500,
        ...expected,
      });
      const view = answer.ticket_order._data[0]!;
      expect(view.total, settle).toBe(expected.total_after);
      expect(view.tickets_detail.find((t) => t.state === 'booked')?.event_session_id).toBe(
        dearer.id,
      );
      expect(await refundsOf(order.orderId)).toHaveLength(0);
      const [record] = await movesOf(order.orderId);
      expect(record!.after, settle).toMatchObject({
        settle,
        difference: 400,
        waived: expected.waived,
        owed: expected.owed,
        total: expected.total_after,
      });
    }
  });

  it('keeps the reserve’s refusals: a full session, a started one, another event’s, a seated ticket', async () => {
    const order = await buyOrder(app, scene, 1);
    const full = await makeSession(ctx.db, scene.event, {
      startDatetime: new Date('2030-02-01T15:00:00Z'),
      capacity: 1,
    });
    await ctx.db.update(eventSession).set({ usedCapacity: 1 }).where(eq(eventSession.id, full.id));
    const started = await makeSession(ctx.db, scene.event, {
      startDatetime: new Date('2029-06-01T11:00:00Z'),
      capacity: 50,
    });
    const before = await used(scene.session);
    const refusals = [
      [full, 422, 'event_session_sold_out'],
      [started, 400, 'validation_failed'],
      [other.session, 404, 'not_found'],
    ] as const;
    for (const [session, status, code] of refusals) {
      const res = await move('box_office', order.orderId, body(order.ticketIds, session));
      expect(res.statusCode, code).toBe(status);
      expect(errorOf(res)._code, code).toBe(code);
    }
    expect(await used(full)).toBe(1);
    expect(await used(scene.session)).toBe(before);
    await ctx.db
      .update(ticket)
      .set({ seatTemplateId: 'A-1' })
      .where(and(eq(ticket.id, order.ticketIds[0]!)));
    const seated = await move('box_office', order.orderId, body(order.ticketIds, cheaper));
    expect(seated.statusCode).toBe(400);
    expect(errorOf(seated)._description).toMatch(/Seated tickets/);
    expect(await movesOf(order.orderId)).toHaveLength(0);
  });
});
