import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sellerConfigSchema } from '@admit/contracts/seller-config';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeSeller } from '@/testing/factories';
import { buildSellerConfig, type SellerRow } from './seller-config';

const NOW = '2026-03-01T15:00:00Z';

const row = (config: unknown): SellerRow => ({
  id: '6f1c1f38-4a43-4e0e-9a51-2e1b1d2f7c11',
  slug: 'shop',
  name: 'The Shop',
  currency: 'GBP',
  timezone: 'Europe/London',
  config,
  htmlSanitized: true,
  createdAt: new Date(NOW),
});

describe('buildSellerConfig', () => {
  it('fills every field the row lacks with defaults (shopping §1 default theme)', () => {
    const config = buildSellerConfig(row({}), { NODE_ENV: 'production' });
    expect(sellerConfigSchema.parse(config)).toEqual(config);
    expect(config).toMatchObject({
      seller: { slug: 'shop', name: 'The Shop' },
      product_name: 'The Shop',
      environment: 'production',
      currency: 'GBP',
      timezone: 'Europe/London',
      locale: 'en-GB',
      default_phone_country: 'GB',
      cart_hold_minutes: 15,
      assets_path: '/assets-app/',
      api_base: '',
      home_block_order: ['login', 'join', 'guest'],
    });
    expect(config.theme).toMatchObject({
      tier: 1,
      border_radius_px: 4,
      header_height_px: 105,
      logo_height_px: 32,
      teaser_image_size: { width: 272, height: 216 },
    });
  });

  it('keeps stored values over defaults, colour by colour', () => {
    const config = buildSellerConfig(
      row({
        product_name: 'Shop Online',
        theme: { mode: 'dark', colors: { primary: '#123456' } },
        text_strings: { a: 'b' },
      }),
      { NODE_ENV: 'development' },
    );
    expect(config.environment).toBe('local');
    expect(config.product_name).toBe('Shop Online');
    expect(config.theme.mode).toBe('dark');
    expect(config.theme.colors.primary).toBe('#123456');
    expect(config.theme.colors.background).toMatch(/^#/);
    expect(config.text_strings).toEqual({ a: 'b' });
  });

  it("carries the seller's feature flags (none by default) and the operator's error DSN only", () => {
    expect(buildSellerConfig(row({}), { NODE_ENV: 'production' })).toMatchObject({
      feature_flags: {},
      error_reporter_dsn: null,
    });
    const config = buildSellerConfig(
      row({ feature_flags: { hide_calendar_prices: true }, error_reporter_dsn: 'https://x@y.z/1' }),
      { NODE_ENV: 'production', ERROR_REPORTER_DSN: 'https://key@sentry.example/7' },
    );
    expect(config.feature_flags).toEqual({ hide_calendar_prices: true });
    // a seller's stored copy is not read: reports go where the operator says (decision 0061)
    expect(config.error_reporter_dsn).toBe('https://key@sentry.example/7');
    expect(() =>
      buildSellerConfig(row({ feature_flags: { hide_calendar_prices: 'yes' } }), {
        NODE_ENV: 'production',
      }),
    ).toThrow(/invalid stored config/);
  });

  it('refuses stored data that breaks the contract', () => {
    expect(() => buildSellerConfig(row({ cart_hold_minutes: -1 }), { NODE_ENV: 'test' })).toThrow(
      /invalid stored config/,
    );
  });
});

describeEachDatabase('GET /api/seller_config', (ctx) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    await makeSeller(ctx.db, {
      slug: 'config-shop',
      name: 'Config Shop',
      config: {
        product_name: 'Config Shop Tickets',
        theme: { mode: 'dark' },
        text_strings: { 'events.heading': 'Hello' },
      },
    });
    app = await buildTestApp(ctx.database, { now: NOW });
  });
  afterAll(() => app.close());

  it('answers the config as a one-item collection', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/seller_config?_seller=config-shop' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['seller_config']);
    expect(body.seller_config).toMatchObject({ _count: 1, _total: 1 });
    const config = sellerConfigSchema.parse(body.seller_config._data[0]);
    expect(config).toMatchObject({
      product_name: 'Config Shop Tickets',
      environment: 'test',
      text_strings: { 'events.heading': 'Hello' },
      theme: { mode: 'dark' },
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is also served, cacheable, under /cached_api', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/cached_api/seller_config?_seller=config-shop',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    expect(res.json().seller_config._data[0].seller.slug).toBe('config-shop');
  });

  it('answers 404 seller_not_found for an unknown slug and 400 without one', async () => {
    const unknown = await app.inject({ method: 'GET', url: '/api/seller_config?_seller=nobody' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()._data[0]).toMatchObject({ _code: 'seller_not_found' });
    const missing = await app.inject({ method: 'GET', url: '/api/seller_config' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()._data[0]).toMatchObject({
      _code: 'validation_failed',
      _extra: { field: '_seller' },
    });
  });
});
