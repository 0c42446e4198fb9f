import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { SERVER_RENDER_ENTRY } from '@admit/contracts/server-render';
import { PAINT_THEN_RUN_SCRIPT } from '@/http/content-security-policy';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeEvent, makeSeller } from '@/testing/factories';
import { sql } from 'drizzle-orm';

const NOW = '2026-03-01T15:00:00Z';
const EVENT_NAME = 'Dome Show';

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <title>Admit</title>
    <!--admit:head-->
    <script type="module" crossorigin src="/assets-app/assets/index-Ab1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets-app/assets/react-Cd2.js">
    <link rel="stylesheet" crossorigin href="/assets-app/assets/index-Ef3.css">
  </head>
  <body>
    <div id="root"></div>
    <!--admit:config-->
  </body>
</html>`;

// Stand-ins for the storefront's SSR bundle (apps/storefront/src/entry-server.tsx): the page
// host's side of the contract (contracts/server-render.ts), without building the storefront.
const RENDERING_BUNDLE = `
export async function renderPage({ url, reads, mobile }) {
  const event = Object.values(reads).map((body) => JSON.parse(body).event_template?._data?.[0]).find(Boolean);
  const heading = event ? event.name : 'Events';
  return {
    html: '<main><h1>' + heading + '</h1><p>' + (mobile ? 'phone' : 'wide') + ' ' + url + '</p></main>',
    themeCss: ':root{--color-primary:#123456}',
    htmlAttributes: { lang: 'en', 'data-theme': 'light', 'data-tier': '1' },
    priorityImages: [{ srcSet: '/api/image/star-hall/dome.jpg?width=400&format=avif 400w', sizes: '100vw', type: 'image/avif' }],
  };
}`;
const THROWING_BUNDLE = `export async function renderPage() { throw new Error('render broke'); }`;
const SLOW_BUNDLE = `export function renderPage() { return new Promise((resolve) => setTimeout(() => resolve({ html: '<p>late</p>', themeCss: '', htmlAttributes: {} }), 1000)); }`;

// counts its renders: a page drawn from the same inputs is kept, not drawn again
const COUNTING_BUNDLE = `
let renders = 0;
export async function renderPage({ mobile }) {
  renders += 1;
  return { html: '<p>render ' + renders + (mobile ? ' phone' : ' wide') + '</p>', themeCss: '', htmlAttributes: {} };
}`;

const EMPTY_ROOT = '<div id="root"></div>';

describeEachDatabase('server-rendered storefront pages (decision 0044)', (ctx) => {
  let folder: string;
  const apps: Record<
    'rendering' | 'throwing' | 'slow' | 'missing' | 'counting' | 'fresh',
    FastifyInstance
  > = {} as never;
  let eventId: string;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'admit-ssr-'));
    const dist = join(folder, 'dist');
    await mkdir(dist);
    await writeFile(join(dist, 'index.html'), INDEX_HTML);
    const bundles = {
      rendering: RENDERING_BUNDLE,
      throwing: THROWING_BUNDLE,
      slow: SLOW_BUNDLE,
      counting: COUNTING_BUNDLE,
    };
    for (const [name, source] of Object.entries(bundles)) {
      await mkdir(join(folder, name));
      await writeFile(join(folder, name, SERVER_RENDER_ENTRY), source);
    }
    const seller = await makeSeller(ctx.db, { slug: 'star-hall' });
    eventId = (await makeEvent(ctx.db, seller, { name: EVENT_NAME })).id;
    for (const name of ['rendering', 'throwing', 'slow', 'missing', 'counting'] as const) {
      apps[name] = await buildTestApp(ctx.database, {
        now: NOW,
        env: { STOREFRONT_DIST: dist, STOREFRONT_SSR_DIST: join(folder, name) },
      });
    }
    // the counting bundle with no read kept: each page's reads are the database's now
    apps.fresh = await buildTestApp(ctx.database, {
      now: NOW,
      env: {
        STOREFRONT_DIST: dist,
        STOREFRONT_SSR_DIST: join(folder, 'counting'),
        CACHED_API_SERVER_TTL_MS: '0',
      },
    });
  });
  afterAll(async () => {
    for (const app of Object.values(apps)) await app.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('sends the event page rendered inside the root, with the theme in the head', async () => {
    const res = await apps.rendering.inject({ method: 'GET', url: `/star-hall/events/${eventId}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      `<div id="root" data-server-render="desktop"><main><h1>${EVENT_NAME}</h1>`,
    );
    expect(res.body).not.toContain(EMPTY_ROOT);
    expect(res.body).toContain('<style>:root{--color-primary:#123456}</style></head>');
    expect(res.body).toMatch(/<html lang="en" data-theme="light" data-tier="1">/);
    // the image the render drew with priority is the head's first request after its styles
    const firstLink = /<link (?!rel="stylesheet")[^>]*>/.exec(res.body)?.[0];
    expect(firstLink).toBe(
      '<link rel="preload" as="image" fetchpriority="high" type="image/avif"' +
        ' imagesrcset="/api/image/star-hall/dome.jpg?width=400&amp;format=avif 400w"' +
        ' imagesizes="100vw">',
    );
    // the reads it rendered from go out beside it, for the hydration
    expect(res.body).toContain('admit-initial-reads');
    expect(res.headers['server-timing']).toMatch(/^ssr;dur=\d+(\.\d)?$/);
    expect(res.headers.vary).toMatch(/User-Agent/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it("runs a drawn page's code after its first frame, by the one inline script CSP allows", async () => {
    const res = await apps.rendering.inject({ method: 'GET', url: '/star-hall/events' });
    expect(res.body).toContain('data-server-render');
    // no module is fetched with the HTML: the meta names them for after the paint
    expect(res.body).not.toContain('<link rel="modulepreload"');
    expect(res.body).not.toContain('src="/assets-app/assets/index-Ab1.js"');
    expect(res.body).toContain(
      '<meta name="admit-entry" content="/assets-app/assets/index-Ab1.js" data-preload="/assets-app/assets/react-Cd2.js">',
    );
    const inline = [...res.body.matchAll(/<script type="module">(.*?)<\/script>/g)].map(
      (m) => m[1]!,
    );
    expect(inline).toEqual([PAINT_THEN_RUN_SCRIPT]);
    const hash = createHash('sha256').update(inline[0]!).digest('base64');
    expect(res.headers['content-security-policy']).toContain(`script-src 'self' 'sha256-${hash}'`);
    // the stylesheet still comes with the HTML, first
    expect(res.body).toContain(
      '<link rel="stylesheet" crossorigin href="/assets-app/assets/index-Ef3.css">',
    );

    // a page the server did not draw loads its code as built
    const plain = await apps.rendering.inject({ method: 'GET', url: '/star-hall/my' });
    expect(plain.body).toContain(
      '<script type="module" crossorigin src="/assets-app/assets/index-Ab1.js">',
    );
    expect(plain.body).toContain('<link rel="modulepreload" crossorigin href=');
    expect(plain.body).not.toContain('admit-entry');
  });

  it('draws the phone layout for a phone', async () => {
    const phone = await apps.rendering.inject({
      method: 'GET',
      url: '/star-hall/events',
      headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 11; Pixel 5) Mobile Safari/537.36' },
    });
    expect(phone.body).toContain('<div id="root" data-server-render="mobile"><main><h1>Events');
    const hinted = await apps.rendering.inject({
      method: 'GET',
      url: '/star-hall/events',
      headers: { 'sec-ch-ua-mobile': '?0', 'user-agent': 'Mozilla/5.0 (iPhone) Mobile' },
    });
    expect(hinted.body).toContain('data-server-render="desktop"');
  });

  it('renders no other page by itself (the checkout only for its visitor)', async () => {
    for (const path of ['checkout', 'my', '']) {
      const res = await apps.rendering.inject({ method: 'GET', url: `/star-hall/${path}` });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(EMPTY_ROOT);
    }
  });

  it.each(['throwing', 'slow', 'missing'] as const)(
    'sends the page unrendered when the bundle is %s',
    async (name) => {
      const res = await apps[name].inject({ method: 'GET', url: `/star-hall/events/${eventId}` });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(EMPTY_ROOT);
      expect(res.body).not.toContain('data-server-render');
      expect(res.body).not.toContain('<p>late</p>');
      expect(res.headers['server-timing']).toBeUndefined();
    },
  );

  it('keeps a page drawn from the same inputs, and draws again when the layout differs', async () => {
    const get = async (phone: boolean) =>
      (
        await apps.counting.inject({
          method: 'GET',
          url: `/star-hall/events/${eventId}`,
          headers: phone ? { 'user-agent': 'Mozilla/5.0 (Linux; Android 11) Mobile' } : {},
        })
      ).body;
    const first = /<p>render (\d+) wide<\/p>/.exec(await get(false))?.[1];
    expect(first).toBeDefined();
    expect(await get(false)).toContain(`<p>render ${first} wide</p>`);
    expect(await get(true)).toContain(`<p>render ${Number(first) + 1} phone</p>`);
    expect(await get(false)).toContain(`<p>render ${first} wide</p>`);
  });

  // decision 0090: a kept page is keyed by the reads it was drawn from, so a change another
  // node made shows once the reads show it, not after the page's own 30 s
  it('draws a kept page again as soon as the reads it was drawn from change', async () => {
    const seller = await makeSeller(ctx.db, { slug: 'moon-hall' });
    const event = await makeEvent(ctx.db, seller, { name: 'Moon Walk' });
    const get = async () =>
      /<p>render (\d+) wide<\/p>/.exec(
        (await apps.fresh.inject({ method: 'GET', url: `/moon-hall/events/${event.id}` })).body,
      )?.[1];
    const first = await get();
    expect(first).toBeDefined();
    expect(await get()).toBe(first);
    await ctx.db.execute(
      sql`update event_template set name = 'Moon Walk, late' where id = ${event.id}`,
    );
    const second = await get();
    expect(second).toBe(String(Number(first) + 1));
    expect(await get()).toBe(second);
  });
});
