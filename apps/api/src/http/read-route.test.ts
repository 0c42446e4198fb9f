import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeEvent, makeSeller, makeSession, type SellerRow } from '@/testing/factories';

const NOW = new Date('2030-03-10T12:00:00Z');
const at = (offsetHours: number) => new Date(NOW.getTime() + offsetHours * 60 * 60_000);

describeEachDatabase('cache headers and the app header guard', (ctx) => {
  let app: FastifyInstance;
  let seller: SellerRow;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW, env: { CACHE_MAX_AGE: '120' } });
    seller = await makeSeller(ctx.db);
    const event = await makeEvent(ctx.db, seller, { name: 'Cached' });
    await makeSession(ctx.db, event, { startDatetime: at(2) });
  });
  afterAll(async () => {
    await app.close();
  });

  it('serves /cached_api with public max-age, a strong ETag and 304 on If-None-Match', async () => {
    const url = `/cached_api/events/available?_seller=${seller.slug}&_embed=event_session`;
    const first = await app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=120');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);

    const again = await app.inject({ method: 'GET', url });
    expect(again.headers.etag).toBe(etag);
    expect(again.body).toBe(first.body);

    const revalidated = await app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': etag },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect(revalidated.headers.etag).toBe(etag);

    const stale = await app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': '"something-else"' },
    });
    expect(stale.statusCode).toBe(200);

    const otherBody = await app.inject({ method: 'GET', url: `${url},venue` });
    expect(otherBody.headers.etag).not.toBe(etag);
  });

  it('serves /api reads with no-store and no ETag; errors are never cacheable', async () => {
    const live = await app.inject({
      method: 'GET',
      url: `/api/events/available?_seller=${seller.slug}`,
    });
    expect(live.statusCode).toBe(200);
    expect(live.headers['cache-control']).toBe('no-store');
    expect(live.headers.etag).toBeUndefined();
    const failed = await app.inject({
      method: 'GET',
      url: `/cached_api/events/available?_seller=${seller.slug}&x=1`,
    });
    expect(failed.statusCode).toBe(400);
    expect(failed.headers['cache-control']).toBe('no-store');
  });

  it('refuses state-changing /api calls without the tix-app header with 403 missing_app_header', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const res = await app.inject({
        method,
        url: `/api/my/cart/modify?_seller=${seller.slug}`,
        payload: {},
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()._data[0]).toMatchObject({ _code: 'missing_app_header' });
      const wrong = await app.inject({
        method,
        url: `/api/my/cart/modify?_seller=${seller.slug}`,
        headers: { 'tix-app': 'other' },
      });
      expect(wrong.statusCode).toBe(403);
    }
    // with the header the guard lets the request through (to the router's 404 here)
    const passed = await app.inject({
      method: 'POST',
      url: `/api/no-such-route?_seller=${seller.slug}`,
      headers: { 'tix-app': 'ecomm' },
    });
    expect(passed.statusCode).toBe(404);
    // reads need no header
    const read = await app.inject({
      method: 'GET',
      url: `/api/events/available?_seller=${seller.slug}`,
    });
    expect(read.statusCode).toBe(200);
  });
});
