import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sellerConfigSchema } from '@admit/contracts/seller-config';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeSeller } from '@/testing/factories';

const NOW = '2026-03-01T15:00:00Z';

// decision 0048: the public config says what the storefront's prices before checkout include
describeEachDatabase('seller_config all_in_prices', (ctx) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    await makeSeller(ctx.db, { slug: 'uk-shop', config: { all_in_prices: 'fees_and_tax' } });
    await makeSeller(ctx.db, { slug: 'us-shop', config: { all_in_prices: 'fees' } });
    await makeSeller(ctx.db, { slug: 'plain-shop', config: {} });
    app = await buildTestApp(ctx.database, { now: NOW });
  });
  afterAll(() => app.close());

  const allInOf = async (slug: string) => {
    const res = await app.inject({ method: 'GET', url: `/api/seller_config?_seller=${slug}` });
    expect(res.statusCode).toBe(200);
    return sellerConfigSchema.parse(res.json().seller_config._data[0]).all_in_prices;
  };

  it('carries the stored setting', async () => {
    expect(await allInOf('uk-shop')).toBe('fees_and_tax');
    expect(await allInOf('us-shop')).toBe('fees');
  });

  it('is off when the seller has not set it', async () => {
    expect(await allInOf('plain-shop')).toBe('off');
  });
});
