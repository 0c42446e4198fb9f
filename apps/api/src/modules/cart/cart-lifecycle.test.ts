import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cart, ticket } from '@/db/schema/cart';
import { ticketGroup } from '@/db/schema/catalog';
import { eventSession } from '@/db/schema/sessions';
import { buildTestApp } from '@/testing/build-test-app';
import {
  addBody,
  bundleOf,
  cartCall,
  errorOf,
  makeReserveScene,
  type ReserveScene,
} from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeConfig } from '@/testing/factories';
import { sweepExpiredCarts } from './expiry';

const START = new Date('2029-06-01T12:00:00Z');
const MINUTE = 60_000;

describeEachDatabase('cart: remove, delete, read, extend and expiry', (ctx) => {
  let app: FastifyInstance;
  let clock = START;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: () => clock });
  });
  afterAll(async () => {
    await app.close();
  });

  const usedOf = async (sessionId: string) =>
    (await ctx.db.select().from(eventSession).where(eq(eventSession.id, sessionId)))[0]!
      .usedCapacity;
  const reserve = async (scene: ReserveScene, quantity: number) =>
    bundleOf(
      await cartCall(app, scene.seller, {
        method: 'POST',
        path: 'my/cart/modify',
        body: addBody(scene, quantity),
      }),
    );

  it('removes tickets by POST cart/{id}/remove and by modify, giving their places back', async () => {
    clock = START;
    const scene = await makeReserveScene(ctx.db, { group: { capacity: 10 } });
    const bundle = await reserve(scene, 4);
    const cartId = bundle.cart._data[0]!.id;
    const [a, b, c] = bundle.ticket._data.map((t) => t.id);
    const removed = bundleOf(
      await cartCall(app, scene.seller, {
        method: 'POST',
        path: `cart/${cartId}/remove`,
        body: { tickets: [a] },
      }),
    );
    expect(removed.ticket._data.map((t) => t.id)).not.toContain(a);
    expect(await usedOf(scene.session.id)).toBe(3);
    const swapped = bundleOf(
      await cartCall(app, scene.seller, {
        method: 'POST',
        path: `cart/${cartId}/modify`,
        body: { remove: { tickets: [b, c] }, ...addBody(scene, 1) },
      }),
    );
    expect(swapped.ticket._count).toBe(2);
    expect(await usedOf(scene.session.id)).toBe(2);
    const [group] = await ctx.db
      .select()
      .from(ticketGroup)
      .where(eq(ticketGroup.id, scene.group.id));
    expect(group!.usedCapacity).toBe(2);
    const unknown = await cartCall(app, scene.seller, {
      method: 'POST',
      path: `cart/${cartId}/remove`,
      body: { tickets: [a] },
    });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown)).toMatchObject({ _code: 'not_found', _extra: { ticket_id: a } });
    expect(await usedOf(scene.session.id)).toBe(2);
  });

  it('deletes a cart with DELETE cart/{id} and my/cart/{id}, releasing everything; 404 when missing', async () => {
    clock = START;
    const scene = await makeReserveScene(ctx.db);
    const first = (await reserve(scene, 3)).cart._data[0]!.id;
    const second = (await reserve(scene, 2)).cart._data[0]!.id;
    expect(await usedOf(scene.session.id)).toBe(5);
    const del = await cartCall(app, scene.seller, { method: 'DELETE', path: `cart/${first}` });
    expect(del.statusCode).toBe(204);
    expect(await usedOf(scene.session.id)).toBe(2);
    expect(
      (await cartCall(app, scene.seller, { method: 'DELETE', path: `my/cart/${second}` }))
        .statusCode,
    ).toBe(204);
    expect(await usedOf(scene.session.id)).toBe(0);
    const again = await cartCall(app, scene.seller, {
      method: 'DELETE',
      path: `my/cart/${second}`,
    });
    expect(again.statusCode).toBe(404);
    expect(errorOf(again)).toMatchObject({ _code: 'not_found', _context: 'cart' });
    expect(
      (await cartCall(app, scene.seller, { method: 'GET', path: `cart/${first}` })).statusCode,
    ).toBe(404);
    expect((await ctx.db.select().from(ticket).where(eq(ticket.cartId, first))).length).toBe(0);
    expect(
      (await cartCall(app, scene.seller, { method: 'GET', path: 'cart/not-a-uuid' })).statusCode,
    ).toBe(404);
  });

  it('reads the bundle on GET cart/{id} and my/cart/{id} with _limit, _embed and config.key._in', async () => {
    clock = START;
    const scene = await makeReserveScene(ctx.db);
    await makeConfig(ctx.db, scene.event, 'event_template', 'config.image', { fit: 'cover' });
    await makeConfig(ctx.db, scene.event, 'event_template', 'web.ecommerce', {
      next_route: 'checkout',
    });
    const cartId = (await reserve(scene, 3)).cart._data[0]!.id;
    const mine = bundleOf(
      await cartCall(app, scene.seller, {
        method: 'GET',
        path: `my/cart/${cartId}`,
        query:
          '_limit=2&_embed=ticket,ticket_type,event_session,config&config.key._in=config.image,web.session_picker_tabs',
      }),
    );
    expect(mine.ticket._count).toBe(2);
    expect(mine.config._data.map((c) => c.key)).toEqual(['config.image']);
    const plain = bundleOf(
      await cartCall(app, scene.seller, { method: 'GET', path: `cart/${cartId}` }),
    );
    expect(plain.ticket._count).toBe(3);
    expect(plain.config._count).toBe(2);
    const tooBig = await cartCall(app, scene.seller, {
      method: 'GET',
      path: `cart/${cartId}`,
      query: '_limit=1001',
    });
    expect(errorOf(tooBig)).toMatchObject({
      _code: 'validation_failed',
      _extra: { field: '_limit' },
    });
    const badEmbed = await cartCall(app, scene.seller, {
      method: 'GET',
      path: `cart/${cartId}`,
      query: '_embed=secrets',
    });
    expect(badEmbed.statusCode).toBe(400);
  });

  it('extends by PATCH my/cart/{id}: +2 minutes, only in the last 60 s, at most 3 times', async () => {
    clock = START;
    const scene = await makeReserveScene(ctx.db, { sellerConfig: { cart_hold_minutes: 3 } });
    const cartId = (await reserve(scene, 1)).cart._data[0]!.id;
    const patch = (expiresAt: Date) =>
      cartCall(app, scene.seller, {
        method: 'PATCH',
        path: `my/cart/${cartId}`,
        body: { expires_at: expiresAt.toISOString() },
      });
    const far = new Date('2029-06-01T13:00:00Z');
    // 70 s left: not offered yet (spec: shopping §4 — offer at ≤ 60 s)
    clock = new Date(START.getTime() + 110_000);
    const early = await patch(far);
    expect(early.statusCode).toBe(422);
    expect(errorOf(early)).toMatchObject({
      _code: 'validation_failed',
      _context: 'cart',
      _description: 'A cart can be extended only in its last 60 seconds.',
      _extra: { field: 'expires_at', max_extensions: 3 },
    });
    // 50 s left: +120 s at most, whatever was asked
    clock = new Date(START.getTime() + 2 * MINUTE + 10_000);
    const first = bundleOf(await patch(new Date(clock.getTime() + 170_000))).cart._data[0]!;
    expect(first.expires_at).toBe('2029-06-01T12:05:00.000Z'); // old 12:03 + 120 s
    expect(first.expires_in).toBe(170);
    // straight after: 170 s left, refused; an earlier time changes nothing
    expect((await patch(far)).statusCode).toBe(422);
    expect(bundleOf(await patch(START)).cart._data[0]!.expires_at).toBe('2029-06-01T12:05:00.000Z');
    for (const [at, expected] of [
      ['2029-06-01T12:04:10Z', '2029-06-01T12:07:00.000Z'],
      ['2029-06-01T12:06:10Z', '2029-06-01T12:09:00.000Z'],
    ] as const) {
      clock = new Date(at);
      expect(bundleOf(await patch(far)).cart._data[0]!.expires_at).toBe(expected);
    }
    // the fourth is refused: the hold ends as the third extension set it
    clock = new Date('2029-06-01T12:08:10Z');
    const fourth = await patch(far);
    expect(fourth.statusCode).toBe(422);
    expect(errorOf(fourth)._description).toBe('This cart cannot be extended again.');
    const read = bundleOf(
      await cartCall(app, scene.seller, { method: 'GET', path: `cart/${cartId}` }),
    );
    expect(read.cart._data[0]!.expires_at).toBe('2029-06-01T12:09:00.000Z');
    const bad = await cartCall(app, scene.seller, {
      method: 'PATCH',
      path: `my/cart/${cartId}`,
      body: { expires_at: 'soon' },
    });
    expect(errorOf(bad)).toMatchObject({
      _code: 'validation_failed',
      _extra: { field: 'expires_at' },
    });
  });

  it('grants one extension to concurrent PATCHes in the last minute', async () => {
    clock = START;
    const scene = await makeReserveScene(ctx.db, { sellerConfig: { cart_hold_minutes: 3 } });
    const cartId = (await reserve(scene, 1)).cart._data[0]!.id;
    clock = new Date(START.getTime() + 2 * MINUTE + 30_000);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        cartCall(app, scene.seller, {
          method: 'PATCH',
          path: `my/cart/${cartId}`,
          body: { expires_at: '2029-06-01T13:00:00Z' },
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422, 422, 422, 422, 422]);
    const read = bundleOf(
      await cartCall(app, scene.seller, { method: 'GET', path: `cart/${cartId}` }),
    );
    expect(read.cart._data[0]!.expires_at).toBe('2029-06-01T12:05:00.000Z');
  });

  it('expires a cart on read: state expired, capacity back, modify and extend answer cart_expired', async () => {
    clock = START;
    const scene = await makeReserveScene(ctx.db, { group: { capacity: 20 } });
    const cartId = (await reserve(scene, 5)).cart._data[0]!.id;
    clock = new Date(START.getTime() + 15 * MINUTE - 1000);
    expect(
      bundleOf(await cartCall(app, scene.seller, { method: 'GET', path: `cart/${cartId}` })).cart
        ._data[0]!.expires_in,
    ).toBe(1);
    expect(await usedOf(scene.session.id)).toBe(5);
    clock = new Date(START.getTime() + 15 * MINUTE);
    const read = bundleOf(
      await cartCall(app, scene.seller, { method: 'GET', path: `my/cart/${cartId}` }),
    );
    expect(read.cart._data[0]).toMatchObject({ state: 'expired', expires_in: 0 });
    expect(read.ticket._data.every((t) => t.state === 'cancelled')).toBe(true);
    expect(read.cart_fees._data[0]!.total_outstanding).toBe('0.00');
    expect(await usedOf(scene.session.id)).toBe(0);
    const [group] = await ctx.db
      .select()
      .from(ticketGroup)
      .where(eq(ticketGroup.id, scene.group.id));
    expect(group!.usedCapacity).toBe(0);
    const modify = await cartCall(app, scene.seller, {
      method: 'POST',
      path: `my/cart/${cartId}/modify`,
      body: addBody(scene),
    });
    expect(modify.statusCode).toBe(410);
    expect(errorOf(modify)).toMatchObject({ _code: 'cart_expired', _context: 'cart' });
    const extend = await cartCall(app, scene.seller, {
      method: 'PATCH',
      path: `my/cart/${cartId}`,
      body: { expires_at: new Date(clock.getTime() + MINUTE).toISOString() },
    });
    expect(errorOf(extend)._code).toBe('cart_expired');
    expect(await usedOf(scene.session.id)).toBe(0);
  });

  it('answers cart_expired to a modify of a cart past its expiry that no read has expired yet', async () => {
    clock = START;
    const scene = await makeReserveScene(ctx.db);
    const cartId = (await reserve(scene, 2)).cart._data[0]!.id;
    clock = new Date(START.getTime() + 16 * MINUTE);
    const res = await cartCall(app, scene.seller, {
      method: 'POST',
      path: `cart/${cartId}/remove`,
      body: { tickets: [cartId] },
    });
    expect(res.statusCode).toBe(410);
    expect(await usedOf(scene.session.id)).toBe(0);
  });

  it('sweeps expired carts once, even when sweepers and reads race', async () => {
    clock = START;
    const scene = await makeReserveScene(ctx.db, { session: { capacity: 100 } });
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push((await reserve(scene, 3)).cart._data[0]!.id);
    clock = new Date(START.getTime() + 5 * MINUTE);
    const keeper = (await reserve(scene, 1)).cart._data[0]!.id; // expires at 12:20
    expect(await usedOf(scene.session.id)).toBe(19);
    const at = new Date(START.getTime() + 15 * MINUTE);
    clock = at;
    // other tests of this file leave carts too: count every pending cart due at `at`
    const due = (await ctx.db.select().from(cart)).filter(
      (c) => c.state === 'pending' && c.expiresAt <= at,
    ).length;
    const [a, b] = await Promise.all([
      sweepExpiredCarts(ctx.db, at),
      sweepExpiredCarts(ctx.db, at),
      cartCall(app, scene.seller, { method: 'GET', path: `cart/${ids[0]}` }),
    ]);
    // each due cart is expired exactly once: by one of the sweepers or by the read
    expect(a + b).toBeGreaterThanOrEqual(due - 1);
    expect(a + b).toBeLessThanOrEqual(due);
    expect(await sweepExpiredCarts(ctx.db, at)).toBe(0);
    expect(await usedOf(scene.session.id)).toBe(1);
    const states = await ctx.db.select({ id: cart.id, state: cart.state }).from(cart);
    const mine = states.filter((s) => ids.includes(s.id) || s.id === keeper);
    expect(mine.filter((s) => s.state === 'expired')).toHaveLength(6);
    expect(mine.find((s) => s.id === keeper)?.state).toBe('pending');
  });
});
