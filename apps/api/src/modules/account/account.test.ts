import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  orderSessionResponseSchema,
  ticketOrderListResponseSchema,
} from '@admit/contracts/account';
import { ticket } from '@/db/schema/cart';
import { outbox } from '@/db/schema/mail';
import { checkoutCall, orderOf } from '@/modules/checkout/checkout-test-kit';
import { manageCall } from '@/modules/manage/manage-test-kit';
import { buildTestApp } from '@/testing/build-test-app';
import {
  addBody,
  bundleOf,
  cartCall,
  makeReserveScene,
  type ReserveScene,
} from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeSession } from '@/testing/factories';
import { makeUser } from '@/testing/identity-factories';

const BOUGHT = new Date('2029-01-10T12:00:00Z');
const NOW = new Date('2029-06-01T12:00:00Z');

describeEachDatabase(
  'account: my/order_session, my/ticket_order, ticket_order/{id}/email',
  (ctx) => {
    let app: FastifyInstance;
    let clock = BOUGHT;
    let scene: ReserveScene;
    let token: string;
    let otherToken: string;
    let pastSessionId: string;
    const orders: { id: string; number: string; ticketIds: string[] }[] = [];

    const buy = async (sessionId: string, quantity: number) => {
      const body = addBody(scene, quantity);
      body.add![0]!.event_session_id = sessionId;
      const cart = bundleOf(
        await cartCall(app, scene.seller, { method: 'POST', path: 'my/cart/modify', body, token }),
      ).cart._data[0]!;
      const order = orderOf(
        await checkoutCall(app, scene, {
          path: `my/cart/${cart.id}/checkout`,
          body: { amount: '0.00', gateway_id: 'free', gateway_data: {} },
          token,
        }),
      );
      orders.push({
        id: order.ticket_order._data[0]!.id,
        number: order.ticket_order._data[0]!.order_number,
        ticketIds: order.ticket._data.map((t) => t.id),
      });
    };

    beforeAll(async () => {
      app = await buildTestApp(ctx.database, { now: () => clock, env: { MAIL_POLL_MS: '0' } });
      scene = await makeReserveScene(ctx.db, { type: { amount: 0 } });
      const past = await makeSession(ctx.db, scene.event, {
        startDatetime: new Date('2029-03-01T15:00:00Z'),
        capacity: 50,
      });
      pastSessionId = past.id;
      const member = await makeUser(ctx.db, scene.seller, { email: 'ada@example.org' });
      token = (await app.sessions.createSession(member.id, scene.seller.id)).token;
      const other = await makeUser(ctx.db, scene.seller, { email: 'eve@example.org' });
      otherToken = (await app.sessions.createSession(other.id, scene.seller.id)).token;
      await buy(past.id, 1);
      clock = new Date(BOUGHT.getTime() + 60_000);
      await buy(scene.session.id, 3);
      clock = NOW;
      // sessions end after months: the member logs in again now
      token = (await app.sessions.createSession(member.id, scene.seller.id)).token;
      otherToken = (await app.sessions.createSession(other.id, scene.seller.id)).token;
      // one of the upcoming tickets is cancelled: account lists show booked and redeemed only
      await ctx.db
        .update(ticket)
        .set({ state: 'cancelled' })
        .where(eq(ticket.id, orders[1]!.ticketIds[0]!));
    });
    afterAll(async () => {
      await app.close();
    });

    const get = (path: string, who: string | null = token) =>
      cartCall(app, scene.seller, {
        method: 'GET',
        path: path.split('?')[0]!,
        query: path.split('?')[1],
        token: who ?? undefined,
      });

    it('lists the caller’s upcoming sessions by start with their live tickets (identity §4, §7)', async () => {
      const res = await get(
        `my/order_session?_embed=ticket&ticket.state._in=booked,redeemed&start_datetime._gte=${NOW.toISOString()}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      const body = orderSessionResponseSchema.parse(res.json());
      expect(body.order_session._data).toEqual([
        expect.objectContaining({
          ticket_order_id: orders[1]!.id,
          event_session_id: scene.session.id,
          order_number: orders[1]!.number,
          ticket_count: 2,
          event_name: scene.event.name,
        }),
      ]);
      expect(body.ticket!._data.map((t) => t.id).sort()).toEqual(
        orders[1]!.ticketIds.slice(1).sort(),
      );
      expect(body.ticket!._data.every((t) => t.scan_code && t.state === 'booked')).toBe(true);

      const all = orderSessionResponseSchema.parse((await get('my/order_session')).json());
      expect(all.order_session._data.map((s) => s.ticket_order_id)).toEqual([
        orders[0]!.id,
        orders[1]!.id,
      ]);
    });

    it('embeds the tickets of an older order with their scan codes (identity §2 Ticket #, §7)', async () => {
      // the session of the first order only: its order is not among the caller's newest orders
      const res = await get(
        `my/order_session?_embed=ticket&ticket.state._in=booked,redeemed&event_session_id=${pastSessionId}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      const body = orderSessionResponseSchema.parse(res.json());
      expect(body.order_session._data.map((s) => s.ticket_order_id)).toEqual([orders[0]!.id]);
      const list = ticketOrderListResponseSchema.parse(
        (await get(`my/ticket_order?id._in=${orders[0]!.id}&_embed=ticket`)).json(),
      );
      const codes = new Map(list.ticket!._data.map((t) => [t.id, t.scan_code]));
      expect(body.ticket!._data.map((t) => t.id)).toEqual(orders[0]!.ticketIds);
      for (const t of body.ticket!._data) {
        expect(t.scan_code).toBeTruthy();
        expect(t.scan_code).toBe(codes.get(t.id));
      }
    });

    it('lists the caller’s orders newest first, filtered by id, with the embeds asked for', async () => {
      const res = await get('my/ticket_order?_embed=ticket,ticket_type,ticket_group');
      const body = ticketOrderListResponseSchema.parse(res.json());
      expect(body.ticket_order._data.map((o) => o.id)).toEqual([orders[1]!.id, orders[0]!.id]);
      expect(body.ticket!._count).toBe(3);
      expect(body.ticket_type!._data[0]!.id).toBe(scene.type.id);
      const one = ticketOrderListResponseSchema.parse(
        (
          await get(`my/ticket_order?id._in=${orders[0]!.id}&ticket.state._in=booked,redeemed`)
        ).json(),
      );
      expect(one.ticket_order._data.map((o) => o.id)).toEqual([orders[0]!.id]);
      expect(one.ticket).toBeUndefined();
      const cached = ticketOrderListResponseSchema.parse(
        (await get(`ticket_order?id._in=${orders[0]!.id}`)).json(),
      );
      expect(cached.ticket_order._count).toBe(1);
    });

    it('shows another member and a guest none of it', async () => {
      const theirs = orderSessionResponseSchema.parse(
        (await get('my/order_session', otherToken)).json(),
      );
      expect(theirs.order_session._data).toEqual([]);
      const list = ticketOrderListResponseSchema.parse(
        (await get(`ticket_order?id._in=${orders[0]!.id}`, otherToken)).json(),
      );
      expect(list.ticket_order._data).toEqual([]);
      expect((await get('my/order_session', null)).statusCode).toBe(401);
      expect((await get('my/ticket_order', null)).statusCode).toBe(401);
      const guest = ticketOrderListResponseSchema.parse((await get('ticket_order', null)).json());
      expect(guest.ticket_order._data).toEqual([]);
    });

    it('POST ticket_order/{id}/email resends one order to its address for its buyer only', async () => {
      const res = await manageCall(app, scene, {
        path: `ticket_order/${orders[1]!.id}/email`,
        body: {},
        token,
      });
      expect(res.statusCode, res.body).toBe(200);
      const mails = await ctx.db
        .select()
        .from(outbox)
        .where(eq(outbox.toAddress, 'ada@example.org'));
      const resent = mails.filter((m) => m.subject.includes(orders[1]!.number));
      expect(resent.length).toBe(2); // the confirmation at checkout and the resend
      expect(resent.at(-1)!.kind).toBe('order_confirmation');
      const stranger = await manageCall(app, scene, {
        path: `ticket_order/${orders[1]!.id}/email`,
        body: {},
        token: otherToken,
      });
      expect(stranger.statusCode).toBe(404);
    });
  },
);
