import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { APP_HEADER, APP_HEADER_VALUE, SESSION_COOKIE } from '@admit/contracts/constants';
import { errorEnvelopeSchema } from '@admit/contracts/envelope';
import { buildTestApp } from '@/testing/build-test-app';
import { addBody, cartCall, makeReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { nastyArb } from '@/testing/query-arbitraries';
import { sellerApiKey } from '@/db/schema/seller-api';
import { apiKeyPrefix, hashApiKey, newApiKey } from '@/lib/api-key';

/**
 * Property (issues #11 and #12): whatever the path ids, query string, headers and body, every
 * registered route answers without a 5xx, every 4xx is the spec's `_data` envelope (the
 * HTML pages of the storefront host and the dev mailbox excepted: they are for people), and a HEAD answer has no body.
 * The route table is collected with an `onRoute` hook, so a new route is fuzzed without
 * touching this file. FUZZ_RUNS sets the case count (`npm run fuzz -w @admit/api` for a long run).
 */

const NOW = new Date('2030-03-10T12:00:00Z');
const RUNS = Number(process.env.FUZZ_RUNS ?? 3000);
// the server's staff key: the staff routes are reached past their 401 and 403 (decision 0074)
const STAFF_KEY = 'fuzz-staff-key-0123456789-0123456789';
// pages for people answer HTML, also their 404: the storefront host's (`/`, `/:seller`,
// `/:seller/*`) and the dev mailbox's (outside production)
const HTML_ROUTES = new Set(['/', '/:seller', '/:seller/*', '/_dev/mail', '/_dev/mail/:id']);

// a lone surrogate cannot be encoded by encodeURIComponent: its UTF-8 replacement can
const encodeSegment = (value: string) =>
  encodeURIComponent(Buffer.from(value, 'utf8').toString('utf8'));

const isApiPath = (path: string) =>
  /^\/(api|cached_api|admin\/api|webhooks|sandbox)(\/|$)/.test(path);

interface Route {
  method: string;
  url: string;
}

describeEachDatabase('every route answers without 5xx, errors in the envelope', (ctx) => {
  let app: FastifyInstance;
  let dist = '';
  const routes: Route[] = [];
  const ids: string[] = [];
  let slug = '';
  let sessionToken = '';
  // a live seller API key: the /admin/api routes are reached past their 401 (decision 0042)
  let apiKey = '';

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'admit-fuzz-dist-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(
      join(dist, 'index.html'),
      '<!doctype html><html><head></head><body></body></html>',
    );
    app = await buildTestApp(ctx.database, {
      now: NOW,
      env: { STOREFRONT_DIST: dist, STAFF_KEY },
      onRoute: (route: RouteOptions) => {
        for (const method of [route.method].flat()) routes.push({ method, url: route.url });
      },
    });
    const scene = await makeReserveScene(ctx.db, {
      session: { startDatetime: new Date('2030-03-11T10:00:00Z') },
    });
    slug = scene.seller.slug;
    const cart = await cartCall(app, scene.seller, {
      method: 'POST',
      path: 'my/cart/modify',
      body: addBody(scene, 1),
    });
    expect(cart.statusCode).toBe(201);
    ids.push(
      scene.event.id,
      scene.group.id,
      scene.type.id,
      scene.session.id,
      cart.json().cart._data[0].id as string,
    );
    sessionToken = 'x'.repeat(43);
    apiKey = newApiKey();
    await ctx.db.insert(sellerApiKey).values({
      sellerId: scene.seller.id,
      name: 'Fuzz',
      prefix: apiKeyPrefix(apiKey),
      keyHash: hashApiKey(apiKey),
    });
  });
  afterAll(async () => {
    await app?.close();
    await rm(dist, { recursive: true, force: true });
  });

  // built once the rows exist: the arbitraries draw from their ids
  function requestArbitrary() {
    /** a path segment: a real id, a fresh uuid, the seller, or garbage (encoded or raw) */
    const segmentArb = () =>
      fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...ids) },
        { weight: 1, arbitrary: fc.uuid() },
        { weight: 1, arbitrary: fc.constantFrom(slug, 'ledger', 'stripe', 'nobody') },
        { weight: 2, arbitrary: nastyArb.map(encodeSegment) },
        { weight: 1, arbitrary: fc.constantFrom('%ED%A0%80', '%', '..', '%2F', 'a'.repeat(120)) },
        { weight: 1, arbitrary: fc.string({ maxLength: 80 }).map(encodeSegment) },
      );

    const queryArb = fc.record({
      seller: fc.oneof(
        { weight: 8, arbitrary: fc.constant(slug) },
        { weight: 1, arbitrary: fc.constantFrom('', 'nobody', 'a'.repeat(200), 'a\u0000') },
        { weight: 1, arbitrary: nastyArb },
        { weight: 1, arbitrary: fc.constant(null) },
      ),
      pairs: fc.array(
        fc.tuple(
          fc.oneof(
            fc.constantFrom(
              '_embed',
              '_limit',
              '_sort',
              '_ondate',
              'secret',
              'cart_id',
              'margin',
              'since',
              '_offset',
            ),
            fc.constantFrom('id', 'mode', 'redirect', 'state', 'jwt', 'text', 'return_url', 'w'),
            nastyArb,
          ),
          fc.oneof(fc.constantFrom(...ids), nastyArb, fc.string({ maxLength: 40 })),
        ),
        { maxLength: 4 },
      ),
    });

    const headersArb = fc.record({
      appHeader: fc.boolean(),
      contentType: fc.constantFrom(
        'application/json',
        'application/json',
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        null,
      ),
      cookie: fc.oneof(
        fc.constant(null),
        fc.constant(`${SESSION_COOKIE}=${sessionToken}`),
        nastyArb.map((v) => `${SESSION_COOKIE}=${encodeSegment(v)}`),
      ),
      authorization: fc.oneof(
        { weight: 2, arbitrary: fc.constant(null) },
        { weight: 3, arbitrary: fc.constant(`Bearer ${apiKey}`) },
        { weight: 1, arbitrary: fc.constant(`Bearer ${STAFF_KEY}`) },
        {
          weight: 1,
          arbitrary: fc
            .string({ maxLength: 80 })
            .filter((v) => !/[\r\n\0]/.test(v))
            .map((v) => `Bearer ${v}`),
        },
      ),
      extra: fc.dictionary(
        fc.constantFrom('idempotency-key', 'if-none-match', 'accept', 'stripe-signature', 'origin'),
        fc.oneof(
          fc.uuid(),
          fc.string({ maxLength: 60 }).filter((s) => !/[\r\n\0]/.test(s)),
        ),
        { maxKeys: 3 },
      ),
    });

    // bodies shaped like the real ones (so some get past validation) and plain noise
    const valueArb = fc.oneof(
      fc.constantFrom(...ids),
      fc.integer({ min: -5, max: 10 }),
      fc.constantFrom('a@b.co', 'Passw0rd!', 'free', 'sandbox', '4242424242424242', ''),
      nastyArb,
    );
    const bodyArb = fc.oneof(
      { weight: 1, arbitrary: fc.constant(undefined) },
      { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)) },
      {
        weight: 3,
        arbitrary: fc
          .dictionary(
            fc.constantFrom(
              'add',
              'tickets',
              'email',
              'password',
              'code',
              'token',
              'purchaser',
              'gateway_data',
              'payment',
              'expires_at',
              'guest_identity_id',
              'giftee_identity_id',
              'ticket_types_required',
              'first_name',
            ),
            fc.oneof(
              valueArb,
              fc.array(valueArb, { maxLength: 3 }),
              fc.dictionary(fc.string(), valueArb),
            ),
            { maxKeys: 5 },
          )
          .map((v) => JSON.stringify(v)),
      },
      { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
    );
    return fc.record({
      route: fc.constantFrom(...routes),
      segments: fc.array(segmentArb(), { minLength: 4, maxLength: 4 }),
      query: queryArb,
      headers: headersArb,
      body: bodyArb,
    });
  }

  it(
    'answers every generated request below 500, 4xx/5xx in the envelope',
    async () => {
      expect(routes.length).toBeGreaterThan(50);
      const statuses = new Map<number, number>();
      const requestArb = requestArbitrary();
      await fc.assert(
        fc.asyncProperty(requestArb, async ({ route, segments, query, headers, body }) => {
          let at = 0;
          const path = route.url
            .replace(/:[A-Za-z]+/g, () => segments[at++ % segments.length]!)
            .replace('*', () => segments.slice(0, 2).join('/'));
          const params = new URLSearchParams(query.pairs);
          if (query.seller !== null) params.set('_seller', query.seller);
          const url = `${path}?${params.toString()}`;
          const withBody = !['GET', 'HEAD'].includes(route.method) && body !== undefined;
          const res = await app.inject({
            method: route.method as 'GET',
            url,
            headers: {
              ...(headers.appHeader ? { [APP_HEADER]: APP_HEADER_VALUE } : {}),
              ...(headers.contentType && withBody ? { 'content-type': headers.contentType } : {}),
              ...(headers.cookie ? { cookie: headers.cookie } : {}),
              ...(headers.authorization ? { authorization: headers.authorization } : {}),
              ...headers.extra,
            },
            ...(withBody ? { payload: body } : {}),
          });
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          const what = `${route.method} ${url} → ${res.statusCode}: ${res.body.slice(0, 300)}`;
          expect(res.statusCode, what).toBeLessThan(500);
          if (route.method === 'HEAD') {
            expect(res.body, what).toBe('');
            return;
          }
          if (res.statusCode < 400) return;
          const html = String(res.headers['content-type']).startsWith('text/html');
          if (html) {
            // `..` segments can land a request on another route: judge the path that was served
            const served = new URL(`http://fuzz${url}`).pathname;
            expect(HTML_ROUTES.has(route.url) || !isApiPath(served), what).toBe(true);
            return;
          }
          expect(errorEnvelopeSchema.safeParse(res.json()).success, what).toBe(true);
        }),
        { numRuns: RUNS },
      );
      // the property means something only if requests reach the handlers, not just validation
      const reached = [...statuses].filter(([s]) => s < 400).reduce((n, [, c]) => n + c, 0);
      expect(reached).toBeGreaterThan(RUNS / 20);
    },
    Math.max(60_000, RUNS * 100),
  );
});
