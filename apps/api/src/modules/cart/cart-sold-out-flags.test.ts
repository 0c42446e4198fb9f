import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '@/testing/build-test-app';
import { addBody, cartCall, errorOf, makeReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';

const NOW = new Date('2029-06-01T12:00:00Z');

describeEachDatabase('cart: sold-out flags', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW });
  });
  afterAll(async () => {
    await app.close();
  });

  // spec: shopping §3 (session sold_out), §8 event_session_sold_out; decision 0006 "the sold-out
  // flag closes a session for every group" — the reads show such a session sold out to everyone,
  // so a reserve must not sell into it through a group that skips the session's counter
  it('refuses a group excluded from event capacity too', async () => {
    const scene = await makeReserveScene(ctx.db, {
      group: { excludeFromEventCapacity: true },
      session: { soldOut: true },
    });
    const res = await cartCall(app, scene.seller, {
      method: 'POST',
      path: 'my/cart/modify',
      body: addBody(scene, 1),
    });
    expect(res.statusCode).toBe(422);
    expect(errorOf(res)._code).toBe('event_session_sold_out');
  });

  // decision 0006: a group is sold out "by its flag or because no capacity is left"; an
  // unlimited group (capacity -1) takes no counter in the hold, so only the plan sees its flag
  it('refuses an unlimited ticket group flagged sold out', async () => {
    const scene = await makeReserveScene(ctx.db, { group: { capacity: -1, soldOut: true } });
    const res = await cartCall(app, scene.seller, {
      method: 'POST',
      path: 'my/cart/modify',
      body: addBody(scene, 1),
    });
    expect(res.statusCode).toBe(422);
    expect(errorOf(res)._code).toBe('ticket_group_sold_out');
  });
});
