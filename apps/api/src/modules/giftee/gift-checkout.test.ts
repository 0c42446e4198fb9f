import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@admit/contracts/constants';
import { orderBundleSchema } from '@admit/contracts/checkout';
import { outbox } from '@/db/schema/mail';
import { buildTestApp } from '@/testing/build-test-app';
import { cartCall, errorOf, makeReserveScene, type ReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeUser, type IdentityRow } from '@/testing/identity-factories';
import {
  cardEntry,
  cartRows,
  checkoutCall,
  makeCart,
  newKey,
  orderOf,
  tokenize,
} from '@/modules/checkout/checkout-test-kit';

const START = new Date('2029-06-01T12:00:00Z');

describeEachDatabase('giftee: POST my/cart/{id}/gift_checkout', (ctx) => {
  let app: FastifyInstance;
  let scene: ReserveScene;
  let giver: IdentityRow;
  let grace: IdentityRow;
  let linus: IdentityRow;
  let giverToken: string;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: () => START, env: { MAIL_POLL_MS: '0' } });
    scene = await makeReserveScene(ctx.db);
    giver = await makeUser(ctx.db, scene.seller, { email: 'giver@example.org' });
    grace = await makeUser(ctx.db, scene.seller, {
      email: 'grace@example.org',
      firstName: 'Grace',
      lastName: 'Hopper',
    });
    linus = await makeUser(ctx.db, scene.seller, { email: 'linus@example.org' });
    giverToken = (await app.sessions.createSession(giver.id, scene.seller.id)).token;
  });
  afterAll(async () => {
    await app.close();
  });

  const giftCheckout = async (
    cartId: string,
    gifteeId: string,
    options: { key?: string; token?: string; source?: string } = {},
  ) =>
    checkoutCall(app, scene, {
      path: `my/cart/${cartId}/gift_checkout`,
      token: options.token ?? giverToken,
      key: options.key,
      body: {
        ...cardEntry('25.00', options.source ?? (await tokenize(app, '4242424242424242'))),
        giftee_identity_id: gifteeId,
      },
    });
  const setGiftee = (cartId: string, gifteeId: string) =>
    cartCall(app, scene.seller, {
      method: 'PATCH',
      path: `my/cart/${cartId}`,
      body: { giftee_identity_id: gifteeId },
      token: giverToken,
    });

  it('makes the giver’s order recording the giftee; the order bundle and the mail name her', async () => {
    const c = await makeCart(app, scene, 1, giverToken);
    const res = await checkoutCall(app, scene, {
      path: `my/cart/${c.id}/gift_checkout`,
      token: giverToken,
      body: {
        ...cardEntry('25.00', await tokenize(app, '4242424242424242')),
        giftee_identity_id: grace.id,
      },
    });
    const order = orderOf(res);
    expect(order.ticket_order._data[0]).toMatchObject({
      identity_id: giver.id,
      email: 'giver@example.org',
      giftee_identity_id: grace.id,
    });
    const giftee = { id: grace.id, name: 'Grace Hopper', email: 'grace@example.org' };
    expect(order.giftee?._data).toEqual([giftee]);
    const { orders } = await cartRows(ctx.db, c.id);
    expect(orders[0]!.gifteeIdentityId).toBe(grace.id);
    // the giver reads the order later with the giftee on it
    const read = await app.inject({
      method: 'GET',
      url: `/api/ticket_order/${orders[0]!.id}?_seller=${scene.seller.slug}`,
      cookies: { [SESSION_COOKIE]: giverToken },
    });
    expect(orderBundleSchema.parse(read.json()).giftee?._data).toEqual([giftee]);
    // the confirmation goes to the giver and says who the gift is for
    const mails = await ctx.db
      .select()
      .from(outbox)
      .where(eq(outbox.toAddress, 'giver@example.org'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain('This order is a gift for Grace Hopper.');
    expect(mails[0]!.htmlBody).toContain('This order is a gift for Grace Hopper.');
    expect(
      await ctx.db.select().from(outbox).where(eq(outbox.toAddress, 'grace@example.org')),
    ).toEqual([]);
  });

  it('a plain checkout of a cart without a giftee says nothing of a gift', async () => {
    const c = await makeCart(app, scene, 1, giverToken);
    const order = orderOf(
      await checkoutCall(app, scene, {
        path: `my/cart/${c.id}/checkout`,
        token: giverToken,
        body: cardEntry('25.00', await tokenize(app, '4242424242424242')),
      }),
    );
    expect(order.ticket_order._data[0]!.giftee_identity_id).toBeNull();
    expect(order.giftee?._data).toEqual([]);
    const mails = await ctx.db
      .select()
      .from(outbox)
      .where(eq(outbox.toAddress, 'giver@example.org'));
    const number = order.ticket_order._data[0]!.order_number;
    const mail = mails.find((m) => m.subject.includes(number));
    expect(mail!.textBody).not.toContain('gift for');
  });

  it('refuses a guest (401, like every my/… call) and another member’s cart (404)', async () => {
    const c = await makeCart(app, scene, 1);
    const guest = await checkoutCall(app, scene, {
      path: `my/cart/${c.id}/gift_checkout`,
      body: { ...cardEntry('25.00', 'pm_x'), giftee_identity_id: grace.id },
    });
    expect(guest.statusCode).toBe(401);
    const mine = await makeCart(app, scene, 1, giverToken);
    const linusToken = (await app.sessions.createSession(linus.id, scene.seller.id)).token;
    const stranger = await giftCheckout(mine.id, grace.id, { token: linusToken });
    expect(stranger.statusCode).toBe(404);
    expect((await cartRows(ctx.db, mine.id)).payments).toEqual([]);
  });

  it('refuses a giftee other than the cart’s, an unknown one and the giver, before any charge', async () => {
    const c = await makeCart(app, scene, 1, giverToken);
    expect((await setGiftee(c.id, grace.id)).statusCode).toBe(200);
    const mismatch = await giftCheckout(c.id, linus.id);
    expect(mismatch.statusCode).toBe(422);
    expect(errorOf(mismatch)).toMatchObject({
      _code: 'validation_failed',
      _extra: { field: 'giftee_identity_id' },
    });
    const unknown = await giftCheckout(c.id, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    const self = await giftCheckout(c.id, giver.id);
    expect(self.statusCode).toBe(422);
    const missing = await checkoutCall(app, scene, {
      path: `my/cart/${c.id}/gift_checkout`,
      token: giverToken,
      body: cardEntry('25.00', 'pm_x'),
    });
    expect(missing.statusCode).toBe(400);
    const rows = await cartRows(ctx.db, c.id);
    expect(rows.payments).toEqual([]);
    expect(rows.orders).toEqual([]);
  });

  it('replays the same Idempotency-Key with the first answer: one payment, one order', async () => {
    const c = await makeCart(app, scene, 1, giverToken);
    expect((await setGiftee(c.id, grace.id)).statusCode).toBe(200);
    const once = { key: newKey(), source: await tokenize(app, '4242424242424242') };
    const first = orderOf(await giftCheckout(c.id, grace.id, once));
    const again = await giftCheckout(c.id, grace.id, once);
    expect(again.statusCode).toBe(201);
    expect(orderOf(again).ticket_order._data[0]!.id).toBe(first.ticket_order._data[0]!.id);
    const rows = await cartRows(ctx.db, c.id);
    expect(rows.payments).toHaveLength(1);
    expect(rows.orders).toHaveLength(1);
    expect(rows.orders[0]!.gifteeIdentityId).toBe(grace.id);
    // a new key on the booked cart is the booked-cart conflict, not a second order
    const late = await giftCheckout(c.id, grace.id, { key: newKey() });
    expect(late.statusCode).toBe(409);
  });
});
