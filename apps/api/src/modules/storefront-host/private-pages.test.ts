import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INITIAL_READS_SCRIPT_ID } from '@admit/contracts/initial-reads';
import { SERVER_RENDER_ENTRY, SERVER_VISITOR_SCRIPT_ID } from '@admit/contracts/server-render';
import {
  CART_COOKIE,
  ORDER_PROOFS_COOKIE,
  encodeOrderProofs,
} from '@admit/contracts/visitor-cookies';
import { buildTestApp } from '@/testing/build-test-app';
import { makeReserveScene, type ReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeUser } from '@/testing/identity-factories';
import {
  PURCHASER,
  cardEntry,
  checkoutCall,
  makeCart,
  orderOf,
  tokenize,
} from '@/modules/checkout/checkout-test-kit';

const NOW = new Date('2029-06-01T12:00:00Z');
const INDEX_HTML = `<!doctype html>
<html lang="en"><head><title>Admit</title><!--admit:head--></head>
<body><div id="root"></div><!--admit:config--></body></html>`;

// the SSR bundle's stand-in: draws what it was given, so the test sees the host's side
const ECHO_BUNDLE = `
export async function renderPage({ url, reads, visitor }) {
  return {
    html: '<main data-url="' + url + '">' + JSON.stringify({ reads: Object.keys(reads), visitor }).replace(/</g, '') + '</main>',
    themeCss: '', htmlAttributes: { lang: 'en' },
  };
}`;

const initialReads = (html: string): Record<string, unknown> => {
  const text = new RegExp(
    `<script id="${INITIAL_READS_SCRIPT_ID}" type="application/json">(.*?)</script>`,
  ).exec(html)?.[1];
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
};
const visitorOf = (html: string): unknown => {
  const text = new RegExp(
    `<script id="${SERVER_VISITOR_SCRIPT_ID}" type="application/json">(.*?)</script>`,
  ).exec(html)?.[1];
  return text ? JSON.parse(text) : undefined;
};

describeEachDatabase(
  'the checkout and the completed page drawn for their visitor (decision 0045)',
  (ctx) => {
    let folder: string;
    let app: FastifyInstance;
    let scene: ReserveScene;
    beforeAll(async () => {
      folder = await mkdtemp(join(tmpdir(), 'admit-private-'));
      await mkdir(join(folder, 'dist'));
      await writeFile(join(folder, 'dist', 'index.html'), INDEX_HTML);
      await mkdir(join(folder, 'ssr'));
      await writeFile(join(folder, 'ssr', SERVER_RENDER_ENTRY), ECHO_BUNDLE);
      app = await buildTestApp(ctx.database, {
        now: NOW,
        env: {
          STOREFRONT_DIST: join(folder, 'dist'),
          STOREFRONT_SSR_DIST: join(folder, 'ssr'),
          MAIL_POLL_MS: '0',
        },
      });
      scene = await makeReserveScene(ctx.db);
    });
    afterAll(async () => {
      await app.close();
      await rm(folder, { recursive: true, force: true });
    });

    const page = (path: string, cookie?: string) =>
      app.inject({
        method: 'GET',
        url: `/${scene.seller.slug}/${path}`,
        headers: cookie ? { cookie } : {},
      });

    it('draws the checkout from the held cart its cookie names, privately', async () => {
      const cart = await makeCart(app, scene, 2);
      const res = await page('checkout', `${CART_COOKIE}=${cart.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const address = `/api/my/cart/${cart.id}?_seller=${scene.seller.slug}&_limit=1000`;
      const reads = initialReads(res.body);
      expect(Object.keys(reads)).toEqual([address]);
      expect(reads[address]).toMatchObject({
        cart: { _data: [{ id: cart.id, state: 'pending' }] },
      });
      const visitor = {
        now: NOW.getTime(),
        cart: { id: cart.id, expiresIn: cart.expires_in },
        orderProofs: {},
      };
      expect(visitorOf(res.body)).toEqual(visitor);
      // the bundle drew it from those reads and that visitor
      expect(res.body).toContain(JSON.stringify({ reads: [address], visitor }));
    });

    it('sends the checkout undrawn without a cart cookie, or for a cart the visitor may not read', async () => {
      const bare = await page('checkout');
      expect(bare.headers['cache-control']).toBe('no-cache');
      expect(bare.body).toContain('<div id="root"></div>');
      expect(visitorOf(bare.body)).toBeUndefined();

      // a member's cart, named by a guest's cookie: the API refuses the read, nothing is drawn
      const member = await makeUser(ctx.db, scene.seller);
      const { token } = await app.sessions.createSession(member.id, member.sellerId);
      const theirs = await makeCart(app, scene, 1, token);
      const res = await page('checkout', `${CART_COOKIE}=${theirs.id}`);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toContain(theirs.id);
    });

    it('draws the completed page from the orders its proofs cookie can read, privately', async () => {
      const cart = await makeCart(app, scene, 1);
      const paid = orderOf(
        await checkoutCall(app, scene, {
          path: `cart/${cart.id}/guest_checkout`,
          body: {
            ...cardEntry('25.00', await tokenize(app, '4242 4242 4242 4242')),
            purchaser: PURCHASER,
          },
        }),
      );
      const orderId = paid.ticket_order._data[0]!.id;
      const proofs = (secret: string) =>
        `${ORDER_PROOFS_COOKIE}=${encodeURIComponent(encodeOrderProofs({ [orderId]: { secret } }))}`;
      const res = await page(`checkout/complete?orderIds=${orderId}`, proofs(paid.access_secret));
      expect(res.headers['cache-control']).toBe('private, no-store');
      const address = `/api/ticket_order/${orderId}?_seller=${scene.seller.slug}&secret=${encodeURIComponent(paid.access_secret)}`;
      expect(initialReads(res.body)[address]).toMatchObject({
        ticket_order: { _data: [{ id: orderId }] },
      });
      expect(visitorOf(res.body)).toEqual({
        now: NOW.getTime(),
        cart: null,
        orderProofs: { [orderId]: { secret: paid.access_secret } },
      });

      // a wrong secret reads nothing: the page goes out undrawn, with nothing of the order
      const wrong = await page(`checkout/complete?orderIds=${orderId}`, proofs('not-the-secret'));
      expect(wrong.headers['cache-control']).toBe('no-cache');
      expect(wrong.body).toContain('<div id="root"></div>');
      expect(wrong.body).not.toContain(paid.ticket_order._data[0]!.order_number);
    });
  },
);
