import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sellerConfigSchema } from '@admit/contracts/seller-config';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { SellerFileError } from './file-errors';
import { parseSellerFile } from './parse-file';
import { exportSeller, importSellerFile } from './service';
import { tourShopFile } from './seller-file.test-kit';

// shopping §9 "Price display setting: all, sessions_and_tickets or off" (decision 0081): a
// seller file's `settings.price_display` reaches the public config and comes back on export

const NOW = new Date('2026-03-01T15:00:00Z');

const withSetting = (slug: string, value: string) =>
  tourShopFile({ slug }).replace(
    '  timezone: Europe/Dublin\n',
    `  timezone: Europe/Dublin\n  settings:\n    price_display: ${value}\n`,
  );

describeEachDatabase('seller file: the price display setting', (ctx) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    for (const [slug, file] of [
      ['cards-off', withSetting('cards-off', 'sessions_and_tickets')],
      ['prices-off', withSetting('prices-off', 'off')],
      ['plain-shop', tourShopFile({ slug: 'plain-shop' })],
    ] as const) {
      await importSellerFile(ctx.db, parseSellerFile(file, `${slug}.yaml`), {
        now: NOW,
        images: new Map(),
      });
    }
    app = await buildTestApp(ctx.database, { now: NOW });
  });
  afterAll(() => app.close());

  const settingOf = async (slug: string) => {
    const res = await app.inject({ method: 'GET', url: `/api/seller_config?_seller=${slug}` });
    expect(res.statusCode).toBe(200);
    return sellerConfigSchema.parse(res.json().seller_config._data[0]).price_display;
  };

  it('the imported setting is the public config’s; without one, all', async () => {
    expect(await settingOf('cards-off')).toBe('sessions_and_tickets');
    expect(await settingOf('prices-off')).toBe('off');
    expect(await settingOf('plain-shop')).toBe('all');
  });

  it('exports as it was imported', async () => {
    expect((await exportSeller(ctx.db, 'cards-off'))!.yaml).toContain(
      'price_display: sessions_and_tickets',
    );
    expect((await exportSeller(ctx.db, 'plain-shop'))!.yaml).not.toContain('price_display');
  });

  it('refuses a value the spec does not name', () => {
    expect(() => parseSellerFile(withSetting('odd-shop', 'cards'), 'odd-shop.yaml')).toThrow(
      SellerFileError,
    );
  });
});
