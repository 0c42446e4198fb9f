import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { officeSellerFileResponseSchema } from '@admit/contracts/office-catalogue';
import { sellerConfigSchema } from '@admit/contracts/seller-config';
import { seller } from '@/db/schema/identity';
import { tourShopFile } from '@/modules/seller-file/seller-file.test-kit';
import { importStaffSellerFile } from '@/modules/staff-api/service';
import { makeStaff, officeCall, officeLogin } from '@/modules/office/office.test-kit';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';

/**
 * shopping §9 "Low-capacity label below 10 tickets unless a remaining-capacity display threshold
 * is configured" (decision 0124): the owner sets `remaining_capacity_threshold` in the seller
 * file through the back office, the public config serves it (10 when unset), the file comes back
 * with it, and a value that is not a whole number ≥ 0 is refused without touching the stored one.
 */

const NOW = new Date('2026-03-01T15:00:00Z');
const SLUG = 'threshold-shop';
const shop = (threshold?: string) => {
  const file = tourShopFile({ slug: SLUG, name: 'Threshold Shop', aheadDays: 3 });
  if (threshold === undefined) return file;
  return file.replace(
    '  timezone: Europe/Dublin\n',
    `  timezone: Europe/Dublin\n  settings:\n    remaining_capacity_threshold: ${threshold}\n`,
  );
};

describeEachDatabase('seller config: the remaining-capacity display threshold', (ctx) => {
  let app: FastifyInstance;
  let owner = '';

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW, env: { MAIL_POLL_MS: '0' } });
    await importStaffSellerFile(
      ctx.db,
      { file_name: 'shop.yaml', text: shop(), pictures: [] },
      { now: NOW, dryRun: false },
    );
    const [row] = await ctx.db.select().from(seller).where(eq(seller.slug, SLUG));
    owner = await officeLogin(app, SLUG, (await makeStaff(ctx.db, row!.id, 'owner')).email);
  });
  afterAll(() => app.close());

  const upload = (text: string) =>
    officeCall(app, {
      method: 'POST',
      path: 'seller_file',
      slug: SLUG,
      cookie: owner,
      body: { file_name: 'shop.yaml', text, pictures: [], dry_run: false, reason: 'threshold' },
    });
  const served = async () => {
    const res = await app.inject({ method: 'GET', url: `/api/seller_config?_seller=${SLUG}` });
    expect(res.statusCode, res.body).toBe(200);
    return sellerConfigSchema.parse(res.json().seller_config._data[0]).remaining_capacity_threshold;
  };
  const exported = async () => {
    const res = await officeCall(app, { path: 'seller_file', slug: SLUG, cookie: owner });
    expect(res.statusCode, res.body).toBe(200);
    return officeSellerFileResponseSchema.parse(res.json()).seller_file._data[0]!.text;
  };

  it('serves the default 10 while the seller has set none', async () => {
    expect(await served()).toBe(10);
    expect(await exported()).not.toContain('remaining_capacity_threshold');
  });

  it('stores the owner’s value, serves it and writes it back to the file', async () => {
    const res = await upload(shop('25'));
    expect(res.statusCode, res.body).toBe(200);
    expect(await served()).toBe(25);
    expect(await exported()).toContain('remaining_capacity_threshold: 25');
  });

  it('takes 0 (the label never shows)', async () => {
    expect((await upload(shop('0'))).statusCode).toBe(200);
    expect(await served()).toBe(0);
  });

  it('refuses a negative, fractional or non-numeric threshold and keeps the stored one', async () => {
    expect((await upload(shop('4'))).statusCode).toBe(200);
    for (const bad of ['-1', '2.5', 'ten']) {
      const res = await upload(shop(bad));
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()._data[0]._extra.problems.join('\n'), bad).toContain(
        'seller.settings.remaining_capacity_threshold',
      );
    }
    expect(await served()).toBe(4);
  });

  it('goes back to 10 when a file without it is applied', async () => {
    expect((await upload(shop())).statusCode).toBe(200);
    expect(await served()).toBe(10);
  });
});
