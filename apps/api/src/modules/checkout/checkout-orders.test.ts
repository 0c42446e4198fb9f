import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { orderBundleSchema } from '@admit/contracts/checkout';
import { SESSION_COOKIE } from '@admit/contracts/constants';
import { cart } from '@/db/schema/cart';
import { checkoutRule } from '@/db/schema/codes';
import { identity } from '@/db/schema/identity';
import { buildTestApp } from '@/testing/build-test-app';
import { errorOf, makeReserveScene, type ReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeUser } from '@/testing/identity-factories';
import { qrPng } from '@/lib/qr-png';
import {
  PURCHASER,
  cardEntry,
  cartRows,
  checkoutCall,
  makeCart,
  orderOf,
  tokenize,
} from './checkout-test-kit';

const START = new Date('2029-06-01T12:00:00Z');

describeEachDatabase('checkout: member checkout, orders, QR codes, expiry', (ctx) => {
  let app: FastifyInstance;
  let scene: ReserveScene;
  let clock = START;
  let memberToken: string;
  let strangerToken: string;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: () => clock, env: { MAIL_POLL_MS: '0' } });
    scene = await makeReserveScene(ctx.db);
    const member = await makeUser(ctx.db, scene.seller, { email: 'member@example.org' });
    const stranger = await makeUser(ctx.db, scene.seller, { email: 'stranger@example.org' });
    memberToken = (await app.sessions.createSession(member.id, scene.seller.id)).token;
    strangerToken = (await app.sessions.createSession(stranger.id, scene.seller.id)).token;
  });
  afterAll(async () => {
    await app.close();
  });

  const read = (url: string, token?: string) =>
    app.inject({ method: 'GET', url, cookies: token ? { [SESSION_COOKIE]: token } : {} });

  it('checks a member out; only the buyer or the secret link reads the order and its QR code', async () => {
    const c = await makeCart(app, scene, 1, memberToken);
    const order = orderOf(
      await checkoutCall(app, scene, {
        path: `my/cart/${c.id}/checkout`,
        token: memberToken,
        body: cardEntry('25.00', await tokenize(app, '4242424242424242')),
      }),
    );
    const id = order.ticket_order._data[0]!.id;
    expect(order.ticket_order._data[0]!.identity_id).toBe(c.identity_id);
    const url = `/api/ticket_order/${id}?_seller=${scene.seller.slug}`;
    const asBuyer = orderBundleSchema.parse((await read(url, memberToken)).json());
    expect(asBuyer.ticket_order_fees._data[0]!.total_after_fees_price).toBe('25.00');
    expect(asBuyer.event_template._data.map((e) => e.id)).toEqual([scene.event.id]);
    expect(asBuyer.ticket_type._data.map((t) => t.id)).toEqual([scene.type.id]);
    expect(asBuyer.event_session._data.map((s) => s.id)).toEqual([scene.session.id]);
    expect(asBuyer.ticket_group._data.map((g) => g.id)).toEqual([scene.group.id]);
    expect((await read(url, strangerToken)).statusCode).toBe(404);
    const guest = await read(url);
    expect(guest.statusCode).toBe(404);
    expect(errorOf(guest)._description).toBe('We could not find that order.');
    expect((await read(`${url}&secret=wrong`)).statusCode).toBe(404);
    expect((await read(`${url}&secret=${order.access_secret}`)).statusCode).toBe(200);

    const qrUrl = `/cached_api/ticket_order/${id}/qrcode?_seller=${scene.seller.slug}&margin=4`;
    expect((await read(qrUrl)).statusCode).toBe(404);
    expect((await read(qrUrl, strangerToken)).statusCode).toBe(404);
    const qr = await read(`${qrUrl}&secret=${order.access_secret}`);
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['content-type']).toBe('image/png');
    expect(qr.headers['cache-control']).toContain('private');
    const { orders } = await cartRows(ctx.db, c.id);
    // the image is the QR code of the order's scan code
    expect(qr.rawPayload.equals(await qrPng(orders[0]!.scanCode!, 4))).toBe(true);
    expect((await read(qrUrl, memberToken)).statusCode).toBe(200);
  });

  it('my/cart/{id}/pay: a partial payment answers the cart, the last one makes the order', async () => {
    const c = await makeCart(app, scene, 2, memberToken);
    const pay = async (amount: string) =>
      checkoutCall(app, scene, {
        path: `my/cart/${c.id}/pay`,
        token: memberToken,
        body: cardEntry(amount, await tokenize(app, '4242424242424242')),
      });
    const partial = await pay('20.00');
    expect(partial.statusCode).toBe(200);
    expect((partial.json() as { cart: unknown }).cart).toBeDefined();
    const rest = orderOf(await pay('30.00'));
    expect(rest.ticket._data.map((t) => t.state)).toEqual(['booked', 'booked']);
  });

  it('a logged-in caller checks out for a named guest identity', async () => {
    const guest = await makeUser(ctx.db, scene.seller, { email: 'named-guest@example.org' });
    const c = await makeCart(app, scene, 1, memberToken);
    const order = orderOf(
      await checkoutCall(app, scene, {
        path: `my/cart/${c.id}/guest_checkout`,
        token: memberToken,
        body: {
          ...cardEntry('25.00', await tokenize(app, '4242424242424242')),
          guest_identity_id: guest.id,
        },
      }),
    );
    expect(order.ticket_order._data[0]).toMatchObject({
      identity_id: guest.id,
      email: 'named-guest@example.org',
    });
  });

  it('finds the existing identity for a known purchaser e-mail (no second account)', async () => {
    const c = await makeCart(app, scene, 1);
    const known = {
      ...PURCHASER,
      email: 'member@example.org',
      email_confirm: 'member@example.org',
    };
    const order = orderOf(
      await checkoutCall(app, scene, {
        path: `cart/${c.id}/guest_checkout`,
        body: { ...cardEntry('25.00', await tokenize(app, '4242424242424242')), purchaser: known },
      }),
    );
    const people = await ctx.db
      .select()
      .from(identity)
      .where(eq(identity.email, 'member@example.org'));
    expect(people.map((p) => p.id)).toEqual([order.ticket_order._data[0]!.identity_id]);
  });

  it('checks a free cart out with gateway free, and refuses free when something is due', async () => {
    const free = await makeReserveScene(ctx.db, { type: { amount: 0 } });
    const c = await makeCart(app, free, 1);
    const body = { amount: '0.00', gateway_id: 'free', gateway_data: {}, purchaser: PURCHASER };
    orderOf(await checkoutCall(app, free, { path: `cart/${c.id}/guest_checkout`, body }));
    expect((await cartRows(ctx.db, c.id)).payments).toEqual([]);
    const paid = await makeCart(app, scene, 1);
    const refused = await checkoutCall(app, scene, {
      path: `cart/${paid.id}/guest_checkout`,
      body,
    });
    expect(errorOf(refused)._description).toBe('Payment is not supported for this amount');
  });

  it('an expired cart answers 410 cart_expired and nothing changes', async () => {
    const c = await makeCart(app, scene, 1);
    const pm = await tokenize(app, '4242424242424242');
    clock = new Date(START.getTime() + 24 * 3_600_000);
    try {
      const res = await checkoutCall(app, scene, {
        path: `cart/${c.id}/guest_checkout`,
        body: { ...cardEntry('25.00', pm), purchaser: PURCHASER },
      });
      expect(res.statusCode).toBe(410);
      expect(errorOf(res)._code).toBe('cart_expired');
      const rows = await cartRows(ctx.db, c.id);
      expect(rows.payments).toEqual([]);
      expect(rows.orders).toEqual([]);
      const [row] = await ctx.db.select().from(cart).where(eq(cart.id, c.id));
      expect(row!.state).toBe('pending');
    } finally {
      clock = START;
    }
  });

  it('a cart blocked by a checkout rule answers rule_blocks_reserve and charges nothing', async () => {
    const blocked = await makeReserveScene(ctx.db);
    const c = await makeCart(app, blocked, 1);
    await ctx.db.insert(checkoutRule).values({
      sellerId: blocked.seller.id,
      resource: 'ticket_type',
      resourceId: blocked.type.id,
      codeGroup: 'partners',
      description: 'A partner code is required',
    });
    const res = await checkoutCall(app, blocked, {
      path: `cart/${c.id}/guest_checkout`,
      body: {
        ...cardEntry('25.00', await tokenize(app, '4242424242424242')),
        purchaser: PURCHASER,
      },
    });
    expect(res.statusCode).toBe(422);
    expect(errorOf(res)).toMatchObject({
      _code: 'rule_blocks_reserve',
      _context: 'checkout_rules',
    });
    const rows = await cartRows(ctx.db, c.id);
    expect(rows.payments).toEqual([]);
    expect(rows.orders).toEqual([]);
  });
});
