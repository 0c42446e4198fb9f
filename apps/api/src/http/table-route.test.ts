import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as availability from '@admit/contracts/routes/availability';
import * as cart from '@admit/contracts/routes/cart';
import * as catalog from '@admit/contracts/routes/catalog';
import * as checkout from '@admit/contracts/routes/checkout';
import * as identity from '@admit/contracts/routes/identity';
import * as manage from '@admit/contracts/routes/manage';
import * as orders from '@admit/contracts/routes/orders';
import type { Route } from '@admit/contracts/routes/route';
import * as sellerApi from '@admit/contracts/routes/seller-api';
import * as clientErrors from '@admit/contracts/routes/client-errors';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';

/**
 * The contracts route table is what the server registers (decision 0050): every route the
 * storefront can `call` is served with the same method and url (its `:name`s too), and a
 * `cached` one also on `/cached_api`. The routes are collected with an `onRoute` hook, so a
 * route registered by hand on a drifted path fails here.
 */

const isRoute = (value: unknown): value is Route =>
  typeof value === 'object' && value !== null && 'method' in value && 'url' in value;

const table = Object.entries<unknown>({
  ...availability,
  ...cart,
  ...catalog,
  ...checkout,
  ...identity,
  ...manage,
  ...orders,
  ...sellerApi,
  ...clientErrors,
}).filter((entry): entry is [string, Route] => isRoute(entry[1]));

describeEachDatabase('the contracts route table is registered', (ctx) => {
  let app: FastifyInstance;
  const served = new Set<string>();

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, {
      now: new Date('2030-03-10T12:00:00Z'),
      onRoute: (route: RouteOptions) => {
        for (const method of [route.method].flat()) served.add(`${method} ${route.url}`);
      },
    });
  });
  afterAll(async () => {
    await app.close();
  });

  it('reads a table of every area', () => {
    // a control: an empty table (a renamed export, a broken import) would pass everything below
    expect(table.length).toBeGreaterThan(50);
    expect(served.has('GET /api/my/cart/:cartId')).toBe(true);
    expect(served.has('GET /api/my/cart/:id')).toBe(false);
  });

  it.each(table)('%s is served with its method and url', (_name, route) => {
    expect(served).toContain(`${route.method} ${route.url}`);
    if (route.cached) {
      expect(served).toContain(`${route.method} ${route.url.replace(/^\/api\//, '/cached_api/')}`);
    }
  });
});
