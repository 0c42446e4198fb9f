import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ticketGroup } from '@/db/schema/catalog';
import { seatLayout, seatTemplateGroup } from '@/db/schema/seats';
import { eventSession } from '@/db/schema/sessions';
import { sweepExpiredCarts } from '@/modules/cart/expiry';
import { PURCHASER, checkoutCall, orderOf } from '@/modules/checkout/checkout-test-kit';
import { manageCall } from '@/modules/manage/manage-test-kit';
import { buildTestApp } from '@/testing/build-test-app';
import { bundleOf, cartCall, errorOf } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeSession } from '@/testing/factories';
import {
  makeSeatedScene,
  makeZoneGroup,
  seatMapCall,
  seatMapOf,
  seatsBody,
  statesOf,
  updateSeat,
  addSeatsToGroup,
  type SeatedScene,
} from './seats-test-kit';

/**
 * GET events/{e}/sessions/{s}/seat_map (decision 0052): the shape, `_withgeometry`, the states
 * read from live tickets after a hold, a removal, an expiry and a cancel, the unavailable
 * seats, the 404s, and the cached copy never stale past a hold.
 */

const START = new Date('2029-06-01T12:00:00Z');

describeEachDatabase('seats: the seat map', (ctx) => {
  let app: FastifyInstance;
  let now = START;
  beforeAll(async () => {
    // the server keeps /cached_api bodies for a minute here, so only the scope can clear them
    app = await buildTestApp(ctx.database, {
      now: () => now,
      env: { CACHED_API_SERVER_TTL_MS: '60000', MAIL_POLL_MS: '0' },
    });
  });
  afterAll(async () => {
    await app.close();
  });

  const hold = async (scene: SeatedScene, seats: string[]) =>
    bundleOf(
      await cartCall(app, scene.seller, {
        method: 'POST',
        path: 'my/cart/modify',
        body: seatsBody(scene, seats),
      }),
    );
  const states = async (scene: SeatedScene) => statesOf(seatMapOf(await seatMapCall(app, scene)));

  it('answers the layout and every seat in reading order; _withgeometry adds the background and section labels', async () => {
    const scene = await makeSeatedScene(ctx.db, { rows: 2, perRow: 3 });
    const plain = seatMapOf(await seatMapCall(app, scene));
    expect(plain.seat_map._data).toEqual([
      {
        id: scene.layoutId,
        event_session_id: scene.session.id,
        name: 'Main hall',
        width: 50,
        height: 40,
      },
    ]);
    expect(plain.seat._count).toBe(6);
    expect(plain.seat._data.map((s) => `${s.row}${s.seat}`)).toEqual([
      'A1',
      'A2',
      'A3',
      'B1',
      'B2',
      'B3',
    ]);
    expect(plain.seat._data[1]).toEqual({
      id: scene.seat('A2'),
      seat_template_id: scene.seat('A2'),
      seat: '2',
      row: 'A',
      section: 'Stalls',
      x: 20,
      y: 10,
      r: 4,
      state: 'available',
      ticket_groups: scene.group.id,
      previous: scene.seat('A1'),
      next: scene.seat('A3'),
      accessibility: null,
      companion_of: null,
    });
    const withGeometry = seatMapOf(await seatMapCall(app, scene, { query: '_withgeometry' }));
    expect(withGeometry.seat_map._data[0]).toMatchObject({
      other_elements: '<rect x="0" y="0" width="10" height="5"/>',
      map_geometry: {
        sections: [
          { name: 'Stalls', x: 20, y: -2 },
          { name: 'Circle', x: 20, y: 8 },
        ],
      },
    });
    expect(withGeometry.seat).toEqual(plain.seat);
    const off = seatMapOf(await seatMapCall(app, scene, { query: '_withgeometry=false' }));
    expect(off.seat_map._data[0]).not.toHaveProperty('map_geometry');

    // a layout that places its labels (the seller file's `label`) is drawn where it says
    await ctx.db
      .update(seatLayout)
      .set({ sections: [{ name: 'Stalls', x: 12.5, y: 3.25 }] })
      .where(eq(seatLayout.id, scene.layoutId));
    const placed = seatMapOf(await seatMapCall(app, scene, { query: '_withgeometry' }));
    expect(placed.seat_map._data[0]!.map_geometry).toEqual({
      sections: [{ name: 'Stalls', x: 12.5, y: 3.25 }],
    });
  });

  it('answers 404 in the envelope for an unknown event or session and a session with no layout', async () => {
    const scene = await makeSeatedScene(ctx.db, { rows: 1, perRow: 1 });
    const unseated = await makeSession(ctx.db, scene.event, {
      startDatetime: new Date('2030-02-01T15:00:00Z'),
    });
    const other = await makeSeatedScene(ctx.db, { rows: 1, perRow: 1 });
    for (const options of [
      { eventId: '00000000-0000-4000-8000-000000000000' },
      { sessionId: '00000000-0000-4000-8000-000000000000' },
      { sessionId: 'not-a-uuid' },
      { sessionId: unseated.id },
      // another event's session, even a seated one
      { sessionId: other.session.id },
    ]) {
      const res = await seatMapCall(app, scene, options);
      expect(res.statusCode, JSON.stringify(options)).toBe(404);
      expect(errorOf(res)._code).toBe('not_found');
    }
  });

  it('shows a held seat booked, and available again after removal, expiry and cancel', async () => {
    const scene = await makeSeatedScene(ctx.db, { rows: 1, perRow: 4 });
    // removal
    const first = await hold(scene, [scene.seat('A1'), scene.seat('A2')]);
    expect(await states(scene)).toEqual(
      new Map([
        [scene.seat('A1'), 'booked'],
        [scene.seat('A2'), 'booked'],
        [scene.seat('A3'), 'available'],
        [scene.seat('A4'), 'available'],
      ]),
    );
    const a1 = first.ticket._data.find((t) => t.seat_template_id === scene.seat('A1'))!;
    const removed = await cartCall(app, scene.seller, {
      method: 'POST',
      path: `cart/${first.cart._data[0]!.id}/remove`,
      body: { tickets: [a1.id] },
    });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    expect((await states(scene)).get(scene.seat('A1'))).toBe('available');
    expect((await states(scene)).get(scene.seat('A2'))).toBe('booked');

    // expiry: the hold runs out and the sweep cancels the tickets
    now = new Date(START.getTime() + 16 * 60_000);
    try {
      expect(await sweepExpiredCarts(ctx.db, now)).toBeGreaterThanOrEqual(1);
      expect((await states(scene)).get(scene.seat('A2'))).toBe('available');
    } finally {
      now = START;
    }
  });

  it('frees a booked seat when its ticket is cancelled', async () => {
    const scene = await makeSeatedScene(ctx.db, { rows: 1, perRow: 2, type: { amount: 0 } });
    const cart = (await hold(scene, [scene.seat('A1'), scene.seat('A2')])).cart._data[0]!;
    const order = orderOf(
      await checkoutCall(app, scene, {
        path: `cart/${cart.id}/guest_checkout`,
        body: { amount: '0.00', gateway_id: 'free', gateway_data: {}, purchaser: PURCHASER },
      }),
    );
    expect(order.ticket._data.every((t) => t.state === 'booked')).toBe(true);
    // read through the cache first, so the cancel must clear it
    const cachedBefore = statesOf(seatMapOf(await seatMapCall(app, scene, { cached: true })));
    expect(cachedBefore.get(scene.seat('A1'))).toBe('booked');
    const a1 = order.ticket._data.find((t) => t.seat_template_id === scene.seat('A1'))!;
    const res = await manageCall(app, scene, {
      path: `ticket_order/${order.ticket_order._data[0]!.id}/cancel`,
      secret: order.access_secret,
      body: { tickets: [a1.id] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const cachedAfter = statesOf(seatMapOf(await seatMapCall(app, scene, { cached: true })));
    expect(cachedAfter.get(scene.seat('A1'))).toBe('available');
    expect(cachedAfter.get(scene.seat('A2'))).toBe('booked');
  });

  it('shows blocked seats and seats whose groups cannot sell unavailable', async () => {
    const scene = await makeSeatedScene(ctx.db, { rows: 1, perRow: 4, group: { capacity: 2 } });
    const zone = await makeZoneGroup(ctx.db, scene);
    // A4 is sold in a second zone only; A3 is blocked
    await updateSeat(ctx.db, scene.seat('A3'), { blocked: true });
    await ctx.db
      .delete(seatTemplateGroup)
      .where(eq(seatTemplateGroup.seatTemplateId, scene.seat('A4')));
    await addSeatsToGroup(ctx.db, zone.group, [scene.seat('A4')]);
    expect([...(await states(scene)).values()]).toEqual([
      'available',
      'available',
      'unavailable',
      'available',
    ]);
    // the first zone's two places are taken: its other seats go unavailable, the second zone's stay
    await hold(scene, [scene.seat('A1'), scene.seat('A2')]);
    expect([...(await states(scene)).values()]).toEqual([
      'booked',
      'booked',
      'unavailable',
      'available',
    ]);
    // the second zone off sale: nothing left to sell
    await ctx.db
      .update(ticketGroup)
      .set({ soldOut: true })
      .where(eq(ticketGroup.id, zone.group.id));
    expect((await states(scene)).get(scene.seat('A4'))).toBe('unavailable');
  });

  it('shows every seat unavailable when the session is sold out', async () => {
    const scene = await makeSeatedScene(ctx.db, { rows: 1, perRow: 2 });
    await ctx.db
      .update(eventSession)
      .set({ soldOut: true })
      .where(eq(eventSession.id, scene.session.id));
    expect([...(await states(scene)).values()]).toEqual(['unavailable', 'unavailable']);
  });

  it('never offers a held seat from /cached_api after the hold has answered', async () => {
    const scene = await makeSeatedScene(ctx.db, { rows: 1, perRow: 3 });
    const before = await seatMapCall(app, scene, { cached: true });
    expect(before.headers['cache-control']).toBe('public, no-cache');
    expect(statesOf(seatMapOf(before)).get(scene.seat('A2'))).toBe('available');
    // the same bytes again from the server's copy (the ETag does not change)
    const again = await seatMapCall(app, scene, { cached: true });
    expect(again.headers.etag).toBe(before.headers.etag);
    const cart = await hold(scene, [scene.seat('A2')]);
    const after = await seatMapCall(app, scene, { cached: true });
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(statesOf(seatMapOf(after)).get(scene.seat('A2'))).toBe('booked');
    // and the release clears it again
    await cartCall(app, scene.seller, {
      method: 'DELETE',
      path: `my/cart/${cart.cart._data[0]!.id}`,
    });
    const released = await seatMapCall(app, scene, { cached: true });
    expect(statesOf(seatMapOf(released)).get(scene.seat('A2'))).toBe('available');
  });
});
