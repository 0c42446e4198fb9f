import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  orderCancelResponseSchema,
  orderEditResponseSchema,
  orderManageResponseSchema,
} from '@admit/contracts/manage';
import { PURCHASER, checkoutCall, orderOf } from '@/modules/checkout/checkout-test-kit';
import { buildTestApp } from '@/testing/build-test-app';
import { bundleOf, cartCall, makeReserveScene, type ReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import {
  makeEvent,
  makeMeta,
  makeSession,
  makeTicketGroup,
  makeTicketType,
  type SessionRow,
} from '@/testing/factories';
import { RULES_ON, manageCall, setSelfEditRules } from './manage-test-kit';

const NOW = new Date('2029-06-01T12:00:00Z');
const FREE = { amount: '0.00', gateway_id: 'free', gateway_data: {} };

/**
 * spec: shopping §3 event meta `tickets_must_match_anchor_tickets` (issue #25, decision 0076):
 * a manage cancel or edit keeps the add-on within the admission, as the cart does.
 */
describeEachDatabase('manage: an add-on follows the admission the order keeps', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW, env: { MAIL_POLL_MS: '0' } });
  });
  afterAll(async () => {
    await app.close();
  });

  /** The guest checkout of a free cart: the order, its id and its secret link. */
  async function buyFree(scene: ReserveScene, cartId: string) {
    const order = orderOf(
      await checkoutCall(app, scene, {
        path: `cart/${cartId}/guest_checkout`,
        body: { ...FREE, purchaser: PURCHASER },
      }),
    );
    return { scene, order, orderId: order.ticket_order._data[0]!.id, secret: order.access_secret };
  }

  /** A free order of three admission tickets and three add-on tickets, bought in that order. */
  async function buyVisit(mustMatch: boolean) {
    const scene = await makeReserveScene(ctx.db, {
      type: { amount: 0 },
      sellerConfig: { anchor_categories: ['Add-ons'] },
    });
    await setSelfEditRules(ctx.db, scene.seller.id, RULES_ON);
    const event = await makeEvent(ctx.db, scene.seller, { category: 'Add-ons' });
    if (mustMatch) {
      await makeMeta(ctx.db, event, 'event_template', 'tickets_must_match_anchor_tickets', true);
    }
    const group = await makeTicketGroup(ctx.db, event);
    const type = await makeTicketType(ctx.db, group, { name: 'Adult', amount: 0 });
    const session = await makeSession(ctx.db, event, { capacity: 50 });
    const line = (s: SessionRow, typeId: string) => ({
      event_session_id: s.id,
      ticket_types_required: [{ ticket_type_id: typeId, quantity: 3 }],
    });
    const cart = bundleOf(
      await cartCall(app, scene.seller, {
        method: 'POST',
        path: 'my/cart/modify',
        body: { add: [line(scene.session, scene.type.id)] },
      }),
    ).cart._data[0]!;
    bundleOf(
      await cartCall(app, scene.seller, {
        method: 'POST',
        path: `my/cart/${cart.id}/modify`,
        body: { add: [line(session, type.id)] },
      }),
    );
    const { order, ...bought } = await buyFree(scene, cart.id);
    const ids = (eventId: string) =>
      order.ticket._data.filter((t) => t.event_template_id === eventId).map((t) => t.id);
    return {
      ...bought,
      admissions: ids(scene.event.id),
      addOns: ids(event.id),
      addOnEventId: event.id,
    };
  }

  /**
   * A free order of admission Adult ×2 and Child ×1, then the add-on Adult ×2 and Child ×1 in
   * that order (the add-on's Child ticket is the last made; decision 0098).
   */
  async function buyFamily() {
    const scene = await makeReserveScene(ctx.db, {
      type: { name: 'Adult', amount: 0 },
      sellerConfig: { anchor_categories: ['Add-ons'] },
    });
    await setSelfEditRules(ctx.db, scene.seller.id, RULES_ON);
    const child = await makeTicketType(ctx.db, scene.group, { name: 'Child', amount: 0 });
    const event = await makeEvent(ctx.db, scene.seller, { category: 'Add-ons' });
    const group = await makeTicketGroup(ctx.db, event);
    const addOnAdult = await makeTicketType(ctx.db, group, { name: 'Adult', amount: 0 });
    const addOnChild = await makeTicketType(ctx.db, group, { name: 'Child', amount: 0 });
    const session = await makeSession(ctx.db, event, { capacity: 50 });
    const line = (s: SessionRow, types: [string, number][]) => ({
      event_session_id: s.id,
      ticket_types_required: types.map(([id, quantity]) => ({ ticket_type_id: id, quantity })),
    });
    const modify = async (path: string, add: ReturnType<typeof line>) =>
      bundleOf(await cartCall(app, scene.seller, { method: 'POST', path, body: { add: [add] } }));
    const cartId = (
      await modify(
        'my/cart/modify',
        line(scene.session, [
          [scene.type.id, 2],
          [child.id, 1],
        ]),
      )
    ).cart._data[0]!.id;
    // the Child in a modify of its own, so it is surely made last; the meta comes after (a
    // modify adding the add-on must match the admission whole)
    await modify(`my/cart/${cartId}/modify`, line(session, [[addOnAdult.id, 2]]));
    await modify(`my/cart/${cartId}/modify`, line(session, [[addOnChild.id, 1]]));
    await makeMeta(ctx.db, event, 'event_template', 'tickets_must_match_anchor_tickets', true);
    const { order, ...bought } = await buyFree(scene, cartId);
    const ids = (typeId: string) =>
      order.ticket._data.filter((t) => t.ticket_type_id === typeId).map((t) => t.id);
    return {
      ...bought,
      adults: ids(scene.type.id),
      addOnAdults: ids(addOnAdult.id),
      addOnChild: ids(addOnChild.id),
    };
  }

  const call = (
    visit: { scene: ReserveScene; orderId: string; secret: string },
    path: string,
    body: unknown,
  ) =>
    manageCall(app, visit.scene, {
      path: `ticket_order/${visit.orderId}/${path}`,
      secret: visit.secret,
      body,
    });

  it('cancelling admission tickets cancels the add-on tickets beyond them, the last first', async () => {
    const visit = await buyVisit(true);
    const res = await call(visit, 'cancel', { tickets: [visit.admissions[0]] });
    expect(res.statusCode, res.body).toBe(200);
    const states = Object.fromEntries(
      orderCancelResponseSchema.parse(res.json()).ticket._data.map((t) => [t.id, t.state]),
    );
    expect(visit.addOns.map((id) => states[id])).toEqual(['booked', 'booked', 'cancelled']);
    expect(visit.admissions.map((id) => states[id])).toEqual(['cancelled', 'booked', 'booked']);
  });

  it('an edit that cancels admission tickets takes the add-on tickets beyond them too', async () => {
    const visit = await buyVisit(true);
    const res = await call(visit, 'edit', { cancel: visit.admissions.slice(0, 2) });
    expect(res.statusCode, res.body).toBe(200);
    const edit = orderEditResponseSchema.parse(res.json()).order_edit._data[0]!;
    expect([...edit.cancelled_ticket_ids].sort()).toEqual(
      [...visit.admissions.slice(0, 2), ...visit.addOns.slice(1)].sort(),
    );
  });

  it('cancelling an Adult admission cancels an Adult add-on ticket, not the Child made last', async () => {
    const visit = await buyFamily();
    const res = await call(visit, 'cancel', { tickets: [visit.adults[0]] });
    expect(res.statusCode, res.body).toBe(200);
    const cancelled = orderCancelResponseSchema
      .parse(res.json())
      .ticket._data.filter((t) => t.state === 'cancelled')
      .map((t) => t.id);
    expect(cancelled.sort()).toEqual([visit.adults[0]!, visit.addOnAdults[1]!].sort());
  });

  it('an edit that cancels an Adult admission takes an Adult add-on ticket too', async () => {
    const visit = await buyFamily();
    const res = await call(visit, 'edit', { cancel: [visit.adults[1]] });
    expect(res.statusCode, res.body).toBe(200);
    const edit = orderEditResponseSchema.parse(res.json()).order_edit._data[0]!;
    expect([...edit.cancelled_ticket_ids].sort()).toEqual(
      [visit.adults[1]!, visit.addOnAdults[1]!].sort(),
    );
  });

  it('a dry run names the add-on ticket that would leave, and cancels nothing (decision 0098)', async () => {
    const visit = await buyFamily();
    const res = await manageCall(app, visit.scene, {
      path: `ticket_order/${visit.orderId}/cancel`,
      secret: visit.secret,
      body: { tickets: [visit.adults[0]] },
      key: null,
      query: 'dry_run=true',
    });
    expect(res.statusCode, res.body).toBe(200);
    const cancelled = orderCancelResponseSchema
      .parse(res.json())
      .ticket._data.filter((t) => t.state === 'cancelled')
      .map((t) => t.id);
    expect(cancelled.sort()).toEqual([visit.adults[0]!, visit.addOnAdults[1]!].sort());
    const read = await manageCall(app, visit.scene, {
      method: 'GET',
      path: `ticket_order/${visit.orderId}/manage`,
      secret: visit.secret,
      key: null,
    });
    const states = orderManageResponseSchema.parse(read.json()).ticket._data.map((t) => t.state);
    expect(new Set(states)).toEqual(new Set(['booked']));
  });

  it('the manage read carries the meta, so the page can say it before a cancel (decision 0092)', async () => {
    for (const mustMatch of [true, false]) {
      const visit = await buyVisit(mustMatch);
      const res = await manageCall(app, visit.scene, {
        method: 'GET',
        path: `ticket_order/${visit.orderId}/manage`,
        secret: visit.secret,
        key: null,
      });
      expect(res.statusCode, res.body).toBe(200);
      const meta = orderManageResponseSchema
        .parse(res.json())
        .meta?._data.filter((m) => m.key === 'tickets_must_match_anchor_tickets');
      expect(meta?.map((m) => [m.resource_id, m.value])).toEqual(
        mustMatch ? [[visit.addOnEventId, true]] : [],
      );
    }
  });

  it('leaves the add-on of an event without the meta as it is', async () => {
    const visit = await buyVisit(false);
    const cancelled = await call(visit, 'cancel', { tickets: visit.admissions });
    const states = orderCancelResponseSchema
      .parse(cancelled.json())
      .ticket._data.filter((t) => visit.addOns.includes(t.id))
      .map((t) => t.state);
    expect(states).toEqual(['booked', 'booked', 'booked']);
  });
});
