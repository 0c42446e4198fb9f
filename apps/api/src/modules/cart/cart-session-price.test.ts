import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '@/testing/build-test-app';
import { bundleOf, cartCall, makeReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeSession, makeSessionPrice } from '@/testing/factories';

const NOW = new Date('2029-06-01T12:00:00Z');

// decision 0043: a ticket is priced at its session (its own price there, else the type's)
describeEachDatabase('cart: reserving at a session with its own price', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW });
  });
  afterAll(async () => {
    await app.close();
  });

  it("records the session's price on the ticket, and the type's amount elsewhere; totals follow", async () => {
    const scene = await makeReserveScene(ctx.db, { type: { amount: 2500 } });
    const late = await makeSession(ctx.db, scene.event, {
      startDatetime: new Date('2030-01-03T22:30:00Z'),
      capacity: 50,
    });
    await makeSessionPrice(ctx.db, late, scene.type, 2900);
    const line = (sessionId: string, quantity: number) => ({
      event_session_id: sessionId,
      ticket_types_required: [{ ticket_type_id: scene.type.id, quantity }],
    });
    const res = await cartCall(app, scene.seller, {
      method: 'POST',
      path: 'my/cart/modify',
      body: { add: [line(late.id, 2), line(scene.session.id, 1)] },
    });
    const bundle = bundleOf(res);
    const values = bundle.ticket._data
      .map((t) => [t.event_session_id === late.id ? 'late' : 'day', t.face_value])
      .sort();
    expect(values).toEqual([
      ['day', '25.00'],
      ['late', '29.00'],
      ['late', '29.00'],
    ]);
    expect(bundle.cart_fees._data[0]).toMatchObject({
      total_before_cartmod_price: '83.00',
      total_outstanding: '83.00',
    });
  });
});
