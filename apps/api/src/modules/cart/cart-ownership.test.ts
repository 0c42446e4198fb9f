import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eventSession } from '@/db/schema/sessions';
import { buildTestApp } from '@/testing/build-test-app';
import { addBody, bundleOf, cartCall, errorOf, makeReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeIdentity, makeSeller } from '@/testing/factories';

const NOW = new Date('2029-06-01T12:00:00Z');

describeEachDatabase('cart: ownership', (ctx) => {
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

  it('lets anyone holding a guest cart id use it (transfer-cart between browsers)', async () => {
    const scene = await makeReserveScene(ctx.db);
    const created = bundleOf(
      await cartCall(app, scene.seller, {
        method: 'POST',
        path: 'my/cart/modify',
        body: addBody(scene, 2),
      }),
    ).cart._data[0]!;
    expect(created.ownedByPublicIdentity).toBe(true);
    // another browser: no cookie, same public identity, only the id in hand
    const elsewhere = bundleOf(
      await cartCall(app, scene.seller, { method: 'GET', path: `my/cart/${created.id}` }),
    );
    expect(elsewhere.cart._data[0]!.identity_id).toBe(created.identity_id);
    // a logged-in visitor may take over a guest cart too (spec: shopping §4 "owned by the public identity")
    const person = await makeIdentity(ctx.db, scene.seller);
    const { token } = await app.sessions.createSession(person.id, scene.seller.id);
    const added = await cartCall(app, scene.seller, {
      method: 'POST',
      path: `my/cart/${created.id}/modify`,
      body: addBody(scene, 1),
      token,
    });
    expect(bundleOf(added).ticket._count).toBe(3);
  });

  it('keeps a member cart to that member: other members and guests get 404 and no data', async () => {
    const scene = await makeReserveScene(ctx.db);
    const member = await makeIdentity(ctx.db, scene.seller);
    const other = await makeIdentity(ctx.db, scene.seller);
    const memberToken = (await app.sessions.createSession(member.id, scene.seller.id)).token;
    const otherToken = (await app.sessions.createSession(other.id, scene.seller.id)).token;
    const created = bundleOf(
      await cartCall(app, scene.seller, {
        method: 'POST',
        path: 'my/cart/modify',
        body: addBody(scene, 2),
        token: memberToken,
      }),
    );
    const cart = created.cart._data[0]!;
    expect(cart).toMatchObject({ identity_id: member.id, ownedByPublicIdentity: false });
    const ticketId = created.ticket._data[0]!.id;

    for (const token of [undefined, otherToken]) {
      const attempts = [
        cartCall(app, scene.seller, { method: 'GET', path: `cart/${cart.id}`, token }),
        cartCall(app, scene.seller, { method: 'GET', path: `my/cart/${cart.id}`, token }),
        cartCall(app, scene.seller, {
          method: 'POST',
          path: `cart/${cart.id}/modify`,
          body: { remove: { tickets: [ticketId] } },
          token,
        }),
        cartCall(app, scene.seller, {
          method: 'POST',
          path: `my/cart/${cart.id}/modify`,
          body: addBody(scene),
          token,
        }),
        // a body the plan refuses (a price on a fixed-price type, 400) still answers 404: the
        // cart's own refusal comes first, so a stranger learns nothing from the body's fate
        cartCall(app, scene.seller, {
          method: 'POST',
          path: `cart/${cart.id}/modify`,
          body: {
            reserve: {
              tickets: [
                {
                  ticket_type_id: scene.type.id,
                  event_session_id: scene.session.id,
                  face_value: '1.00',
                },
              ],
            },
          },
          token,
        }),
        cartCall(app, scene.seller, {
          method: 'POST',
          path: `cart/${cart.id}/remove`,
          body: { tickets: [ticketId] },
          token,
        }),
        cartCall(app, scene.seller, {
          method: 'PATCH',
          path: `my/cart/${cart.id}`,
          body: { expires_at: '2029-06-01T12:16:00Z' },
          token,
        }),
        cartCall(app, scene.seller, { method: 'DELETE', path: `cart/${cart.id}`, token }),
        cartCall(app, scene.seller, { method: 'DELETE', path: `my/cart/${cart.id}`, token }),
      ];
      for (const res of await Promise.all(attempts)) {
        expect(res.statusCode).toBe(404);
        expect(errorOf(res)).toEqual({
          _code: 'not_found',
          _context: 'cart',
          _description: 'Cart not found',
          _extra: { cart_id: cart.id },
        });
        expect(res.body).not.toContain(member.id);
        expect(res.body).not.toContain(ticketId);
      }
    }
    // the same answer as for a cart that never existed
    const missing = await cartCall(app, scene.seller, {
      method: 'GET',
      path: 'cart/6f1c1f4e-8a9b-4c2d-9e3f-0a1b2c3d4e5f',
    });
    expect(errorOf(missing)._description).toBe('Cart not found');
    expect(await usedOf(scene.session.id)).toBe(2);
    const own = bundleOf(
      await cartCall(app, scene.seller, {
        method: 'GET',
        path: `cart/${cart.id}`,
        token: memberToken,
      }),
    );
    expect(own.ticket._count).toBe(2);
  });

  it('does not reach a cart through another seller', async () => {
    const scene = await makeReserveScene(ctx.db);
    const otherSeller = await makeSeller(ctx.db);
    const cartId = bundleOf(
      await cartCall(app, scene.seller, {
        method: 'POST',
        path: 'my/cart/modify',
        body: addBody(scene),
      }),
    ).cart._data[0]!.id;
    const res = await cartCall(app, otherSeller, { method: 'GET', path: `cart/${cartId}` });
    expect(res.statusCode).toBe(404);
    const unknownSeller = await cartCall(
      app,
      { slug: 'no-such-seller' },
      { method: 'GET', path: `cart/${cartId}` },
    );
    expect(errorOf(unknownSeller)._code).toBe('seller_not_found');
  });
});
