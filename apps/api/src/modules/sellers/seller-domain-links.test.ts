import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { APP_HEADER, APP_HEADER_VALUE } from '@admit/contracts/constants';
import { sellerDomain } from '@/db/schema/identity';
import { outbox } from '@/db/schema/mail';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeSeller } from '@/testing/factories';
import { makeUser } from '@/testing/identity-factories';
import { makeReserveScene } from '@/testing/cart-fixtures';
import { setCookiesOf } from '@/modules/auth/auth-test-kit';
import {
  PURCHASER,
  cardEntry,
  makeCart,
  newKey,
  orderOf,
  tokenize,
} from '@/modules/checkout/checkout-test-kit';

/**
 * A request on a seller's own domain makes links on that domain, at its root: mails (reset,
 * order), their images; its cookies stay with that host (issue #26, decision 0071).
 */

const PASSWORD = 'Domain-password-1';
let address = 0;
const nextAddress = () => `10.9.${Math.floor(++address / 250)}.${address % 250}`;

describeEachDatabase('seller domains: links, images and cookies', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, {
      now: '2029-06-01T12:00:00Z',
      env: { PUBLIC_URL: 'https://tickets.example.test' },
    });
  });
  afterAll(async () => {
    await app.close();
  });

  /** A call as the storefront on `host` makes it (no `_seller` on a seller's domain). */
  const call = (host: string, url: string, payload: object, headers: object = {}) =>
    app.inject({
      method: 'POST',
      url,
      headers: { host, [APP_HEADER]: APP_HEADER_VALUE, ...headers },
      remoteAddress: nextAddress(),
      payload,
    });

  const mailTo = async (to: string) => {
    const rows = await ctx.db.select().from(outbox).where(eq(outbox.toAddress, to));
    return rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
  };

  it("links a reset mail and its logo to the domain's root; on the shared host as before", async () => {
    const seller = await makeSeller(ctx.db, {
      slug: 'link-museum',
      config: { theme: { logo_url: '/api/image/link-museum/logo.png' } },
    });
    await ctx.db
      .insert(sellerDomain)
      .values({ host: 'tickets.link.example', sellerId: seller.id, environment: 'production' });
    await makeUser(ctx.db, seller, { email: 'reset@example.test', password: PASSWORD });

    const onDomain = await call('tickets.link.example:8443', '/api/password_reset/request', {
      email: 'reset@example.test',
    });
    expect(onDomain.statusCode).toBe(200);
    const mail = (await mailTo('reset@example.test'))!;
    expect(mail.textBody).toContain('http://tickets.link.example:8443/user/reset-password?token=');
    expect(mail.textBody).not.toContain('/link-museum/user');
    expect(mail.htmlBody).toContain(
      'src="http://tickets.link.example:8443/api/image/link-museum/logo.png',
    );

    const shared = await call(
      'tickets.example.test',
      '/api/password_reset/request?_seller=link-museum',
      { email: 'reset@example.test' },
    );
    expect(shared.statusCode).toBe(200);
    const again = (await mailTo('reset@example.test'))!;
    expect(again.id).not.toBe(mail.id);
    expect(again.textBody).toContain(
      'https://tickets.example.test/link-museum/user/reset-password?token=',
    );
    expect(again.htmlBody).toContain(
      'src="https://tickets.example.test/api/image/link-museum/logo.png',
    );
  });

  it('links the order confirmation bought on the domain to its tickets page there', async () => {
    const scene = await makeReserveScene(ctx.db);
    await ctx.db
      .insert(sellerDomain)
      .values({ host: 'tickets.order.example', sellerId: scene.seller.id, environment: 'test' });
    const cart = await makeCart(app, scene, 1);
    const res = await call(
      'tickets.order.example',
      `/api/cart/${cart.id}/guest_checkout`,
      { ...cardEntry('25.00', await tokenize(app, '4242424242424242')), purchaser: PURCHASER },
      { 'idempotency-key': newKey() },
    );
    const order = orderOf(res).ticket_order._data[0]!;
    const mail = (await mailTo(PURCHASER.email))!;
    expect(mail.sellerId).toBe(scene.seller.id);
    expect(mail.textBody).toContain(
      `http://tickets.order.example/ticket_order/${order.id}?secret=`,
    );
    expect(mail.textBody).not.toContain(`/${scene.seller.slug}/ticket_order`);
  });

  it("sets host-only cookies on a seller's domain: no Domain for another host to share", async () => {
    const seller = await makeSeller(ctx.db, { slug: 'cookie-museum' });
    await ctx.db
      .insert(sellerDomain)
      .values({ host: 'tickets.cookie.example', sellerId: seller.id, environment: 'production' });
    await makeUser(ctx.db, seller, { email: 'cookie@example.test', password: PASSWORD });
    const res = await call('tickets.cookie.example', '/api/login', {
      username: 'cookie@example.test',
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    const cookies = Object.entries(setCookiesOf(res));
    expect(cookies.length).toBeGreaterThanOrEqual(2);
    for (const [name, cookie] of cookies) {
      expect(cookie.attributes, name).not.toMatch(/domain=/i);
      expect(cookie.attributes, name).toMatch(/Path=\//);
    }
  });
});
