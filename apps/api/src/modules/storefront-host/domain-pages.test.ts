import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SELLER_CONFIG_SCRIPT_ID, sellerConfigSchema } from '@admit/contracts/seller-config';
import { INITIAL_READS_SCRIPT_ID } from '@admit/contracts/initial-reads';
import { sellerDomain } from '@/db/schema/identity';
import type { SellerRow } from '@/modules/sellers/seller-config';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeEvent, makeSeller } from '@/testing/factories';

/** The storefront on a seller's own domain, at its root (issue #26, decision 0071). */

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head><title>Admit</title><!--admit:head--></head>
  <body><div id="root"></div><!--admit:config--></body>
</html>`;

const configFrom = (html: string) => {
  const match = new RegExp(
    `<script id="${SELLER_CONFIG_SCRIPT_ID}" type="application/json">([\\s\\S]*?)</script>`,
  ).exec(html);
  if (!match) throw new Error('no config script in page');
  return sellerConfigSchema.parse(JSON.parse(match[1]!));
};

const readsFrom = (html: string): string[] => {
  const match = new RegExp(
    `<script id="${INITIAL_READS_SCRIPT_ID}" type="application/json">([\\s\\S]*?)</script>`,
  ).exec(html);
  return match ? Object.keys(JSON.parse(match[1]!) as object) : [];
};

const frameAncestors = (csp: unknown): string[] =>
  String(csp)
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([name]) => name === 'frame-ancestors')!
    .slice(1);

const MUSEUM = 'demo-museum.localhost';
const AQUARIUM = 'harbour-aquarium.localhost';

describeEachDatabase('storefront host on a seller domain', (ctx) => {
  let dist: string;
  let app: FastifyInstance;
  let museum: SellerRow;
  let aquarium: SellerRow;
  let museumEvent: string;
  let aquariumEvent: string;

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'admit-domain-dist-'));
    await writeFile(join(dist, 'index.html'), INDEX_HTML);
    museum = await makeSeller(ctx.db, { slug: 'demo-museum', name: 'Demo Museum' });
    aquarium = await makeSeller(ctx.db, {
      slug: 'harbour-aquarium',
      name: 'Harbour Aquarium',
      config: { site: { frame_ancestors: ['https://www.aquarium.example'] } },
    });
    await ctx.db.insert(sellerDomain).values([
      { host: MUSEUM, sellerId: museum.id, environment: 'local' },
      { host: 'tickets.museum.example', sellerId: museum.id, environment: 'production' },
      { host: AQUARIUM, sellerId: aquarium.id, environment: 'local' },
    ]);
    museumEvent = (await makeEvent(ctx.db, museum, { name: 'Star Dome' })).id;
    aquariumEvent = (await makeEvent(ctx.db, aquarium, { name: 'Shark Tunnel' })).id;
    app = await buildTestApp(ctx.database, {
      now: '2026-03-01T15:00:00Z',
      env: { STOREFRONT_DIST: dist },
    });
  });
  afterAll(async () => {
    await app.close();
    await rm(dist, { recursive: true, force: true });
  });

  const page = (host: string, url: string) =>
    app.inject({ method: 'GET', url, headers: { host: `${host}:3000` } });

  it("answers the seller's storefront at the domain's root, with an empty router base", async () => {
    const home = await page(MUSEUM, '/');
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-type']).toBe('text/html; charset=utf-8');
    const config = configFrom(home.body);
    expect(config.seller.slug).toBe('demo-museum');
    expect(config.router_base).toBe('');
    expect(config.environment).toBe('local');
    const listing = await page(MUSEUM, '/events');
    expect(listing.statusCode).toBe(200);
    expect(configFrom(listing.body).router_base).toBe('');
    expect(readsFrom(listing.body).some((a) => a.includes('_seller=demo-museum'))).toBe(true);
    expect((await page(AQUARIUM, '/')).statusCode).toBe(200);
    expect(configFrom((await page(AQUARIUM, '/')).body).seller.slug).toBe('harbour-aquarium');
  });

  it('answers an event page of its own seller at /events/{id}, drawn from its read', async () => {
    const res = await page(MUSEUM, `/events/${museumEvent}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Star Dome');
    expect(readsFrom(res.body).some((a) => a.includes(museumEvent))).toBe(true);
  });

  it("never serves another seller's event, nor another seller's pages", async () => {
    const other = await page(MUSEUM, `/events/${aquariumEvent}`);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('Shark Tunnel');
    expect(configFrom(other.body).seller.slug).toBe('demo-museum');
    const slugPath = await page(MUSEUM, '/harbour-aquarium/events');
    expect(slugPath.statusCode).toBe(404);
    expect(configFrom(slugPath.body).seller.slug).toBe('demo-museum');
    const back = await page(AQUARIUM, `/events/${museumEvent}`);
    expect(back.statusCode).toBe(404);
    expect(back.body).not.toContain('Star Dome');
  });

  it('moves its own slug paths to the root, and leaves the API its own paths', async () => {
    const moved = await page(MUSEUM, `/demo-museum/events/${museumEvent}?date=2026-12-01`);
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(`/events/${museumEvent}?date=2026-12-01`);
    const api = await page(MUSEUM, '/api/no-such-thing');
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toMatch(/^application\/json/);
  });

  it('keeps the slug paths on a shared host, with the slug as router base', async () => {
    const shared = await page('localhost', '/demo-museum/events');
    expect(shared.statusCode).toBe(200);
    expect(configFrom(shared.body).router_base).toBe('/demo-museum');
    expect((await page('localhost', '/')).headers.location).toBe('/demo-museum/');
    const event = await page('localhost', `/harbour-aquarium/events/${aquariumEvent}`);
    expect(event.statusCode).toBe(200);
    expect(event.body).toContain('Shark Tunnel');
    expect(configFrom(event.body).router_base).toBe('/harbour-aquarium');
  });

  it("lets each seller's own domains frame its pages, never another seller's", async () => {
    const museumCsp = frameAncestors(
      (await page(MUSEUM, '/events')).headers['content-security-policy'],
    );
    expect(museumCsp).toEqual(["'self'", `${MUSEUM}:*`, 'https://tickets.museum.example']);
    const aquariumCsp = frameAncestors(
      (await page(AQUARIUM, '/events')).headers['content-security-policy'],
    );
    expect(aquariumCsp).toEqual(['https://www.aquarium.example', `${AQUARIUM}:*`]);
    // the same pages on the shared host follow the same seller's domains
    const shared = await page('localhost', '/harbour-aquarium/events');
    expect(frameAncestors(shared.headers['content-security-policy'])).toEqual(aquariumCsp);
  });
});
