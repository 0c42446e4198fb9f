import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '@/testing/build-test-app';
import {
  addBody,
  bundleOf,
  cartCall,
  makeReserveScene,
  type ReserveScene,
} from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';

const START = new Date('2029-06-01T12:00:00Z');

// spec: shopping §7 "Generic client: requests go to … the live path … with _seller, _embed and
// _limit query parameters": a seed-product client sends the cart read's embeds and limit on
// every cart call, the writes too, and reads the bundle's sibling collections by resource type
const EMBED =
  'identity,ticket,ticket_type,ticket_group,event_session,event_template,venue,config,meta,scheduled_payment,seller,ticket_order';
const GENERIC = `_embed=${EMBED}&_limit=1000`;

describeEachDatabase('cart calls as the generic client makes them (shopping §7)', (ctx) => {
  let app: FastifyInstance;
  let scene: ReserveScene;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: START });
    scene = await makeReserveScene(ctx.db);
  });
  afterAll(async () => {
    await app.close();
  });

  // a guest's cart: the public identity's, so no session cookie
  it('every cart write takes the generic _embed and _limit and answers the bundle', async () => {
    const made = await cartCall(app, scene.seller, {
      method: 'POST',
      path: 'my/cart/modify',
      query: GENERIC,
      body: addBody(scene, 2, { campaign: 'spring', preloadedPromoCodes: [] }),
    });
    expect(made.statusCode).toBe(201);
    const created = bundleOf(made);
    const cartId = created.cart._data[0]!.id;
    const [first, second] = created.ticket._data.map((t) => t.id);

    const calls = [
      {
        method: 'POST' as const,
        path: `my/cart/${cartId}/modify`,
        body: addBody(scene, 1, { preReservePromoCodes: [], additionalInfo: {} }),
      },
      { method: 'POST' as const, path: `cart/${cartId}/modify`, body: addBody(scene, 1) },
      { method: 'POST' as const, path: `cart/${cartId}/remove`, body: { tickets: [first] } },
      {
        method: 'POST' as const,
        path: `cart/${cartId}/modify`,
        body: { remove: { tickets: [second] } },
      },
    ];
    for (const call of calls) {
      const res = await cartCall(app, scene.seller, { ...call, query: GENERIC });
      expect(res.statusCode, `${call.method} ${call.path}: ${res.body}`).toBe(200);
      expect(bundleOf(res).cart._data[0]!.id).toBe(cartId);
    }
    const deleted = await cartCall(app, scene.seller, {
      method: 'DELETE',
      path: `cart/${cartId}`,
      query: GENERIC,
    });
    expect(deleted.statusCode).toBe(204);
  });
});
