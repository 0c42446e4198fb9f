import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OfficeOrderMoveResponse } from '@admit/contracts/office-orders';
import { ticket } from '@/db/schema/cart';
import { eventSession } from '@/db/schema/sessions';
import { buildTestApp } from '@/testing/build-test-app';
import {
  bundleOf,
  cartCall,
  errorOf,
  makeReserveScene,
  type ReserveScene,
} from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import {
  makeEvent,
  makeMeta,
  makeSession,
  makeTicketGroup,
  makeTicketType,
  type EventRow,
  type SessionRow,
  type TicketTypeRow,
} from '@/testing/factories';
import {
  PURCHASER,
  cardEntry,
  checkoutCall,
  orderOf,
  tokenize,
} from '@/modules/checkout/checkout-test-kit';
import { makePricedSessions } from '@/modules/manage/manage-test-kit';
import { auditOf, makeStaff, officeCall, officeLogin } from '@/modules/office/office.test-kit';

/**
 * An office move takes along the add-on tickets that follow the admission (decision 0101): an
 * add-on whose event sets `tickets_must_match_anchor_tickets`, on the admission's day, moves to
 * its own session at the same time on the new day — priced, its places given back once and taken
 * under the hold's guard, refused when that session is full or missing; a dry run shows it and
 * changes nothing. The seller is in New York: admission 10:00, add-on 11:00.
 */

const NOW = new Date('2029-06-01T12:00:00Z');
const at = (iso: string) => new Date(iso);

describeEachDatabase('office: a move takes the admission’s add-ons along', (ctx) => {
  let app: FastifyInstance;
  let scene: ReserveScene;
  let addOnEvent: EventRow;
  let addOnType: TicketTypeRow;
  let addOnOld: SessionRow;
  let addOnNew: SessionRow;
  let cheaper: SessionRow;
  let cookie: string;

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW, env: { MAIL_POLL_MS: '0' } });
    scene = await makeReserveScene(ctx.db, {
      type: { name: 'Adult', amount: 2500 },
      sellerConfig: { anchor_categories: ['Add-ons'] },
    });
    const user = await makeStaff(ctx.db, scene.seller.id, 'box_office');
    cookie = await officeLogin(app, scene.seller.slug, user.email);
    // the admission: 2030-01-01 10:00 (scene.session); cheaper: 2030-01-04 10:00, at 20.00
    ({ cheaper } = await makePricedSessions(ctx.db, scene, { dearer: 2900, cheaper: 2000 }));
    addOnEvent = await makeEvent(ctx.db, scene.seller, { category: 'Add-ons' });
    await makeMeta(ctx.db, addOnEvent, 'event_template', 'tickets_must_match_anchor_tickets', true);
    const group = await makeTicketGroup(ctx.db, addOnEvent);
    addOnType = await makeTicketType(ctx.db, group, { name: 'Adult', amount: 1000 });
    addOnOld = await addOnSession('2030-01-01T16:00:00Z');
    addOnNew = await addOnSession('2030-01-04T16:00:00Z');
  });
  afterAll(() => app.close());

  const addOnSession = (iso: string, capacity = 50) =>
    makeSession(ctx.db, addOnEvent, { startDatetime: at(iso), capacity });
  const admissionSession = (iso: string) =>
    makeSession(ctx.db, scene.event, { startDatetime: at(iso), capacity: 50 });

  /** A card order of one admission ticket (25.00) and its add-on ticket (10.00). */
  async function buyVisit() {
    const line = (s: SessionRow, typeId: string) => ({
      event_session_id: s.id,
      ticket_types_required: [{ ticket_type_id: typeId, quantity: 1 }],
    });
    const cartId = bundleOf(
      await cartCall(app, scene.seller, {
        method: 'POST',
        path: 'my/cart/modify',
        body: { add: [line(scene.session, scene.type.id)] },
      }),
    ).cart._data[0]!.id;
    bundleOf(
      await cartCall(app, scene.seller, {
        method: 'POST',
        path: `my/cart/${cartId}/modify`,
        body: { add: [line(addOnOld, addOnType.id)] },
      }),
    );
    const order = orderOf(
      await checkoutCall(app, scene, {
        path: `cart/${cartId}/guest_checkout`,
        body: {
          ...cardEntry('35.00', await tokenize(app, '4242424242424242')),
          purchaser: PURCHASER,
        },
      }),
    );
    const idOf = (eventId: string) =>
      order.ticket._data.find((t) => t.event_template_id === eventId)!.id;
    return {
      orderId: order.ticket_order._data[0]!.id,
      admission: idOf(scene.event.id),
      addOn: idOf(addOnEvent.id),
    };
  }

  const move = (orderId: string, tickets: string[], session: SessionRow, dryRun = false) =>
    officeCall(app, {
      method: 'POST',
      path: `ticket_order/${orderId}/move`,
      slug: scene.seller.slug,
      cookie,
      body: {
        tickets,
        event_session_id: session.id,
        settle: 'owe',
        reason: 'The family comes on Friday',
        dry_run: dryRun,
      },
    });
  const used = async (...sessions: SessionRow[]) =>
    Promise.all(
      sessions.map(
        async (s) =>
          (await ctx.db.select().from(eventSession).where(eq(eventSession.id, s.id)))[0]!
            .usedCapacity,
      ),
    );
  const booked = async (orderId: string) =>
    (
      await ctx.db
        .select()
        .from(ticket)
        .where(and(eq(ticket.ticketOrderId, orderId), eq(ticket.state, 'booked')))
    )
      .map((t) => [t.eventTemplateId, t.eventSessionId])
      .sort();

  it('the dry run shows the add-on following and changes nothing; the move takes it to its session on the new day, its old place back once', async () => {
    const visit = await buyVisit();
    const sessions = [scene.session, cheaper, addOnOld, addOnNew];
    const before = await used(...sessions);
    const expected = {
      tickets: [visit.admission],
      add_ons: [{ ticket_id: visit.addOn, event_session_id: addOnNew.id }],
      difference: -500,
      refund: 500,
      total_before: 3500,
      total_after: 3000,
    };
    const preview = await move(visit.orderId, [visit.admission], cheaper, true);
    expect(preview.statusCode, preview.body).toBe(200);
    expect((preview.json() as OfficeOrderMoveResponse).order_move._data[0]).toMatchObject({
      ...expected,
      applied: false,
    });
    expect(await used(...sessions)).toEqual(before);
    expect(await booked(visit.orderId)).toEqual(
      [
        [scene.event.id, scene.session.id],
        [addOnEvent.id, addOnOld.id],
      ].sort(),
    );

    const res = await move(visit.orderId, [visit.admission], cheaper);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as OfficeOrderMoveResponse).order_move._data[0]).toMatchObject({
      ...expected,
      applied: true,
    });
    const [oldA, newA, oldB, newB] = before;
    const after = [oldA! - 1, newA! + 1, oldB! - 1, newB! + 1];
    expect(await used(...sessions)).toEqual(after);
    expect(await booked(visit.orderId)).toEqual(
      [
        [scene.event.id, cheaper.id],
        [addOnEvent.id, addOnNew.id],
      ].sort(),
    );
    const [record] = (await auditOf(ctx.db, scene.seller.id, 'order.move')).filter(
      (r) => r.target === `ticket_order:${visit.orderId}`,
    );
    expect(record!.after).toMatchObject({ add_ons: expected.add_ons });

    // the same move again: refused, no place given back a second time
    const again = await move(visit.orderId, [visit.admission], cheaper);
    expect(again.statusCode).toBe(422);
    expect(errorOf(again)._code).toBe('ticket_state_incorrect');
    expect(await used(...sessions)).toEqual(after);
  });

  it('refuses cleanly when the add-on’s session on the new day is full or missing; nothing moves', async () => {
    const visit = await buyVisit();
    const fullDay = await admissionSession('2030-01-05T15:00:00Z');
    const full = await addOnSession('2030-01-05T16:00:00Z', 1);
    await ctx.db.update(eventSession).set({ usedCapacity: 1 }).where(eq(eventSession.id, full.id));
    const emptyDay = await admissionSession('2030-01-06T15:00:00Z');
    const sessions = [scene.session, addOnOld, fullDay, full, emptyDay];
    const before = await used(...sessions);

    const sold = await move(visit.orderId, [visit.admission], fullDay);
    expect(sold.statusCode).toBe(422);
    expect(errorOf(sold)._code).toBe('event_session_sold_out');
    const missing = await move(visit.orderId, [visit.admission], emptyDay);
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing)._description).toMatch(
      /has no session at 11:00 on 2030-01-06, so its tickets cannot follow the admission/,
    );
    expect(await used(...sessions)).toEqual(before);
    expect(await booked(visit.orderId)).toEqual(
      [
        [scene.event.id, scene.session.id],
        [addOnEvent.id, addOnOld.id],
      ].sort(),
    );
  });

  it('a move within the day leaves the add-on where it is', async () => {
    const visit = await buyVisit();
    const afternoon = await admissionSession('2030-01-01T19:00:00Z');
    const res = await move(visit.orderId, [visit.admission], afternoon);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as OfficeOrderMoveResponse).order_move._data[0]!.add_ons).toEqual([]);
    expect(await booked(visit.orderId)).toEqual(
      [
        [scene.event.id, afternoon.id],
        [addOnEvent.id, addOnOld.id],
      ].sort(),
    );
  });
});
