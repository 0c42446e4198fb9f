import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seatsTakenExtraSchema } from '@admit/contracts/seat-map';
import { ticket } from '@/db/schema/cart';
import { ticketGroup } from '@/db/schema/catalog';
import { eventSession } from '@/db/schema/sessions';
import { buildTestApp } from '@/testing/build-test-app';
import { addBody, bundleOf, cartCall, errorOf, makeReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import {
  makeSeatedScene,
  makeZoneGroup,
  seatsBody,
  updateSeat,
  type SeatedScene,
} from './seats-test-kit';

/**
 * Reserving seats through cart modify (decision 0052 "Reserving"): the seated rules answer 400
 * in the envelope (context reserve), a lost seat answers `ticket_group_sold_out` naming the
 * seats and rolls the whole modify back, and the counters move with the seats.
 */

const NOW = new Date('2029-06-01T12:00:00Z');

describeEachDatabase('seats: reserving through cart modify', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW });
  });
  afterAll(async () => {
    await app.close();
  });

  const modify = (scene: SeatedScene, body: unknown, cartId?: string) =>
    cartCall(app, scene.seller, {
      method: 'POST',
      path: cartId ? `cart/${cartId}/modify` : 'my/cart/modify',
      body,
    });
  const refusal = async (scene: SeatedScene, body: unknown, cartId?: string) => {
    const res = await modify(scene, body, cartId);
    expect(res.statusCode, res.body).toBe(400);
    const error = errorOf(res);
    expect(error).toMatchObject({ _code: 'validation_failed', _context: 'reserve' });
    return error;
  };
  const liveSeats = async (sessionId: string) =>
    (
      await ctx.db
        .select({ seat: ticket.seatTemplateId })
        .from(ticket)
        .where(
          and(eq(ticket.eventSessionId, sessionId), inArray(ticket.state, ['in_cart', 'booked'])),
        )
    ).map((r) => r.seat);
  const counters = async (scene: SeatedScene) => ({
    session: (
      await ctx.db.select().from(eventSession).where(eq(eventSession.id, scene.session.id))
    )[0]!.usedCapacity,
    group: (await ctx.db.select().from(ticketGroup).where(eq(ticketGroup.id, scene.group.id)))[0]!
      .usedCapacity,
  });

  it('holds the chosen seats, one ticket each, with the session and group counters', async () => {
    const scene = await makeSeatedScene(ctx.db, { group: { capacity: 10 } });
    const res = await modify(scene, seatsBody(scene, [scene.seat('A1'), scene.seat('B2')]));
    expect(res.statusCode, res.body).toBe(201);
    const bundle = bundleOf(res);
    expect(bundle.ticket._data.map((t) => t.seat_template_id).sort()).toEqual(
      [scene.seat('A1'), scene.seat('B2')].sort(),
    );
    expect(await counters(scene)).toEqual({ session: 2, group: 2 });
  });

  it('refuses a seated ticket without a seat: "Please click the Find Seats button to continue."', async () => {
    const scene = await makeSeatedScene(ctx.db);
    const error = await refusal(scene, addBody(scene, 1));
    expect(error._description).toBe(
      'seat_template_id: Please click the Find Seats button to continue.',
    );
    expect(error._extra).toMatchObject({
      field: 'seat_template_id',
      ticket_group_id: scene.group.id,
    });
  });

  it('refuses a seat on a ticket of a group not sold by seat', async () => {
    const seated = await makeSeatedScene(ctx.db);
    const plain = await makeReserveScene(ctx.db);
    const res = await cartCall(app, plain.seller, {
      method: 'POST',
      path: 'my/cart/modify',
      body: seatsBody(plain, [seated.seat('A1')]),
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)._description).toBe(
      'seat_template_id: this ticket type is not sold by seat',
    );
  });

  it("refuses a seat outside the session's layout, one its group may not sell, a blocked one and a repeat", async () => {
    const scene = await makeSeatedScene(ctx.db);
    const other = await makeSeatedScene(ctx.db);
    for (const id of [other.seat('A1'), 'not-a-seat', '00000000-0000-4000-8000-000000000000']) {
      const error = await refusal(scene, seatsBody(scene, [id]));
      expect(error._description).toBe(
        "seat_template_id: this seat is not in the session's seat map",
      );
    }
    const zone = await makeZoneGroup(ctx.db, scene);
    const wrongZone = await refusal(
      scene,
      seatsBody({ ...scene, type: zone.type }, [scene.seat('A1')]),
    );
    expect(wrongZone._description).toBe(
      'seat_template_id: this seat is not sold for this ticket type',
    );
    await updateSeat(ctx.db, scene.seat('C4'), { blocked: true });
    expect((await refusal(scene, seatsBody(scene, [scene.seat('C4')])))._description).toBe(
      'seat_template_id: this seat is not for sale',
    );
    const twice = await refusal(scene, seatsBody(scene, [scene.seat('A2'), scene.seat('A2')]));
    expect(twice._description).toBe('seat_template_id: a seat can be reserved only once');
    // nothing was held by any of them
    expect(await liveSeats(scene.session.id)).toEqual([]);
  });

  it('sells a companion seat only with its wheelchair seat, in the request or already in the cart', async () => {
    const scene = await makeSeatedScene(ctx.db);
    await updateSeat(ctx.db, scene.seat('A1'), { accessibility: 'wheelchair' });
    await updateSeat(ctx.db, scene.seat('A2'), {
      accessibility: 'companion',
      companionOf: scene.seat('A1'),
    });
    const alone = await refusal(scene, seatsBody(scene, [scene.seat('A2')]));
    expect(alone._description).toBe(
      'seat_template_id: a companion seat is sold only with its wheelchair seat',
    );
    expect(alone._extra).toMatchObject({ companion_of: scene.seat('A1') });
    // another cart with a plain seat still may not add the companion
    const otherCart = bundleOf(await modify(scene, seatsBody(scene, [scene.seat('B1')])));
    await refusal(scene, seatsBody(scene, [scene.seat('A2')]), otherCart.cart._data[0]!.id);
    // the wheelchair seat first, then the companion in a second modify of the same cart
    const cart = bundleOf(await modify(scene, seatsBody(scene, [scene.seat('A1')])));
    const cartId = cart.cart._data[0]!.id;
    const added = await modify(scene, seatsBody(scene, [scene.seat('A2')]), cartId);
    expect(added.statusCode, added.body).toBe(200);
    // both in one request, on a new cart
    const both = await makeSeatedScene(ctx.db);
    await updateSeat(ctx.db, both.seat('C1'), { accessibility: 'wheelchair' });
    await updateSeat(ctx.db, both.seat('C2'), {
      accessibility: 'companion',
      companionOf: both.seat('C1'),
    });
    const together = await modify(both, seatsBody(both, [both.seat('C2'), both.seat('C1')]));
    expect(together.statusCode, together.body).toBe(201);
  });

  it('answers ticket_group_sold_out naming the taken seats and rolls the whole modify back', async () => {
    const scene = await makeSeatedScene(ctx.db, { group: { capacity: 10 } });
    const first = bundleOf(await modify(scene, seatsBody(scene, [scene.seat('A1')])));
    // a new cart (never coalesced) and an existing one both lose the seat
    const existing = bundleOf(await modify(scene, seatsBody(scene, [scene.seat('C1')])));
    for (const cartId of [undefined, existing.cart._data[0]!.id]) {
      const before = await counters(scene);
      const res = await modify(
        scene,
        seatsBody(scene, [scene.seat('A2'), scene.seat('A1')]),
        cartId,
      );
      expect(res.statusCode, res.body).toBe(422);
      const error = errorOf(res);
      expect(error).toMatchObject({ _code: 'ticket_group_sold_out', _context: 'reserve' });
      expect(seatsTakenExtraSchema.parse(error._extra)).toEqual({
        seat_template_ids: [scene.seat('A1')],
        seats: ['Stalls, Row A, seat 1'],
      });
      // A2 was not kept and no counter moved
      expect(await counters(scene)).toEqual(before);
    }
    expect((await liveSeats(scene.session.id)).sort()).toEqual(
      [scene.seat('A1'), scene.seat('C1')].sort(),
    );
    expect(first.ticket._data).toHaveLength(1);
  });

  it('frees a seat removed by the same modify that takes another (remove, then add)', async () => {
    const scene = await makeSeatedScene(ctx.db);
    const cart = bundleOf(await modify(scene, seatsBody(scene, [scene.seat('A1')])));
    const held = cart.ticket._data[0]!;
    const res = await modify(
      scene,
      seatsBody(scene, [scene.seat('A1')], { remove: { tickets: [held.id] } }),
      cart.cart._data[0]!.id,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await liveSeats(scene.session.id)).toEqual([scene.seat('A1')]);
    expect((await counters(scene)).session).toBe(1);
  });
});
