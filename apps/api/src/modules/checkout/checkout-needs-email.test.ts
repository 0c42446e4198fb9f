import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { identity } from '@/db/schema/identity';
import { buildTestApp } from '@/testing/build-test-app';
import { errorOf, makeReserveScene, type ReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeUser } from '@/testing/identity-factories';
import {
  cardEntry,
  cartRows,
  checkoutCall,
  makeCart,
  orderOf,
  PURCHASER,
  tokenize,
} from './checkout-test-kit';

/**
 * identity §6 "A user without a valid e-mail (e-mail starting with a no-email marker, except
 * test accounts) is forced to set one before checkout" — on the server too (decision 0122).
 */

const START = new Date('2029-06-01T12:00:00Z');

describeEachDatabase('checkout: a logged-in user without a valid e-mail', (ctx) => {
  let app: FastifyInstance;
  let scene: ReserveScene;
  const login = async (email: string | null) => {
    const person = await makeUser(ctx.db, scene.seller, { email });
    const token = (await app.sessions.createSession(person.id, scene.seller.id)).token;
    return { id: person.id, token };
  };
  const card = async () => cardEntry('25.00', await tokenize(app, '4242424242424242'));

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: START, env: { MAIL_POLL_MS: '0' } });
    scene = await makeReserveScene(ctx.db);
  });
  afterAll(async () => {
    await app.close();
  });

  it('refuses every checkout call before any charge, until an address is set', async () => {
    const member = await login('no-email+1@admit.invalid');
    const c = await makeCart(app, scene, 1, member.token);
    const refused = [
      await checkoutCall(app, scene, {
        path: `my/cart/${c.id}/checkout`,
        token: member.token,
        body: await card(),
      }),
      await checkoutCall(app, scene, {
        path: `my/cart/${c.id}/pay`,
        token: member.token,
        body: await card(),
      }),
      // a guest cart paid while logged in is a checkout all the same
      await checkoutCall(app, scene, {
        path: `cart/${(await makeCart(app, scene, 1)).id}/guest_checkout`,
        token: member.token,
        body: { ...(await card()), purchaser: PURCHASER },
      }),
    ];
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(403);
      expect(errorOf(res)).toMatchObject({ _code: 'forbidden', _extra: { reason: 'needs_email' } });
    }
    expect((await cartRows(ctx.db, c.id)).payments).toEqual([]);

    await ctx.db
      .update(identity)
      .set({ email: 'ada@example.org' })
      .where(eq(identity.id, member.id));
    const res = await checkoutCall(app, scene, {
      path: `my/cart/${c.id}/checkout`,
      token: member.token,
      body: await card(),
    });
    expect(orderOf(res).ticket_order._data).toHaveLength(1);
  });

  it('refuses an account with no e-mail at all', async () => {
    const member = await login(null);
    const c = await makeCart(app, scene, 1, member.token);
    const res = await checkoutCall(app, scene, {
      path: `my/cart/${c.id}/checkout`,
      token: member.token,
      body: await card(),
    });
    expect(res.statusCode, res.body).toBe(403);
  });

  it('lets a test account behind the marker and a guest check out (controls)', async () => {
    const tester = await login('no-email+2@example.test');
    const mine = await makeCart(app, scene, 1, tester.token);
    const own = await checkoutCall(app, scene, {
      path: `my/cart/${mine.id}/checkout`,
      token: tester.token,
      body: await card(),
    });
    expect(orderOf(own).ticket_order._data).toHaveLength(1);
    const guest = await checkoutCall(app, scene, {
      path: `cart/${(await makeCart(app, scene, 1)).id}/guest_checkout`,
      body: { ...(await card()), purchaser: PURCHASER },
    });
    expect(orderOf(guest).ticket_order._data).toHaveLength(1);
  });
});
