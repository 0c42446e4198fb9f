import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutResponseSchema } from '@admit/contracts/checkout';
import { APP_HEADER, APP_HEADER_VALUE, SESSION_COOKIE } from '@admit/contracts/constants';
import { loginResponseSchema } from '@admit/contracts/identity';
import { orderEditResponseSchema } from '@admit/contracts/manage';
import { paymentRefund } from '@/db/schema/aftersale';
import { ticket } from '@/db/schema/cart';
import { eventSession } from '@/db/schema/sessions';
import {
  PURCHASER,
  cardEntry,
  checkoutCall,
  makeCart,
  newKey,
  orderOf,
  tokenize,
} from '@/modules/checkout/checkout-test-kit';
import { authCall } from '@/modules/auth/auth-test-kit';
import { attachDepositPlan } from '@/modules/schedules/plan-test-kit';
import { buildTestApp } from '@/testing/build-test-app';
import {
  addBody,
  cartCall,
  errorOf,
  makeReserveScene,
  type ReserveScene,
} from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import {
  makeEvent,
  makeSession,
  makeTicketGroup,
  makeTicketType,
  type SessionRow,
} from '@/testing/factories';
import { makeUser } from '@/testing/identity-factories';
import { RULES_ON, manageCall, setSelfEditRules } from './manage-test-kit';

/**
 * Issue #22 finding 1: an order's edit cart is the buyer's, so the buyer's logged-in session
 * reached it through the ordinary cart routes and skipped the edit's rules (log out first, same
 * event only, the horizon). Only ticket_order/{id}/edit… may touch it: every ordinary route
 * answers it exactly as it answers a cart that does not exist.
 */

const NOW = new Date('2029-06-01T12:00:00Z');
const FREE = { amount: '0.00', gateway_id: 'free', gateway_data: {} };
const PASSWORD = 'Correct-Horse-9';

describeEachDatabase('manage: the edit cart is sealed from the ordinary cart routes', (ctx) => {
  let app: FastifyInstance;
  let tour: ReserveScene;
  let later: SessionRow;
  let concert: ReserveScene;
  let token: string;

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: () => NOW, env: { MAIL_POLL_MS: '0' } });
    // the probe's tour: $250, a 25 % deposit ($62.50) now, the rest 7 days before the visit
    tour = await makeReserveScene(ctx.db, {
      type: { amount: 25_000 },
      session: { startDatetime: new Date('2029-06-20T14:00:00Z') },
    });
    await attachDepositPlan(ctx.db, tour);
    await setSelfEditRules(ctx.db, tour.seller.id, RULES_ON);
    later = await makeSession(ctx.db, tour.event, {
      startDatetime: new Date('2029-06-27T14:00:00Z'),
      capacity: 50,
    });
    // another event of the same seller: an edit may never buy into it
    const event = await makeEvent(ctx.db, tour.seller);
    const group = await makeTicketGroup(ctx.db, event);
    concert = {
      seller: tour.seller,
      event,
      group,
      type: await makeTicketType(ctx.db, group, { amount: 6_000 }),
      session: await makeSession(ctx.db, event, {
        startDatetime: new Date('2029-07-01T19:00:00Z'),
        capacity: 50,
      }),
    };
    const member = await makeUser(ctx.db, tour.seller, {
      email: 'prober@example.org',
      password: PASSWORD,
    });
    token = (await app.sessions.createSession(member.id, tour.seller.id)).token;
  });
  afterAll(async () => {
    await app.close();
  });

  /** The member buys one tour ticket, paying the deposit by card (logged in). */
  async function memberOrder() {
    const cart = await makeCart(app, tour, 1, token);
    const order = orderOf(
      await checkoutCall(app, tour, {
        path: `my/cart/${cart.id}/checkout`,
        body: cardEntry('62.50', await tokenize(app, '4242424242424242')),
        token,
      }),
    );
    return {
      orderId: order.ticket_order._data[0]!.id,
      secret: order.access_secret,
      ticketId: order.ticket._data[0]!.id,
    };
  }
  type Order = Awaited<ReturnType<typeof memberOrder>>;

  /** The edit as the rules allow it: logged out, with the order's secret link. */
  const edit = (order: Order, method: 'GET' | 'POST', body?: unknown) =>
    manageCall(app, tour, {
      method,
      path: `ticket_order/${order.orderId}/edit`,
      secret: order.secret,
      body,
    });
  const openEdit = async (order: Order, body: unknown) => {
    const res = await edit(order, 'POST', body);
    expect(res.statusCode, res.body).toBe(200);
    return orderEditResponseSchema.parse(res.json());
  };
  const used = async (id: string) =>
    (await ctx.db.select().from(eventSession).where(eq(eventSession.id, id)))[0]!.usedCapacity;

  it('replays the $62.50-deposit probe: the credit cannot buy concert tickets, the commit books none', async () => {
    const order = await memberOrder();
    const opened = await openEdit(order, { cancel: [order.ticketId] });
    // the credit is what was paid toward the ticket, its deposit (decision 0036, issue 22 update)
    expect(opened.order_edit._data[0]).toMatchObject({ credit: '62.50', kind: 'cancel' });
    const editCartId = opened.order_edit._data[0]!.cart_id;

    // the probe: the buyer's logged-in session spends the credit on another event
    const spend = await cartCall(app, tour.seller, {
      method: 'POST',
      path: `my/cart/${editCartId}/modify`,
      body: addBody(concert, 3),
      token,
    });
    expect(spend.statusCode).toBe(404);
    expect(errorOf(spend)).toMatchObject({ _code: 'not_found', _description: 'Cart not found' });
    const checkout = await checkoutCall(app, tour, {
      path: `my/cart/${editCartId}/checkout`,
      body: FREE,
      token,
    });
    expect(checkout.statusCode).toBe(404);
    expect(await used(concert.session.id)).toBe(0);

    // what is left is the edit the rules allow: the cancel, refunding what was paid, no more
    const done = await manageCall(app, tour, {
      path: `ticket_order/${order.orderId}/edit/pay`,
      secret: order.secret,
      body: FREE,
    });
    expect(done.statusCode, done.body).toBe(201);
    const body = checkoutResponseSchema.parse(done.json());
    expect(body.ticket._data.map((t) => [t.event_session_id, t.state])).toEqual([
      [tour.session.id, 'cancelled'],
    ]);
    const concertTickets = await ctx.db
      .select()
      .from(ticket)
      .where(and(eq(ticket.eventSessionId, concert.session.id), eq(ticket.state, 'booked')));
    expect(concertTickets).toEqual([]);
    const refunds = await ctx.db
      .select()
      .from(paymentRefund)
      .where(eq(paymentRefund.ticketOrderId, order.orderId));
    expect(refunds.reduce((n, r) => n + r.amount, 0)).toBe(6_250);
  });

  it("the login's cart hand-over neither moves nor names the edit cart", async () => {
    const order = await memberOrder();
    const opened = await openEdit(order, { cancel: [order.ticketId] });
    const editCartId = opened.order_edit._data[0]!.cart_id;
    const res = await authCall(app, tour.seller, {
      path: 'login',
      body: { username: 'prober@example.org', password: PASSWORD, cart_id: editCartId },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(loginResponseSchema.parse(res.json()).cart).toBeUndefined();
  });

  type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Every ordinary route that names a cart, in both forms where both exist. */
  const ROUTES: [Method, string, (heldTicketId: string) => unknown][] = [
    ['POST', 'my/cart/:id/modify', () => addBody(concert, 3)],
    ['POST', 'cart/:id/modify', () => addBody(concert, 3)],
    ['POST', 'cart/:id/remove', (held) => ({ tickets: [held] })],
    ['POST', 'my/cart/:id/apply_code', () => ({ code: 'NOSUCHCODE' })],
    ['POST', 'cart/:id/apply_code', () => ({ code: 'NOSUCHCODE' })],
    ['GET', 'my/cart/:id', () => undefined],
    ['GET', 'cart/:id', () => undefined],
    ['DELETE', 'my/cart/:id', () => undefined],
    ['DELETE', 'cart/:id', () => undefined],
    ['PATCH', 'my/cart/:id', () => ({ expires_at: '2029-06-01T13:00:00Z' })],
    ['PATCH', 'cart/:id', () => ({ expires_at: '2029-06-01T13:00:00Z' })],
    ['POST', 'my/cart/:id/pay', () => FREE],
    ['POST', 'cart/:id/pay', () => FREE],
    ['POST', 'my/cart/:id/checkout', () => FREE],
    ['POST', 'my/cart/:id/guest_checkout', () => ({ ...FREE, purchaser: PURCHASER })],
    ['POST', 'cart/:id/guest_checkout', () => ({ ...FREE, purchaser: PURCHASER })],
    ['POST', 'my/cart/:id/gift_checkout', () => ({ ...FREE, giftee_identity_id: randomUUID() })],
  ];

  /** A call as the storefront makes it: the member's session, an Idempotency-Key. */
  const call = (method: Method, route: string, cartId: string, body: unknown) =>
    app.inject({
      method,
      url: `/api/${route.replace(':id', cartId)}?_seller=${tour.seller.slug}`,
      headers: { [APP_HEADER]: APP_HEADER_VALUE, 'idempotency-key': newKey() },
      cookies: { [SESSION_COOKIE]: token },
      ...(body === undefined ? {} : { payload: body as object }),
    });
  /** What a caller sees, minus the id it asked for. */
  const seen = (res: LightMyRequestResponse) => {
    const error = res.statusCode >= 400 ? errorOf(res) : null;
    return {
      status: res.statusCode,
      code: error?._code ?? null,
      context: error?._context ?? null,
      description: error?._description ?? null,
    };
  };

  describe.each(ROUTES)('%s %s', (method, route, bodyOf) => {
    it("answers the buyer's edit cart as a cart that does not exist, and leaves the edit whole", async () => {
      const order = await memberOrder();
      // a reschedule within the event: the edit cart holds one ticket worth the credit
      const opened = await openEdit(order, {
        reschedule: [{ ticket_ids: [order.ticketId], event_session_id: later.id }],
      });
      const editCartId = opened.order_edit._data[0]!.cart_id;
      const held = opened.order_edit._data[0]!.rescheduled[0]!.replacement_ticket_id;
      const nowhere = seen(await call(method, route, randomUUID(), bodyOf(held)));
      expect(nowhere).toMatchObject({ status: 404, code: 'not_found', context: 'cart' });

      const concertBefore = await used(concert.session.id);
      const sealed = await call(method, route, editCartId, bodyOf(held));
      expect(seen(sealed), sealed.body.slice(0, 300)).toEqual(nowhere);
      const after = await edit(order, 'GET');
      expect(after.statusCode, after.body).toBe(200);
      const still = orderEditResponseSchema.parse(after.json());
      expect(still.order_edit._data[0]).toMatchObject({
        cart_id: editCartId,
        rescheduled: [{ ticket_id: order.ticketId, replacement_ticket_id: held }],
      });
      expect(await used(concert.session.id)).toBe(concertBefore);

      // control: the same call on the member's ordinary cart reaches it (so the test can fail)
      const own = await makeCart(app, tour, 1, token);
      const ownHeld = (await ctx.db.select().from(ticket).where(eq(ticket.cartId, own.id)))[0]!;
      const reached = seen(await call(method, route, own.id, bodyOf(ownHeld.id)));
      expect(reached).not.toEqual(nowhere);
    });
  });
});
