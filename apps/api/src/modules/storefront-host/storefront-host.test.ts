import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SELLER_CONFIG_SCRIPT_ID, sellerConfigSchema } from '@admit/contracts/seller-config';
import {
  EVENT_DETAIL_EMBEDS,
  INITIAL_READS_SCRIPT_ID,
  listingRead,
  readAddress,
} from '@admit/contracts/initial-reads';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeEvent, makeMeta, makeSeller } from '@/testing/factories';
import { NOT_BUILT_MESSAGE } from './pages';

const NOW = '2026-03-01T15:00:00Z';
const HOSTILE_NAME = 'Stars & "Co" </script><script>alert(1)</script>';

// The shape of apps/storefront/index.html after a Vite build: markers kept, assets hashed.
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <title>Admit</title>
    <!--admit:head-->
    <script type="module" crossorigin src="/assets-app/assets/index-AbC123xy.js"></script>
    <link rel="stylesheet" crossorigin href="/assets-app/assets/index-Ee5.css">
  </head>
  <body>
    <div id="root"></div>
    <!--admit:config-->
  </body>
</html>`;

function initialReadsFrom(html: string): Record<string, unknown> {
  const match = new RegExp(
    `<script id="${INITIAL_READS_SCRIPT_ID}" type="application/json">([\\s\\S]*?)</script>`,
  ).exec(html);
  if (!match) throw new Error('no initial reads in page');
  return JSON.parse(match[1]!) as Record<string, unknown>;
}

function configFrom(html: string) {
  const match = new RegExp(
    `<script id="${SELLER_CONFIG_SCRIPT_ID}" type="application/json">([\\s\\S]*?)</script>`,
  ).exec(html);
  if (!match) throw new Error('no config script in page');
  return sellerConfigSchema.parse(JSON.parse(match[1]!));
}

describeEachDatabase('storefront host', (ctx) => {
  let dist: string;
  let app: FastifyInstance;
  let appWithoutDist: FastifyInstance;
  let coveredEventId: string;
  let plainEventId: string;
  let hostileEventId: string;

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'admit-dist-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), INDEX_HTML);
    await writeFile(join(dist, 'assets', 'index-AbC123xy.js'), 'console.log("app")');
    await writeFile(join(dist, 'robots.txt'), 'User-agent: *');
    // as the storefront build writes it (vite.config.ts routePreloads)
    await writeFile(
      join(dist, 'route-preloads.json'),
      JSON.stringify({
        checkout: {
          js: ['assets/checkout-route-Aa1.js', 'assets/schemas-Bb2.js'],
          css: ['assets/checkout-Cc3.css'],
        },
        event: { js: ['assets/event-route-Dd4.js'], css: [] },
      }),
    );
    const starHall = await makeSeller(ctx.db, {
      slug: 'star-hall',
      name: 'Star Hall',
      config: {
        product_name: HOSTILE_NAME,
        theme: {
          mode: 'dark',
          colors: { primary: '#abcdef' },
          logo_url: '/api/image/star-hall/logo.png',
        },
      },
    });
    await makeSeller(ctx.db, {
      slug: 'framed-museum',
      config: {
        site: { frame_ancestors: ['https://www.museum.example', 'https://*.museum.example'] },
      },
    });
    await makeSeller(ctx.db, { slug: 'test-shop', config: { test_mode: true } });
    const covered = await makeEvent(ctx.db, starHall);
    await makeMeta(
      ctx.db,
      covered,
      'event_template',
      'image_cover',
      '/api/image/star-hall/dome-cover.jpg',
    );
    coveredEventId = covered.id;
    plainEventId = (await makeEvent(ctx.db, starHall)).id;
    hostileEventId = (await makeEvent(ctx.db, starHall, { name: HOSTILE_NAME })).id;
    app = await buildTestApp(ctx.database, { now: NOW, env: { STOREFRONT_DIST: dist } });
    appWithoutDist = await buildTestApp(ctx.database, {
      now: NOW,
      env: { STOREFRONT_DIST: join(dist, 'missing') },
    });
  });
  afterAll(async () => {
    await app.close();
    await appWithoutDist.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('injects the seller config, escaped so seller text cannot close the script', async () => {
    const res = await app.inject({ method: 'GET', url: '/star-hall/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).not.toContain('<!--admit:config-->');
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).toContain('\\u003c/script>\\u003cscript>alert(1)');
    // exactly our own closing tags: the module script and the config script
    expect(res.body.match(/<\/script>/g)).toHaveLength(2);
    const config = configFrom(res.body);
    expect(config.product_name).toBe(HOSTILE_NAME);
    expect(config.seller.slug).toBe('star-hall');
    expect(config.environment).toBe('test');
  });

  it("lets only the seller's configured origins frame its pages (CSP frame-ancestors)", async () => {
    const directives = (csp: unknown) =>
      new Map(
        String(csp)
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .map(([name, ...sources]) => [name!, sources.join(' ')]),
      );
    const framed = await app.inject({ method: 'GET', url: '/framed-museum/checkout/abc' });
    expect(framed.statusCode).toBe(200);
    const framedCsp = directives(framed.headers['content-security-policy']);
    expect(framedCsp.get('frame-ancestors')).toBe(
      'https://www.museum.example https://*.museum.example',
    );
    // a seller without the setting: its own origin only (the demo's case)
    const own = await app.inject({ method: 'GET', url: '/star-hall/login' });
    const ownCsp = directives(own.headers['content-security-policy']);
    expect(ownCsp.get('frame-ancestors')).toBe("'self'");
    // the rest of the policy is helmet's, unchanged
    const api = await app.inject({ method: 'GET', url: '/health' });
    const apiCsp = directives(api.headers['content-security-policy']);
    expect(apiCsp.get('frame-ancestors')).toBe("'self'");
    for (const csp of [framedCsp, ownCsp]) {
      expect(new Map([...csp].filter(([n]) => n !== 'frame-ancestors'))).toEqual(
        new Map([...apiCsp].filter(([n]) => n !== 'frame-ancestors')),
      );
    }
    expect(own.headers['x-frame-options']).toBeUndefined();
  });

  it('injects test_mode for a seller in test mode (the storefront shows its banner)', async () => {
    const shop = configFrom((await app.inject({ method: 'GET', url: '/test-shop/' })).body);
    expect(shop.test_mode).toBe(true);
    const hall = configFrom((await app.inject({ method: 'GET', url: '/star-hall/' })).body);
    expect(hall.test_mode).toBe(false);
  });

  it('sets the title to the product name and fills the head marker', async () => {
    const res = await app.inject({ method: 'GET', url: '/star-hall' });
    expect(res.body).toContain(
      '<title>Stars &amp; &quot;Co&quot; &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>',
    );
    expect(res.body).not.toContain('<title>Admit</title>');
    expect(res.body).toContain('<meta name="theme-color" content="#abcdef">');
    // the address the header draws (twice the 32 px logo height), not a second download
    expect(res.body).toContain(
      '<link rel="preload" as="image" href="/api/image/star-hall/logo.png?height=64">',
    );
    expect(res.body).not.toContain('<!--admit:head-->');
  });

  it("names a deep link's page code and styles in its head, and nothing on other pages", async () => {
    const checkout = await app.inject({ method: 'GET', url: '/star-hall/checkout/abc?x=1' });
    expect(checkout.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets-app/assets/checkout-route-Aa1.js">\n    ' +
        '<link rel="modulepreload" crossorigin href="/assets-app/assets/schemas-Bb2.js">',
    );
    // its styles as stylesheets after the entry's (the cascade order the script would give),
    // and every stylesheet before the scripts: a drawn page paints once they are in
    const sheets = [
      '<link rel="stylesheet" crossorigin href="/assets-app/assets/index-Ee5.css">',
      '<link rel="stylesheet" crossorigin href="/assets-app/assets/checkout-Cc3.css">',
    ];
    expect(checkout.body).toContain(sheets.join('\n    '));
    expect(checkout.body.match(/<link rel="stylesheet"/g)).toHaveLength(2);
    expect(checkout.body.indexOf(sheets[1]!)).toBeLessThan(checkout.body.indexOf('modulepreload'));
    expect(checkout.body.indexOf(sheets[1]!)).toBeLessThan(checkout.body.indexOf('<script'));
    const event = await app.inject({ method: 'GET', url: `/star-hall/events/${plainEventId}` });
    expect(event.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets-app/assets/event-route-Dd4.js">',
    );
    expect(event.body).not.toContain('checkout-route');
    for (const url of ['/star-hall/my', '/star-hall/checkout/pending/abc', '/star-hall']) {
      expect((await app.inject({ method: 'GET', url })).body).not.toContain('modulepreload');
    }
  });

  it("preloads an event page's cover with the storefront's AVIF candidates", async () => {
    for (const path of [
      `/star-hall/events/${coveredEventId}`,
      `/star-hall/events/${coveredEventId}/gift`,
    ]) {
      const res = await app.inject({ method: 'GET', url: `${path}?date=2026-03-02` });
      const [tag] =
        res.body.match(/<link rel="preload" as="image" fetchpriority="high"[^>]*>/) ?? [];
      expect(tag).toBe(
        '<link rel="preload" as="image" fetchpriority="high" type="image/avif" imagesrcset="' +
          [480, 828, 1200, 1500]
            .map((w) => `/api/image/star-hall/dome-cover.jpg?width=${w}&amp;format=avif ${w}w`)
            .join(', ') +
          '" imagesizes="(max-width: 768px) 100vw, 736px">',
      );
    }
    // no cover, another page, or someone else's event id: no preload
    for (const [path, status] of [
      [`/star-hall/events/${plainEventId}`, 200],
      ['/star-hall/events', 200],
      [`/test-shop/events/${coveredEventId}`, 404],
    ] as const) {
      const res = await app.inject({ method: 'GET', url: path });
      expect(res.statusCode).toBe(status);
      expect(res.body).not.toContain('fetchpriority');
    }
  });

  it("answers an event page's first read in its HTML: the cache path's body, keyed by its address", async () => {
    const address = `/cached_api/events/${hostileEventId}?_seller=star-hall&_embed=${encodeURIComponent(EVENT_DETAIL_EMBEDS)}`;
    const api = await app.inject({ method: 'GET', url: address, headers: { 'tix-app': 'ecomm' } });
    expect(api.statusCode).toBe(200);
    for (const path of [
      `/star-hall/events/${hostileEventId}`,
      `/star-hall/events/${hostileEventId}/gift`,
    ]) {
      const res = await app.inject({ method: 'GET', url: path });
      expect(res.body).not.toContain('<script>alert(1)');
      // our own closing tags only: the module script, the reads and the config
      expect(res.body.match(/<\/script>/g)).toHaveLength(3);
      const reads = initialReadsFrom(res.body);
      expect(Object.keys(reads)).toEqual([
        readAddress(`events/${hostileEventId}`, { _embed: EVENT_DETAIL_EMBEDS }, true, 'star-hall'),
      ]);
      expect(reads[address]).toEqual(JSON.parse(api.body));
      expect(JSON.stringify(reads[address])).toContain(JSON.stringify(HOSTILE_NAME));
    }
    // the listing carries its unfiltered list (decision 0044), keyed as the storefront reads it
    const listing = await app.inject({ method: 'GET', url: '/star-hall/events' });
    const listAddress = readAddress(listingRead().path, listingRead().query, true, 'star-hall');
    const list = await app.inject({
      method: 'GET',
      url: listAddress,
      headers: { 'tix-app': 'ecomm' },
    });
    expect(initialReadsFrom(listing.body)).toEqual({ [listAddress]: JSON.parse(list.body) });
    // another page, someone else's event, or no such event: nothing to read from the page
    for (const [path, status] of [
      ['/star-hall/checkout', 200],
      [`/test-shop/events/${hostileEventId}`, 404],
      [`/star-hall/events/${crypto.randomUUID()}`, 404],
    ] as const) {
      const res = await app.inject({ method: 'GET', url: path });
      expect(res.statusCode).toBe(status);
      expect(res.body).not.toContain(INITIAL_READS_SCRIPT_ID);
    }
  });

  it('serves deep links with the same page', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/star-hall/events/${plainEventId}?date=2026-03-02`,
    });
    expect(res.statusCode).toBe(200);
    expect(configFrom(res.body).seller.slug).toBe('star-hall');
  });

  // identity §2 "404 page"; shopping §2 "A missing event redirects to the 404 route" (issue #25)
  it('answers unknown pages and missing events with status 404, the same page drawn', async () => {
    for (const path of [
      '/star-hall/no-such-page',
      '/star-hall/events/00000000-0000-4000-8000-000000000000',
      '/star-hall/events/not-an-event',
      `/test-shop/events/${plainEventId}`,
      '/star-hall/my/no-such-section',
      '/star-hall/error/404',
    ]) {
      const res = await app.inject({ method: 'GET', url: path });
      expect(res.statusCode, path).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(configFrom(res.body).seller.slug).toBe(path.split('/')[1]);
    }
    for (const path of [
      '/star-hall',
      '/star-hall/events',
      `/star-hall/events/${plainEventId}`,
      `/star-hall/events/${plainEventId}/gift`,
      '/star-hall/checkout',
      '/star-hall/my/orders',
      '/star-hall/manage/abc',
      '/star-hall/membership/renew',
      '/star-hall/login',
    ]) {
      const res = await app.inject({ method: 'GET', url: path });
      expect(res.statusCode, path).toBe(200);
    }
  });

  it('answers an unknown seller with a styled 404 page', async () => {
    const res = await app.inject({ method: 'GET', url: '/no-such-seller/events' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('Oops!');
    expect(res.body).toContain('We could not find anything at this URL. (404 Not Found)');
  });

  it('does not shadow the API: unknown API paths keep the JSON envelope', async () => {
    for (const url of [
      '/api/nothing-here',
      '/cached_api/nothing/here',
      '/api',
      '/_dev/x',
      '/health/x',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()._data[0]._code, url).toBe('not_found');
    }
    expect((await app.inject({ method: 'GET', url: '/health' })).json()).toEqual({ status: 'ok' });
    const config = await app.inject({ method: 'GET', url: '/api/seller_config?_seller=star-hall' });
    expect(config.statusCode).toBe(200);
  });

  it('serves built assets, hashed ones immutable, and nothing outside dist', async () => {
    const js = await app.inject({ method: 'GET', url: '/assets-app/assets/index-AbC123xy.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const robots = await app.inject({ method: 'GET', url: '/assets-app/robots.txt' });
    expect(robots.headers['cache-control']).toBe('no-cache');
    // its name looks hashed but it changes with every build: only assets/ is immutable
    const preloads = await app.inject({ method: 'GET', url: '/assets-app/route-preloads.json' });
    expect(preloads.statusCode).toBe(200);
    expect(preloads.headers['cache-control']).toBe('no-cache');
    for (const url of [
      '/assets-app/missing.js',
      '/assets-app/../index.html',
      '/assets-app/%2e%2e/%2e%2e/package.json',
    ]) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('redirects / to the first seller, or to demo-museum once it exists', async () => {
    const first = await app.inject({ method: 'GET', url: '/' });
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('/star-hall/');
    await makeSeller(ctx.db, { slug: 'demo-museum', name: 'Museum' });
    const home = await app.inject({ method: 'GET', url: '/' });
    expect(home.headers.location).toBe('/demo-museum/');
    // a seller's domain answers its storefront at / instead (domain-pages.test.ts)
  });

  it('answers seller routes with 503 when the storefront is not built', async () => {
    const res = await appWithoutDist.inject({ method: 'GET', url: '/star-hall/events' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain(NOT_BUILT_MESSAGE);
    expect(NOT_BUILT_MESSAGE).toBe('Storefront not built: run npm run build');
  });
});
