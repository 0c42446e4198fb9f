import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '@admit/contracts/envelope';
import { orderBundleSchema } from '@admit/contracts/checkout';
import { checkInResponseSchema, checkInRefusalExtraSchema } from '@admit/contracts/seller-api';
import {
  orderSessionResponseSchema,
  ticketOrderListResponseSchema,
} from '@admit/contracts/account';
import { checkoutCall, orderOf } from '@/modules/checkout/checkout-test-kit';
import { addBody, bundleOf, cartCall } from '@/testing/cart-fixtures';
import { ticket, ticketOrder } from '@/db/schema/cart';
import { buyOrder, manageCall, RULES_ON, setSelfEditRules } from '@/modules/manage/manage-test-kit';
import { buildTestApp } from '@/testing/build-test-app';
import { makeReserveScene, type ReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeSession, type SessionRow } from '@/testing/factories';
import { makeMembership, makeUser } from '@/testing/identity-factories';
import { makeApiKey, scan } from './check-in-test-kit';

/**
 * Check-in at the door (issue #16; decision 0042): every outcome of POST /admin/api/check_in by
 * its `_code`, and what the order page and the manage screen say afterwards.
 */

// 10:00 in New York (the scene's zone); the scene's session starts 14:00 the same day
const NOW = new Date('2029-06-01T14:00:00Z');
const TODAY_START = new Date('2029-06-01T18:00:00Z');

describeEachDatabase('check-in: every outcome at the door', (ctx) => {
  let app: FastifyInstance;
  let scene: ReserveScene;
  let tomorrow: SessionRow;
  let key: string;

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW, env: { MAIL_POLL_MS: '0' } });
    scene = await makeReserveScene(ctx.db, {
      type: { amount: 0 },
      session: { startDatetime: TODAY_START },
    });
    await setSelfEditRules(ctx.db, scene.seller.id, RULES_ON);
    tomorrow = await makeSession(ctx.db, scene.event, {
      startDatetime: new Date(TODAY_START.getTime() + 24 * 3_600_000),
      capacity: 50,
    });
    key = (await makeApiKey(ctx.db, scene.seller.slug)).key;
  });
  afterAll(async () => {
    await app.close();
  });

  const codesOf = async (orderId: string) => {
    const rows = await ctx.db.select().from(ticket).where(eq(ticket.ticketOrderId, orderId));
    return rows.map((t) => ({ id: t.id, code: t.scanCode! }));
  };
  const refusalOf = (res: { statusCode: number; json: () => unknown }) => {
    const item = errorEnvelopeSchema.parse(res.json())._data[0]!;
    return { status: res.statusCode, ...item, extra: checkInRefusalExtraSchema.parse(item._extra) };
  };

  it('admits a booked ticket once, saying who, what and which session; then already redeemed at that time', async () => {
    const order = await buyOrder(app, scene, 1);
    const [one] = await codesOf(order.orderId);
    const res = await scan(app, key, one!.code);
    expect(res.statusCode, res.body).toBe(200);
    const body = checkInResponseSchema.parse(res.json());
    expect(body.check_in._data).toEqual([
      {
        _code: 'admitted',
        ticket: expect.objectContaining({
          id: one!.id,
          state: 'redeemed',
          purchaser_name: 'Grace Hopper',
          event_name: scene.event.name,
          ticket_type_name: scene.type.name,
          ticket_group_name: scene.group.name,
          event_session_id: scene.session.id,
          start_datetime: TODAY_START.toISOString(),
          timezone: 'America/New_York',
          redeemed_at: NOW.toISOString(),
        }),
      },
    ]);
    const [stored] = await ctx.db.select().from(ticket).where(eq(ticket.id, one!.id));
    expect(stored).toMatchObject({ state: 'redeemed', redeemedAt: NOW });
    expect(stored!.redeemedByApiKeyId).not.toBeNull();

    const again = refusalOf(await scan(app, key, one!.code));
    expect(again).toMatchObject({ status: 409, _code: 'already_redeemed', _context: 'check_in' });
    expect(again.extra.redeemed_at).toBe(NOW.toISOString());
    expect(again.extra.ticket).toMatchObject({ id: one!.id, purchaser_name: 'Grace Hopper' });
  });

  it('reads a code as people type it: lower case, spaces, the mail’s leading #', async () => {
    const order = await buyOrder(app, scene, 1);
    const [one] = await codesOf(order.orderId);
    const typed = `#${one!.code.toLowerCase().slice(0, 8)} ${one!.code.toLowerCase().slice(8)}`;
    expect((await scan(app, key, typed)).statusCode).toBe(200);
  });

  it('admits an order’s code: its booked tickets for this door, not those of another day', async () => {
    const order = await buyOrder(app, scene, 2);
    // one of the two is moved to tomorrow's session (as a reschedule would)
    const [first, second] = await codesOf(order.orderId);
    await ctx.db
      .update(ticket)
      .set({ eventSessionId: tomorrow.id })
      .where(eq(ticket.id, second!.id));
    const [row] = await ctx.db.select().from(ticketOrder).where(eq(ticketOrder.id, order.orderId));
    const res = await scan(app, key, row!.scanCode!);
    expect(res.statusCode, res.body).toBe(200);
    const admitted = checkInResponseSchema.parse(res.json()).check_in._data;
    expect(admitted.map((r) => r._code === 'admitted' && r.ticket.id)).toEqual([first!.id]);
    expect(refusalOf(await scan(app, key, row!.scanCode!))._code).toBe('already_redeemed');
    // tomorrow's door admits the other one
    const next = await scan(app, key, row!.scanCode!, { event_session_id: tomorrow.id });
    expect(next.statusCode, next.body).toBe(200);
  });

  it('refuses a ticket for another session or another day, and admits it at its own door', async () => {
    const order = await buyOrder(app, scene, 1);
    const [one] = await codesOf(order.orderId);
    const session = refusalOf(await scan(app, key, one!.code, { event_session_id: tomorrow.id }));
    expect(session).toMatchObject({ status: 409, _code: 'wrong_session' });
    expect(session.extra.ticket?.event_session_id).toBe(scene.session.id);
    const day = refusalOf(await scan(app, key, one!.code, { date: '2029-06-02' }));
    expect(day).toMatchObject({ status: 409, _code: 'wrong_date' });
    // nothing was redeemed by the refusals
    const [stored] = await ctx.db.select().from(ticket).where(eq(ticket.id, one!.id));
    expect(stored!.state).toBe('booked');
    const own = await scan(app, key, one!.code, { date: '2029-06-01' });
    expect(own.statusCode, own.body).toBe(200);
  });

  it('refuses today a ticket for tomorrow when the door names nothing (the default is today)', async () => {
    const order = await buyOrder(app, scene, 1);
    const [one] = await codesOf(order.orderId);
    await ctx.db.update(ticket).set({ eventSessionId: tomorrow.id }).where(eq(ticket.id, one!.id));
    expect(refusalOf(await scan(app, key, one!.code))._code).toBe('wrong_date');
  });

  it('refuses a cancelled ticket and an unknown code', async () => {
    const order = await buyOrder(app, scene, 2);
    const cancel = await manageCall(app, scene, {
      path: `ticket_order/${order.orderId}/cancel`,
      secret: order.secret,
      body: { tickets: [order.ticketIds[0]] },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const codes = await codesOf(order.orderId);
    const cancelled = codes.find((c) => c.id === order.ticketIds[0])!;
    expect(refusalOf(await scan(app, key, cancelled.code))).toMatchObject({
      status: 409,
      _code: 'ticket_cancelled',
    });
    expect(refusalOf(await scan(app, key, 'NOSUCHCODE0000'))).toMatchObject({
      status: 404,
      _code: 'unknown_code',
      _context: 'check_in',
    });
  });

  it('admits a current member by member ID and refuses a lapsed one; nothing is redeemed', async () => {
    const member = await makeUser(ctx.db, scene.seller, { firstName: 'Ada', lastName: 'Lovelace' });
    const current = await makeMembership(ctx.db, member, NOW, { role: 'Family' });
    const res = await scan(app, key, current.memberCode);
    expect(res.statusCode, res.body).toBe(200);
    expect(checkInResponseSchema.parse(res.json()).check_in._data).toEqual([
      {
        _code: 'member_valid',
        membership: expect.objectContaining({ name: 'Ada Lovelace', level: 'Family' }),
      },
    ]);
    const lapsedMember = await makeUser(ctx.db, scene.seller);
    const lapsed = await makeMembership(ctx.db, lapsedMember, new Date('2027-01-01T00:00:00Z'));
    expect(refusalOf(await scan(app, key, lapsed.memberCode))).toMatchObject({
      status: 409,
      _code: 'membership_expired',
    });
  });

  it('shows Redeemed on the order page and the manage screen; a redeemed ticket cannot be cancelled or rescheduled', async () => {
    const order = await buyOrder(app, scene, 2);
    const [one] = (await codesOf(order.orderId)).filter((c) => c.id === order.ticketIds[0]);
    expect((await scan(app, key, one!.code)).statusCode).toBe(200);

    const page = await manageCall(app, scene, {
      method: 'GET',
      path: `ticket_order/${order.orderId}`,
      secret: order.secret,
      key: null,
    });
    expect(page.statusCode, page.body).toBe(200);
    const states = orderBundleSchema.parse(page.json()).ticket._data.map((t) => [t.id, t.state]);
    expect(states).toEqual(
      expect.arrayContaining([
        [order.ticketIds[0], 'redeemed'],
        [order.ticketIds[1], 'booked'],
      ]),
    );

    const manage = await manageCall(app, scene, {
      method: 'GET',
      path: `ticket_order/${order.orderId}/manage`,
      secret: order.secret,
      key: null,
    });
    expect(manage.statusCode, manage.body).toBe(200);
    const body = manage.json() as {
      order_manage: { _data: { editable_session_ids: string[] }[] };
      ticket_manage: {
        _data: {
          ticket_id: string;
          label: string | null;
          cancellable: boolean;
          reschedulable: boolean;
        }[];
      };
    };
    const redeemed = body.ticket_manage._data.find((t) => t.ticket_id === order.ticketIds[0]);
    expect(redeemed).toMatchObject({ label: 'redeemed', cancellable: false, reschedulable: false });
    // spec: identity §4 — a session with a redeemed ticket is not editable
    expect(body.order_manage._data[0]!.editable_session_ids).not.toContain(scene.session.id);

    const cancel = await manageCall(app, scene, {
      path: `ticket_order/${order.orderId}/cancel`,
      secret: order.secret,
      body: { tickets: [order.ticketIds[0]] },
    });
    const refused = { status: 422, _code: 'ticket_state_incorrect' };
    expect({
      status: cancel.statusCode,
      ...errorEnvelopeSchema.parse(cancel.json())._data[0],
    }).toMatchObject(refused);
    const reschedule = await manageCall(app, scene, {
      path: `ticket_order/${order.orderId}/edit`,
      secret: order.secret,
      body: { reschedule: [{ ticket_ids: [order.ticketIds[0]], event_session_id: tomorrow.id }] },
    });
    expect({
      status: reschedule.statusCode,
      ...errorEnvelopeSchema.parse(reschedule.json())._data[0],
    }).toMatchObject(refused);
    const [stored] = await ctx.db.select().from(ticket).where(eq(ticket.id, order.ticketIds[0]!));
    expect(stored).toMatchObject({ state: 'redeemed', eventSessionId: scene.session.id });
  });

  it('shows the redeemed ticket in the buyer’s account area (my/order_session, my/ticket_order)', async () => {
    const buyer = await makeUser(ctx.db, scene.seller, { email: 'lin@example.org' });
    const token = (await app.sessions.createSession(buyer.id, scene.seller.id)).token;
    const cart = bundleOf(
      await cartCall(app, scene.seller, {
        method: 'POST',
        path: 'my/cart/modify',
        body: addBody(scene, 2),
        token,
      }),
    ).cart._data[0]!;
    const order = orderOf(
      await checkoutCall(app, scene, {
        path: `my/cart/${cart.id}/checkout`,
        body: { amount: '0.00', gateway_id: 'free', gateway_data: {} },
        token,
      }),
    );
    const orderId = order.ticket_order._data[0]!.id;
    const [first] = await codesOf(orderId);
    expect((await scan(app, key, first!.code)).statusCode).toBe(200);
    const get = (path: string, query: string) =>
      cartCall(app, scene.seller, { method: 'GET', path, query, token });

    const sessions = orderSessionResponseSchema.parse(
      (await get('my/order_session', '_embed=ticket&ticket.state._in=booked,redeemed')).json(),
    );
    const states = (sessions.ticket?._data ?? [])
      .filter((t) => t.ticket_order_id === orderId)
      .map((t) => [t.id, t.state]);
    expect(states).toHaveLength(2);
    expect(states).toContainEqual([first!.id, 'redeemed']);
    const list = ticketOrderListResponseSchema.parse(
      (
        await get(
          'my/ticket_order',
          `id._in=${orderId}&ticket.state._in=booked,redeemed&_embed=ticket`,
        )
      ).json(),
    );
    expect(list.ticket!._data.find((t) => t.id === first!.id)?.state).toBe('redeemed');
  });
});
