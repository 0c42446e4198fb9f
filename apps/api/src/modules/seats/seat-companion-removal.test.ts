import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ticket } from '@/db/schema/cart';
import { eventSession } from '@/db/schema/sessions';
import { buildTestApp } from '@/testing/build-test-app';
import { bundleOf, cartCall } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeSeatedScene, seatsBody, updateSeat, type SeatedScene } from './seats-test-kit';

/**
 * Removing a wheelchair seat's ticket takes its companion seat's ticket with it (decision 0052
 * "Removing"): a companion seat is sold only with its wheelchair seat, so it never stays in a
 * cart without it, whether the removal is POST cart/{id}/remove or a modify's `remove`.
 */

const NOW = new Date('2029-06-01T12:00:00Z');

describeEachDatabase('seats: a companion seat leaves with its wheelchair seat', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW });
  });
  afterAll(async () => {
    await app.close();
  });

  const call = (scene: SeatedScene, path: string, body: unknown) =>
    cartCall(app, scene.seller, { method: 'POST', path, body });
  const liveSeats = async (sessionId: string) =>
    (
      await ctx.db
        .select({ seat: ticket.seatTemplateId })
        .from(ticket)
        .where(
          and(eq(ticket.eventSessionId, sessionId), inArray(ticket.state, ['in_cart', 'booked'])),
        )
    )
      .map((r) => r.seat)
      .sort();
  const usedCapacity = async (scene: SeatedScene) =>
    (await ctx.db.select().from(eventSession).where(eq(eventSession.id, scene.session.id)))[0]!
      .usedCapacity;

  /** A cart holding wheelchair seat A1, its companion A2 and a plain seat B1. */
  async function cartWithCompanion() {
    const scene = await makeSeatedScene(ctx.db, { group: { capacity: 10 } });
    await updateSeat(ctx.db, scene.seat('A1'), { accessibility: 'wheelchair' });
    await updateSeat(ctx.db, scene.seat('A2'), {
      accessibility: 'companion',
      companionOf: scene.seat('A1'),
    });
    const res = await call(
      scene,
      'my/cart/modify',
      seatsBody(scene, [scene.seat('A1'), scene.seat('A2'), scene.seat('B1')]),
    );
    expect(res.statusCode, res.body).toBe(201);
    const bundle = bundleOf(res);
    const ticketOf = (seat: string) =>
      bundle.ticket._data.find((t) => t.seat_template_id === scene.seat(seat))!.id;
    return { scene, cartId: bundle.cart._data[0]!.id, ticketOf };
  }

  it('POST cart/{id}/remove of the wheelchair seat removes its companion seat too', async () => {
    const { scene, cartId, ticketOf } = await cartWithCompanion();
    const res = await call(scene, `cart/${cartId}/remove`, { tickets: [ticketOf('A1')] });
    expect(res.statusCode, res.body).toBe(200);
    expect(bundleOf(res).ticket._data.map((t) => t.seat_template_id)).toEqual([scene.seat('B1')]);
    expect(await liveSeats(scene.session.id)).toEqual([scene.seat('B1')]);
    // both places were given back
    expect(await usedCapacity(scene)).toBe(1);
  });

  it("a modify's remove of the wheelchair seat removes its companion seat too", async () => {
    const { scene, cartId, ticketOf } = await cartWithCompanion();
    const res = await call(
      scene,
      `cart/${cartId}/modify`,
      seatsBody(scene, [scene.seat('C1')], { remove: { tickets: [ticketOf('A1')] } }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await liveSeats(scene.session.id)).toEqual([scene.seat('B1'), scene.seat('C1')].sort());
    expect(await usedCapacity(scene)).toBe(2);
  });

  it('removing the companion seat alone keeps the wheelchair seat', async () => {
    const { scene, cartId, ticketOf } = await cartWithCompanion();
    const res = await call(scene, `cart/${cartId}/remove`, { tickets: [ticketOf('A2')] });
    expect(res.statusCode, res.body).toBe(200);
    expect(await liveSeats(scene.session.id)).toEqual([scene.seat('A1'), scene.seat('B1')].sort());
    expect(await usedCapacity(scene)).toBe(2);
  });
});
