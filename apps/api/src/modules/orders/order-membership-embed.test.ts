import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { orderBundleSchema } from '@admit/contracts/checkout';
import { checkoutCall, orderOf } from '@/modules/checkout/checkout-test-kit';
import { buildTestApp } from '@/testing/build-test-app';
import {
  addBody,
  bundleOf,
  cartCall,
  makeReserveScene,
  type ReserveScene,
} from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeMembership, makeUser } from '@/testing/identity-factories';

const NOW = new Date('2029-06-01T12:00:00Z');

describeEachDatabase('GET ticket_order/{id} reading the membership (identity §7)', (ctx) => {
  let app: FastifyInstance;
  let scene: ReserveScene;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW, env: { MAIL_POLL_MS: '0' } });
    scene = await makeReserveScene(ctx.db, { type: { amount: 0 } });
  });
  afterAll(async () => {
    await app.close();
  });

  // spec: identity §7 GET ticket_order/{id} "or query on ticket.state in booked,redeemed and
  // ticket_group.handler membership, reading membership, ticket, ticket_group, venue"
  it('answers the terms the order made as `membership`, joined by ticket_order_id', async () => {
    const holder = await makeUser(ctx.db, scene.seller, { email: 'holder@example.org' });
    const token = (await app.sessions.createSession(holder.id, scene.seller.id)).token;
    const cart = bundleOf(
      await cartCall(app, scene.seller, {
        method: 'POST',
        path: 'my/cart/modify',
        body: addBody(scene, 1),
        token,
      }),
    ).cart._data[0]!;
    const order = orderOf(
      await checkoutCall(app, scene, {
        path: `my/cart/${cart.id}/checkout`,
        body: { amount: '0.00', gateway_id: 'free', gateway_data: {} },
        token,
      }),
    ).ticket_order._data[0]!;
    const term = await makeMembership(ctx.db, holder, NOW, {
      ticketOrderId: order.id,
      autoRenewState: 'scheduled',
    });
    await makeMembership(ctx.db, holder, NOW, { role: 'Another order' });

    const res = await cartCall(app, scene.seller, {
      method: 'GET',
      path: `ticket_order/${order.id}`,
      query:
        'ticket.state._in=booked,redeemed&ticket_group.handler=membership&_embed=membership,ticket,ticket_group,venue',
      token,
    });
    expect(res.statusCode).toBe(200);
    const body = orderBundleSchema.parse(res.json());
    expect(body.membership?._data).toEqual([
      expect.objectContaining({
        id: term.id,
        ticket_order_id: order.id,
        identity_id: holder.id,
        auto_renew_state: 'scheduled',
        valid_to: term.validTo.toISOString(),
      }),
    ]);
    expect(body.membership?._count).toBe(1);
    expect(body.ticket._data.length).toBe(1);
    expect(body.venue?._data.length).toBe(1);
  });
});
