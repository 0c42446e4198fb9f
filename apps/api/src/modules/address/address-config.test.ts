import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeSeller, type SellerRow } from '@/testing/factories';
import { firstError } from '@/testing/responses';
import { PRIVATE_KEY, PUBLIC_KEY, unreachableUrl } from './loqate-stub-test-kit';
import { ADDRESS_LOOKUP_LIMIT } from './service';

/**
 * Address lookup around the provider (decision 0024): the public config says whether lookup
 * is available and never carries the private key; requests are limited per client address; a
 * provider nobody can reach is a 502. `ADDRESS_API_URL` points at a port nothing listens on.
 */

const NOW = new Date('2029-06-01T12:00:00Z');

describeEachDatabase('address lookup: config, limits, provider down', (ctx) => {
  let app: FastifyInstance;
  let keyed: SellerRow;
  let publicOnly: SellerRow;
  let unkeyed: SellerRow;

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, {
      now: NOW,
      env: { ADDRESS_API_URL: await unreachableUrl() },
    });
    keyed = await makeSeller(ctx.db, {
      config: { address_service_key: null, private: { address_service_key: PRIVATE_KEY } },
    });
    publicOnly = await makeSeller(ctx.db, { config: { address_service_key: PUBLIC_KEY } });
    unkeyed = await makeSeller(ctx.db);
  });
  afterAll(() => app.close());

  const get = (path: string, query: Record<string, string>, remoteAddress = '127.0.0.1') =>
    app.inject({
      method: 'GET',
      url: `/api/address/${path}?${new URLSearchParams(query).toString()}`,
      remoteAddress,
    });

  it('limits the requests of one client address', async () => {
    const query = { _seller: unkeyed.slug, text: 'x', country: 'US' };
    for (let i = 0; i < ADDRESS_LOOKUP_LIMIT.max; i++) {
      expect((await get('find', query, '10.0.0.77')).statusCode).toBe(422);
    }
    const limited = await get('find', query, '10.0.0.77');
    expect(limited.statusCode).toBe(429);
    expect(firstError(limited.json())).toMatchObject({
      _code: 'rate_limited',
      _context: 'address',
    });
    // another client address is not affected
    expect((await get('find', query, '10.0.0.78')).statusCode).toBe(422);
  });

  it('tells the storefront lookup is available, never the private key', async () => {
    const config = async (slug: string) => {
      const res = await app.inject({ method: 'GET', url: `/api/seller_config?_seller=${slug}` });
      expect(res.body).not.toContain(PRIVATE_KEY);
      expect(res.body).not.toContain('"private"');
      return res.json().seller_config._data[0];
    };
    expect(await config(keyed.slug)).toMatchObject({
      address_lookup: true,
      address_service_key: null,
    });
    expect(await config(publicOnly.slug)).toMatchObject({
      address_lookup: true,
      address_service_key: PUBLIC_KEY,
    });
    expect(await config(unkeyed.slug)).toMatchObject({
      address_lookup: false,
      address_service_key: null,
    });
  });

  it('answers 502 without details when the provider cannot be reached', async () => {
    const res = await get('retrieve', { _seller: keyed.slug, id: 'US|1' });
    expect(res.statusCode).toBe(502);
    expect(firstError(res.json())).toMatchObject({
      _code: 'internal_error',
      _context: 'address',
      _description: 'The address service could not be reached.',
    });
    expect(res.body).not.toContain(PRIVATE_KEY);
    expect(res.body).not.toContain('127.0.0.1');
  });
});
