import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketGroup } from '@/db/schema/catalog';
import { eventSession } from '@/db/schema/sessions';
import { buildTestApp } from '@/testing/build-test-app';
import { addBody, bundleOf, cartCall, errorOf, makeReserveScene } from '@/testing/cart-fixtures';
import { makeCode } from '@/testing/code-factories';
import { describeEachDatabase } from '@/testing/describe-each-database';

const NOW = new Date('2029-06-01T12:00:00Z');

describeEachDatabase('cart: reserving', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW });
  });
  afterAll(async () => {
    await app.close();
  });

  const usedOf = async (sessionId: string) =>
    (await ctx.db.select().from(eventSession).where(eq(eventSession.id, sessionId)))[0]!
      .usedCapacity;
  const groupUsedOf = async (groupId: string) =>
    (await ctx.db.select().from(ticketGroup).where(eq(ticketGroup.id, groupId)))[0]!.usedCapacity;

  it('creates a guest cart on POST my/cart/modify and holds the tickets at once', async () => {
    const scene = await makeReserveScene(ctx.db);
    await makeCode(ctx.db, scene.seller, { code: 'SPRING10', name: 'Spring' });
    const res = await cartCall(app, scene.seller, {
      method: 'POST',
      path: 'my/cart/modify',
      body: addBody(scene, 3, { campaign: 'spring', preloadedPromoCodes: ['spring10'] }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const bundle = bundleOf(res);
    const cart = bundle.cart._data[0]!;
    expect(cart).toMatchObject({
      state: 'pending',
      seller_id: scene.seller.id,
      ownedByPublicIdentity: true,
      channel: 'web',
      campaign: 'spring',
      expires_at: '2029-06-01T12:15:00.000Z',
      expires_in: 900,
    });
    expect(cart.id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(cart.cart_number).toMatch(/^[A-Z2-9]{8}$/);
    expect(bundle.ticket._data).toHaveLength(3);
    expect(
      bundle.ticket._data.every((t) => t.state === 'in_cart' && t.face_value === '25.00'),
    ).toBe(true);
    expect(bundle.ticket._data[0]).toMatchObject({
      ticket_type_id: scene.type.id,
      ticket_group_id: scene.group.id,
      event_template_id: scene.event.id,
      event_session_id: scene.session.id,
      valid_from: scene.session.startDatetime.toISOString(),
    });
    expect(bundle.ticket_type._data.map((t) => t.id)).toEqual([scene.type.id]);
    expect(bundle.ticket_group._data.map((g) => g.id)).toEqual([scene.group.id]);
    expect(bundle.event_template._data.map((e) => e.id)).toEqual([scene.event.id]);
    expect(bundle.event_session._data[0]).toMatchObject({ id: scene.session.id, used_capacity: 3 });
    expect(bundle.venue._count).toBe(1);
    expect(bundle.seller._data[0]).toMatchObject({ id: scene.seller.id, currency: 'USD' });
    // the preloaded code (shopping §3 apply_code_default) is applied in the same transaction
    expect(bundle.cart_fees._data[0]).toMatchObject({
      total_before_cartmod_price: '75.00',
      total_cartmod_amount: '7.50',
      total_outstanding: '67.50',
    });
    expect(bundle.cartmod._data.map((m) => [m.name, m.discount])).toEqual([['Spring', '7.50']]);
    expect(await usedOf(scene.session.id)).toBe(3);
  });

  it('uses the seller hold minutes and refreshes the hold on each add, never shortening it', async () => {
    const scene = await makeReserveScene(ctx.db, { sellerConfig: { cart_hold_minutes: 5 } });
    const first = bundleOf(
      await cartCall(app, scene.seller, {
        method: 'POST',
        path: 'my/cart/modify',
        body: addBody(scene),
      }),
    ).cart._data[0]!;
    expect(first.expires_in).toBe(300);
    const later = await buildTestApp(ctx.database, { now: new Date(NOW.getTime() + 60_000) });
    try {
      const again = bundleOf(
        await cartCall(later, scene.seller, {
          method: 'POST',
          path: `my/cart/${first.id}/modify`,
          body: addBody(scene),
        }),
      ).cart._data[0]!;
      expect(again.expires_at).toBe('2029-06-01T12:06:00.000Z');
      // a modify without adds keeps the expiry
      const removeOnly = bundleOf(
        await cartCall(later, scene.seller, {
          method: 'POST',
          path: `cart/${first.id}/modify`,
          body: {},
        }),
      ).cart._data[0]!;
      expect(removeOnly.expires_at).toBe('2029-06-01T12:06:00.000Z');
    } finally {
      await later.close();
    }
  });

  it('answers event_session_sold_out when nothing is left and session_capacity_exceeded when too few are', async () => {
    const scene = await makeReserveScene(ctx.db, { session: { capacity: 5, oversellCapacity: 1 } });
    const call = (quantity: number) =>
      cartCall(app, scene.seller, {
        method: 'POST',
        path: 'my/cart/modify',
        body: addBody(scene, quantity),
      });
    expect((await call(4)).statusCode).toBe(201);
    const exceeded = await call(3);
    expect(exceeded.statusCode).toBe(422);
    expect(errorOf(exceeded)).toMatchObject({
      _code: 'session_capacity_exceeded',
      _context: 'reserve',
      _extra: { event_session_id: scene.session.id, available: 2, requested: 3 },
    });
    expect((await call(2)).statusCode).toBe(201);
    const soldOut = await call(1);
    expect(errorOf(soldOut)).toMatchObject({
      _code: 'event_session_sold_out',
      _context: 'reserve',
    });
    expect(await usedOf(scene.session.id)).toBe(6);
  });

  it('treats a sold_out flag as sold out even with places left', async () => {
    const scene = await makeReserveScene(ctx.db, { session: { soldOut: true } });
    const res = await cartCall(app, scene.seller, {
      method: 'POST',
      path: 'my/cart/modify',
      body: addBody(scene),
    });
    expect(errorOf(res)._code).toBe('event_session_sold_out');
    expect(await usedOf(scene.session.id)).toBe(0);
  });

  it('takes group capacity as well, and rolls both back when the group is short', async () => {
    const scene = await makeReserveScene(ctx.db, { group: { capacity: 3 } });
    const call = (quantity: number) =>
      cartCall(app, scene.seller, {
        method: 'POST',
        path: 'my/cart/modify',
        body: addBody(scene, quantity),
      });
    expect((await call(2)).statusCode).toBe(201);
    const exceeded = await call(2);
    expect(errorOf(exceeded)).toMatchObject({
      _code: 'ticket_group_capacity_exceeded',
      _context: 'reserve',
      _extra: { ticket_group_id: scene.group.id, available: 1 },
    });
    expect(await usedOf(scene.session.id)).toBe(2);
    expect((await call(1)).statusCode).toBe(201);
    expect(errorOf(await call(1))._code).toBe('ticket_group_sold_out');
    expect(await groupUsedOf(scene.group.id)).toBe(3);
    expect(await usedOf(scene.session.id)).toBe(3);
  });

  it('does not take session capacity for a group excluded from event capacity, nor group capacity when unlimited', async () => {
    const scene = await makeReserveScene(ctx.db, {
      group: { excludeFromEventCapacity: true },
      session: { capacity: 1, usedCapacity: 1 },
    });
    const res = await cartCall(app, scene.seller, {
      method: 'POST',
      path: 'my/cart/modify',
      body: addBody(scene, 2),
    });
    expect(res.statusCode).toBe(201);
    expect(await usedOf(scene.session.id)).toBe(1);
    expect(await groupUsedOf(scene.group.id)).toBe(0);
  });
});

describe('cart fixtures', () => {
  it('builds add bodies for one session', () => {
    const body = addBody({ session: { id: 's' }, type: { id: 't' } } as never, 2);
    expect(body.add?.[0]).toEqual({
      event_session_id: 's',
      ticket_types_required: [{ ticket_type_id: 't', quantity: 2 }],
    });
  });
});
