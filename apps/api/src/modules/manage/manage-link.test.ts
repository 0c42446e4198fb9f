import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LOG_OUT_TO_EDIT_MESSAGE, orderManageLinkResponseSchema } from '@admit/contracts/manage';
import {
  cardEntry,
  checkoutCall,
  makeCart,
  orderOf,
  tokenize,
} from '@/modules/checkout/checkout-test-kit';
import { buildTestApp } from '@/testing/build-test-app';
import { errorOf, makeReserveScene, type ReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeUser } from '@/testing/identity-factories';
import { RULES_ON, manageCall, setSelfEditRules } from './manage-test-kit';

/**
 * Issue #25: a logged-in member cannot change an order (identity §4 "Reschedule: refused when
 * logged in"), so the account's order page offers "Log out and manage this order": POST
 * my/ticket_order/{id}/manage_link gives the buyer a secret link that opens the manage page once
 * logged out, and nobody else one.
 */

const NOW = new Date('2029-06-01T12:00:00Z');

describeEachDatabase('manage: the buyer’s link to manage logged out', (ctx) => {
  let app: FastifyInstance;
  let scene: ReserveScene;
  let buyer: string;
  let stranger: string;

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: () => NOW, env: { MAIL_POLL_MS: '0' } });
    scene = await makeReserveScene(ctx.db, {
      session: { startDatetime: new Date('2029-06-20T14:00:00Z') },
    });
    await setSelfEditRules(ctx.db, scene.seller.id, RULES_ON);
    const member = await makeUser(ctx.db, scene.seller, { email: 'member@example.org' });
    const other = await makeUser(ctx.db, scene.seller, { email: 'other@example.org' });
    buyer = (await app.sessions.createSession(member.id, scene.seller.id)).token;
    stranger = (await app.sessions.createSession(other.id, scene.seller.id)).token;
  });
  afterAll(async () => {
    await app.close();
  });

  async function memberOrder() {
    const cart = await makeCart(app, scene, 1, buyer);
    const amount = (scene.type.amount / 100).toFixed(2);
    const order = orderOf(
      await checkoutCall(app, scene, {
        path: `my/cart/${cart.id}/checkout`,
        body: cardEntry(amount, await tokenize(app, '4242424242424242')),
        token: buyer,
      }),
    );
    return { orderId: order.ticket_order._data[0]!.id, secret: order.access_secret };
  }
  const linkOf = (orderId: string, token?: string) =>
    manageCall(app, scene, { path: `my/ticket_order/${orderId}/manage_link`, token });
  const manageRead = (orderId: string, secret: string, token?: string) =>
    manageCall(app, scene, {
      method: 'GET',
      path: `ticket_order/${orderId}/manage`,
      secret,
      token,
    });

  it('gives the buyer a link that opens the manage page once logged out, the first link still working', async () => {
    const order = await memberOrder();
    const res = await linkOf(order.orderId, buyer);
    expect(res.statusCode, res.body).toBe(200);
    const link = orderManageLinkResponseSchema.parse(res.json()).order_manage_link._data[0]!;
    expect(link.ticket_order_id).toBe(order.orderId);
    expect(link.secret).not.toBe(order.secret);
    // still logged in: the spec's refusal stands
    const loggedIn = await manageRead(order.orderId, link.secret, buyer);
    expect(loggedIn.statusCode).toBe(403);
    expect(errorOf(loggedIn)._description).toBe(LOG_OUT_TO_EDIT_MESSAGE);
    // logged out: the manage page opens with the new link, and with the first one
    expect((await manageRead(order.orderId, link.secret)).statusCode).toBe(200);
    expect((await manageRead(order.orderId, order.secret)).statusCode).toBe(200);
    // a made-up secret does not
    expect((await manageRead(order.orderId, 'not-a-secret')).statusCode).toBe(404);
  });

  it('is the buyer’s only: another member and a guest get nothing', async () => {
    const order = await memberOrder();
    expect((await linkOf(order.orderId, stranger)).statusCode).toBe(404);
    expect((await linkOf(order.orderId)).statusCode).toBe(401);
  });

  it('is refused while the seller does not let buyers change orders', async () => {
    const order = await memberOrder();
    await setSelfEditRules(ctx.db, scene.seller.id, { enabled: false });
    try {
      expect((await linkOf(order.orderId, buyer)).statusCode).toBe(403);
    } finally {
      await setSelfEditRules(ctx.db, scene.seller.id, RULES_ON);
    }
  });
});
