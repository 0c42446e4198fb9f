import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellerDomain } from '@/db/schema/identity';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeEvent, makeSeller, makeSession, type SellerRow } from '@/testing/factories';
import { firstError, type CollectionsBody } from '@/testing/responses';
import { sharedHosts } from './seller-host';

// Seller domains (issue #26, decision 0070): the Host of a request picks the seller of
// /api and /cached_api; `_seller` keeps working on the shared hosts; a seller's domain never
// serves another seller; an unknown Host must name the seller.

const NOW = new Date('2030-03-10T12:00:00Z');
const MUSEUM = 'tickets.museum.example';
const MUSEUM_STAGING = 'staging.tickets.museum.example';
const AQUARIUM = 'tickets.aquarium.example';

describe('sharedHosts', () => {
  it("is this server's own names and PUBLIC_URL's host, lower case", () => {
    expect([...sharedHosts({ PUBLIC_URL: undefined })]).toEqual([
      'localhost',
      '127.0.0.1',
      '[::1]',
    ]);
    expect(
      sharedHosts({ PUBLIC_URL: 'https://Shop.Example.org:8443/' }).has('shop.example.org'),
    ).toBe(true);
  });
});

describeEachDatabase('seller domains: the seller of a request from its Host', (ctx) => {
  let app: FastifyInstance;
  let museum: SellerRow;
  let aquarium: SellerRow;
  let museumEvent: string;
  let aquariumEvent: string;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW });
    museum = await makeSeller(ctx.db, { name: 'Museum' });
    aquarium = await makeSeller(ctx.db, { name: 'Aquarium' });
    for (const [seller, name] of [
      [museum, 'Museum hall'],
      [aquarium, 'Aquarium tank'],
    ] as const) {
      const event = await makeEvent(ctx.db, seller, { name });
      await makeSession(ctx.db, event, { startDatetime: new Date('2030-03-11T15:00:00Z') });
      if (seller === museum) museumEvent = event.id;
      else aquariumEvent = event.id;
    }
    await ctx.db.insert(sellerDomain).values([
      { host: MUSEUM, sellerId: museum.id, environment: 'production' },
      { host: MUSEUM_STAGING, sellerId: museum.id, environment: 'test' },
      { host: AQUARIUM, sellerId: aquarium.id, environment: 'production' },
    ]);
  });
  afterAll(() => app.close());

  const get = (url: string, host: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { host, ...headers } });
  const eventNames = (body: unknown) =>
    (body as CollectionsBody).event_template!._data.map((e) => e.name);

  it('serves the seller of the Host on /api and /cached_api, with no _seller', async () => {
    for (const prefix of ['/api', '/cached_api']) {
      const onMuseum = await get(`${prefix}/events/available`, MUSEUM);
      expect(onMuseum.statusCode).toBe(200);
      expect(eventNames(onMuseum.json())).toEqual(['Museum hall']);
      // the Host is read in lower case and without its port
      const onAquarium = await get(`${prefix}/events/available`, 'Tickets.Aquarium.Example:3000');
      expect(onAquarium.statusCode).toBe(200);
      expect(eventNames(onAquarium.json())).toEqual(['Aquarium tank']);
    }
    const event = await get(`/api/events/${museumEvent}`, MUSEUM);
    expect(event.statusCode).toBe(200);
  });

  it("accepts a _seller naming the domain's own seller", async () => {
    const res = await get(`/api/events/available?_seller=${museum.slug}`, MUSEUM);
    expect(res.statusCode).toBe(200);
    expect(eventNames(res.json())).toEqual(['Museum hall']);
  });

  it("never serves another seller's event on a seller's domain, with or without _seller", async () => {
    for (const prefix of ['/api', '/cached_api']) {
      const named = await get(`${prefix}/events/available?_seller=${aquarium.slug}`, MUSEUM);
      expect(named.statusCode).toBe(404);
      expect(firstError(named.json())).toMatchObject({
        _code: 'seller_not_found',
        _description: `${MUSEUM} serves Museum only: leave out _seller or use the other seller's domain`,
      });
      const namedById = await get(
        `${prefix}/events/${aquariumEvent}?_seller=${aquarium.slug}`,
        MUSEUM,
      );
      expect(namedById.statusCode).toBe(404);
      expect(firstError(namedById.json())!._code).toBe('seller_not_found');
      // the other seller's event by id alone is not found for this domain's seller
      const byId = await get(`${prefix}/events/${aquariumEvent}`, MUSEUM);
      expect(byId.statusCode).toBe(404);
      expect(JSON.stringify(byId.json())).not.toContain('Aquarium tank');
    }
    const config = await get(`/api/seller_config?_seller=${aquarium.slug}`, MUSEUM);
    expect(config.statusCode).toBe(404);
    expect(firstError(config.json())!._code).toBe('seller_not_found');
  });

  it('refuses an unknown Host without _seller, and takes _seller there as before', async () => {
    for (const url of ['/api/events/available', '/cached_api/events/available']) {
      const res = await get(url, 'elsewhere.example');
      expect(res.statusCode).toBe(404);
      expect(firstError(res.json())).toMatchObject({
        _code: 'seller_not_found',
        _context: 'seller',
        _description:
          'No seller answers on elsewhere.example: name the seller with _seller, or use its domain',
        _extra: { field: '_seller', host: 'elsewhere.example' },
      });
    }
    const named = await get(`/api/events/available?_seller=${aquarium.slug}`, 'elsewhere.example');
    expect(named.statusCode).toBe(200);
    expect(eventNames(named.json())).toEqual(['Aquarium tank']);
  });

  it('keeps _seller on the shared hosts, and its absence a 400 naming _seller', async () => {
    for (const host of ['localhost', 'localhost:3000', '127.0.0.1:3000']) {
      const museumRes = await get(`/api/events/available?_seller=${museum.slug}`, host);
      expect(eventNames(museumRes.json())).toEqual(['Museum hall']);
      const aquariumRes = await get(`/cached_api/events/available?_seller=${aquarium.slug}`, host);
      expect(eventNames(aquariumRes.json())).toEqual(['Aquarium tank']);
      const missing = await get('/api/events/available', host);
      expect(missing.statusCode).toBe(400);
      expect(firstError(missing.json())).toMatchObject({
        _code: 'validation_failed',
        _extra: { field: '_seller' },
      });
    }
  });

  it('reports the environment chosen by the host in the public config', async () => {
    const environmentOn = async (host: string, query = '') => {
      const res = await get(`/api/seller_config${query}`, host);
      expect(res.statusCode).toBe(200);
      const config = (res.json() as CollectionsBody).seller_config!._data[0]!;
      return [(config.seller as { slug: string }).slug, config.environment];
    };
    expect(await environmentOn(MUSEUM)).toEqual([museum.slug, 'production']);
    expect(await environmentOn(MUSEUM_STAGING)).toEqual([museum.slug, 'test']);
    expect(await environmentOn(AQUARIUM)).toEqual([aquarium.slug, 'production']);
    // on a shared host: the server's NODE_ENV, as before (`test` here)
    expect(await environmentOn('localhost', `?_seller=${museum.slug}`)).toEqual([
      museum.slug,
      'test',
    ]);
    const cached = await get('/cached_api/seller_config', MUSEUM_STAGING);
    expect((cached.json() as CollectionsBody).seller_config!._data[0]!.environment).toBe('test');
  });

  it('reads X-Forwarded-Host only through a trusted proxy', async () => {
    // not trusted (the default): the socket's Host decides
    const untrusted = await get('/api/events/available', 'localhost', {
      'x-forwarded-host': AQUARIUM,
    });
    expect(untrusted.statusCode).toBe(400);
    const proxied = await buildTestApp(ctx.database, { now: NOW, env: { TRUST_PROXY: '1' } });
    try {
      const res = await proxied.inject({
        method: 'GET',
        url: '/api/events/available',
        headers: { host: 'localhost', 'x-forwarded-host': AQUARIUM },
      });
      expect(res.statusCode).toBe(200);
      expect(eventNames(res.json())).toEqual(['Aquarium tank']);
    } finally {
      await proxied.close();
    }
  });

  it('keeps the cached answers of two sellers apart for the same path on two hosts', async () => {
    const cachedApp = await buildTestApp(ctx.database, {
      now: NOW,
      env: { CACHED_API_SERVER_TTL_MS: '60000', SELLER_CACHE_MS: '60000' },
    });
    try {
      const read = (host: string) =>
        cachedApp.inject({ method: 'GET', url: '/cached_api/events/available', headers: { host } });
      const first = await read(MUSEUM);
      const second = await read(AQUARIUM);
      const again = await read(MUSEUM);
      expect(eventNames(first.json())).toEqual(['Museum hall']);
      expect(eventNames(second.json())).toEqual(['Aquarium tank']);
      expect(eventNames(again.json())).toEqual(['Museum hall']);
      expect(second.headers.etag).not.toBe(first.headers.etag);
      expect(again.headers.etag).toBe(first.headers.etag);
    } finally {
      await cachedApp.close();
    }
  });
});
