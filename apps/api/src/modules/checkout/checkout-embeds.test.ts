import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { orderBundleSchema } from '@admit/contracts/checkout';
import { buildTestApp } from '@/testing/build-test-app';
import { makeReserveScene, type ReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeUser } from '@/testing/identity-factories';
import { APP_HEADER, APP_HEADER_VALUE, SESSION_COOKIE } from '@admit/contracts/constants';
import { PURCHASER, makeCart, newKey, orderOf } from './checkout-test-kit';

const START = new Date('2029-06-01T12:00:00Z');
const FREE = { amount: '0.00', gateway_id: 'free', gateway_data: {} };
// spec: identity §7 "Checkout, guest_checkout, gift_checkout … the response carries ticket_order
// and embeds (identity, contact, seller, ticket, ticket_group)"
const EMBED = '_embed=identity,contact,seller,ticket,ticket_group';

describeEachDatabase('checkout answers the order with its purchaser (identity §7)', (ctx) => {
  let app: FastifyInstance;
  let scene: ReserveScene;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: START, env: { MAIL_POLL_MS: '0' } });
    scene = await makeReserveScene(ctx.db, { type: { amount: 0 } });
  });
  afterAll(async () => {
    await app.close();
  });

  const checkout = (path: string, body: unknown, token?: string) =>
    app.inject({
      method: 'POST',
      url: `/api/${path}?_seller=${scene.seller.slug}&${EMBED}`,
      headers: { [APP_HEADER]: APP_HEADER_VALUE, 'idempotency-key': newKey() },
      cookies: token ? { [SESSION_COOKIE]: token } : {},
      payload: body as object,
    });

  it("a member's checkout and a guest's carry the purchaser as `identity`, joined by identity_id", async () => {
    const member = await makeUser(ctx.db, scene.seller, {
      email: 'ada@example.org',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    const token = (await app.sessions.createSession(member.id, scene.seller.id)).token;
    const memberCart = await makeCart(app, scene, 1, token);
    const asMember = orderOf(await checkout(`my/cart/${memberCart.id}/checkout`, FREE, token));
    expect(asMember.ticket_order._data[0]!.identity_id).toBe(member.id);
    expect(asMember.identity?._data).toEqual([
      expect.objectContaining({ id: member.id, email: 'ada@example.org', first_name: 'Ada' }),
    ]);
    expect(asMember.seller?._data.map((s) => s.id)).toEqual([scene.seller.id]);

    const guestCart = await makeCart(app, scene, 2);
    const asGuest = orderOf(
      await checkout(`cart/${guestCart.id}/guest_checkout`, { ...FREE, purchaser: PURCHASER }),
    );
    const buyer = asGuest.ticket_order._data[0]!.identity_id;
    expect(asGuest.identity?._data).toEqual([
      expect.objectContaining({
        id: buyer,
        email: PURCHASER.email,
        first_name: PURCHASER.first_name,
        last_name: PURCHASER.last_name,
        zip_code: PURCHASER.zip_code,
      }),
    ]);

    // the order's own read (identity §7 GET ticket_order/{id}) answers the same sibling
    const id = asGuest.ticket_order._data[0]!.id;
    const read = await app.inject({
      method: 'GET',
      url: `/api/ticket_order/${id}?_seller=${scene.seller.slug}&secret=${asGuest.access_secret}`,
    });
    expect(read.statusCode).toBe(200);
    expect(orderBundleSchema.parse(read.json()).identity?._data.map((i) => i.id)).toEqual([buyer]);
  });
});
