import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { imagePath, sizedImageUrl, type ImageRequest } from '@admit/contracts/images';
import { image, imageVariant } from '@/db/schema/catalog';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeSeller } from '@/testing/factories';
import { parseSellerFile } from '@/modules/seller-file/parse-file';
import { importSellerFile } from '@/modules/seller-file/service';
import { loadImage } from './repo';
import { resizeImage } from './resize';
import type * as ResizeModule from './resize';
import { MAX_REQUESTED_VARIANTS } from './service';
import { IMAGE_CACHE_CONTROL } from './routes';

// the seam: every sharp encode of the image path goes through resizeImage, counted here
vi.mock(import('./resize'), async (importOriginal) => {
  const actual = await importOriginal();
  return { ...actual, resizeImage: vi.fn(actual.resizeImage) };
});
const encodes = vi.mocked(resizeImage);
const { resizeImage: realResize } = await vi.importActual<typeof ResizeModule>('./resize');

const NOW = '2026-03-01T15:00:00Z';
const SLUG = 'variant-seller';

const solid = (background: string, format: 'jpeg' | 'png' = 'jpeg') => {
  const canvas = sharp({ create: { width: 1600, height: 900, channels: 3, background } });
  return (format === 'png' ? canvas.png() : canvas.jpeg()).toBuffer();
};

/**
 * Variants are encoded once and kept in the database (decision 0033): a second process (a fresh
 * app on the same database) answers from the row; racing first requests keep one row; a
 * replaced picture is never answered with its old variants.
 */
describeEachDatabase('image variants kept in the database', (ctx) => {
  const apps: FastifyInstance[] = [];
  const freshApp = async () => {
    const app = await buildTestApp(ctx.database, { now: NOW });
    apps.push(app);
    return app;
  };
  let imageId: string;
  const url = (name: string, size: ImageRequest) => sizedImageUrl(imagePath(SLUG, name), size);
  const rowsOf = (id: string) =>
    ctx.db.select().from(imageVariant).where(eq(imageVariant.imageId, id));

  beforeAll(async () => {
    const seller = await makeSeller(ctx.db, { slug: SLUG });
    const [row] = await ctx.db
      .insert(image)
      .values(
        await Promise.all(
          ['cover.jpg', 'race.jpg', 'swap.jpg', 'crawl.png'].map(async (name) => ({
            sellerId: seller.id,
            name,
            contentType: name.endsWith('.png') ? 'image/png' : 'image/jpeg',
            bytes: (await solid('#336699', name.endsWith('.png') ? 'png' : 'jpeg')).toString(
              'base64',
            ),
            width: 1600,
            height: 900,
          })),
        ),
      )
      .returning();
    imageId = row!.id;
  });
  afterEach(() => {
    encodes.mockReset();
    encodes.mockImplementation(realResize);
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
  });

  it('encodes a variant once; a fresh app on the same database answers it from the row', async () => {
    encodes.mockClear();
    const first = await freshApp();
    const size = { width: 828, format: 'avif' } as const;
    const encoded = await first.inject({ method: 'GET', url: url('cover.jpg', size) });
    expect(encoded.statusCode).toBe(200);
    expect(encodes).toHaveBeenCalledTimes(1);
    expect(await rowsOf(imageId)).toHaveLength(1);

    // the bytes and headers are today's: sharp's output for the same source and size
    const source = await loadImage(ctx.db, imageId);
    const expected = await realResize(source!, size);
    expect(encoded.rawPayload.equals(expected.bytes)).toBe(true);
    expect(encoded.headers).toMatchObject({
      'content-type': 'image/avif',
      'cache-control': IMAGE_CACHE_CONTROL,
      etag: expected.etag,
    });

    const second = await freshApp();
    const stored = await second.inject({ method: 'GET', url: url('cover.jpg', size) });
    expect(encodes).toHaveBeenCalledTimes(1);
    expect(stored.statusCode).toBe(200);
    expect(stored.rawPayload.equals(encoded.rawPayload)).toBe(true);
    for (const header of ['content-type', 'cache-control', 'etag']) {
      expect(stored.headers[header]).toBe(encoded.headers[header]);
    }
    const revalidated = await second.inject({
      method: 'GET',
      url: url('cover.jpg', size),
      headers: { 'if-none-match': String(encoded.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect(encodes).toHaveBeenCalledTimes(1);
  });

  it('two processes racing the first request keep one row and answer the same bytes and ETag', async () => {
    const [a, b] = [await freshApp(), await freshApp()];
    const race = (await ctx.db.select().from(image).where(eq(image.name, 'race.jpg')))[0]!;
    // both encodes must start before either is kept: each waits for the other
    let arrived = 0;
    let release!: () => void;
    const bothArrived = new Promise<void>((resolve) => (release = resolve));
    const produced: string[] = [];
    encodes.mockImplementation(async (source, size) => {
      const call = ++arrived;
      if (arrived === 2) release();
      await bothArrived;
      const output = await realResize(source, size);
      // each process's encode is told apart, as two encoders' outputs may be
      const bytes = Buffer.concat([output.bytes, Buffer.from([call])]);
      const etag = `"race-${call}"`;
      produced.push(etag);
      return { ...output, bytes, etag };
    });
    const target = url('race.jpg', { width: 480, format: 'webp' });
    const [ra, rb] = await Promise.all([
      a.inject({ method: 'GET', url: target }),
      b.inject({ method: 'GET', url: target }),
    ]);
    // control: both processes missed the row and encoded, with different results
    expect(encodes).toHaveBeenCalledTimes(2);
    expect(new Set(produced).size).toBe(2);
    // the guard: one row, and both answer with what it holds
    const rows = await rowsOf(race.id);
    expect(rows).toHaveLength(1);
    expect([ra.headers.etag, rb.headers.etag]).toEqual([rows[0]!.etag, rows[0]!.etag]);
    expect(ra.rawPayload.equals(rb.rawPayload)).toBe(true);
    expect(ra.rawPayload.toString('base64')).toBe(rows[0]!.bytes);
  });

  it('answers a replaced picture with fresh variants and drops the old ones', async () => {
    const app = await freshApp();
    const swap = (await ctx.db.select().from(image).where(eq(image.name, 'swap.jpg')))[0]!;
    const target = url('swap.jpg', { width: 480, format: 'webp' });
    const before = await app.inject({ method: 'GET', url: target });
    const pixel = async (bytes: Buffer) =>
      [...(await sharp(bytes).raw().toBuffer()).subarray(0, 3)].map((v) => Math.round(v / 16));
    expect(await pixel(before.rawPayload)).toEqual(await pixel(await solid('#336699')));

    // the seller file import replaces the bytes in place: same id, same name, same created_at
    await ctx.db
      .update(image)
      .set({ bytes: (await solid('#cc3300')).toString('base64') })
      .where(eq(image.id, swap.id));
    for (const reader of [app, await freshApp()]) {
      const after = await reader.inject({ method: 'GET', url: target });
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect(await pixel(after.rawPayload)).toEqual(await pixel(await solid('#cc3300')));
    }
    const rows = await rowsOf(swap.id);
    const current = (await ctx.db.select().from(image).where(eq(image.id, swap.id)))[0]!;
    expect(rows.map((r) => r.sourceHash)).toEqual([current.contentHash]);
    expect(current.contentHash).not.toBe(swap.contentHash);
  });

  it('answers only-if-cached from the rows alone: 504 and no encode for a size not kept', async () => {
    const app = await freshApp();
    const ask = (size: ImageRequest) =>
      app.inject({
        method: 'GET',
        url: url('cover.jpg', size),
        headers: { 'cache-control': 'only-if-cached' },
      });
    encodes.mockClear();
    const missing = await ask({ width: 1200, format: 'avif' });
    expect(missing.statusCode).toBe(504);
    expect(missing.json()._data[0]).toMatchObject({ _code: 'not_found', _context: 'image' });
    expect(encodes).not.toHaveBeenCalled();
    expect(await rowsOf(imageId)).toHaveLength(1);

    const kept = await ask({ width: 828, format: 'avif' });
    expect(kept.statusCode).toBe(200);
    expect(kept.headers['cache-control']).toBe(IMAGE_CACHE_CONTROL);
    // the original needs no encode
    expect((await ask({})).statusCode).toBe(200);
    expect(encodes).not.toHaveBeenCalled();
    // and a normal request still encodes it
    expect(
      (await app.inject({ method: 'GET', url: url('cover.jpg', { width: 1200, format: 'avif' }) }))
        .statusCode,
    ).toBe(200);
    expect(encodes).toHaveBeenCalledTimes(1);
  });

  it(`keeps at most ${MAX_REQUESTED_VARIANTS} requested sizes of one picture; more are encoded, not kept`, async () => {
    const app = await freshApp();
    const crawl = (await ctx.db.select().from(image).where(eq(image.name, 'crawl.png')))[0]!;
    for (let width = 1; width <= MAX_REQUESTED_VARIANTS + 3; width++) {
      const res = await app.inject({ method: 'GET', url: url('crawl.png', { width }) });
      expect(res.statusCode).toBe(200);
      expect((await sharp(res.rawPayload).metadata()).width).toBe(width);
    }
    expect(await rowsOf(crawl.id)).toHaveLength(MAX_REQUESTED_VARIANTS);
  });
});

/** The seller file import replaces a picture in place (decision 0041): its variants follow. */
describeEachDatabase('image variants of a picture the seller file replaces', (ctx) => {
  const file = parseSellerFile(
    `seller:
  slug: swap-shop
  name: Swap Shop
  currency: EUR
  timezone: Europe/Dublin
venues:
  - key: main
    name: The Shop
events:
  - key: tours
    name: Tours
    type: repeating
    cover:
      image: images/cover.jpg
      alt: The shop
`,
    'swap-shop.yaml',
  );
  const importWith = async (background: string) => {
    const bytes = await solid(background);
    const images = new Map([
      [
        'images/cover.jpg',
        { name: 'cover.jpg', contentType: 'image/jpeg', bytes, width: 1600, height: 900 },
      ],
    ]);
    await importSellerFile(ctx.db, file, { now: new Date(NOW), images });
  };

  it('answers the new picture at every size after a re-import under the same name', async () => {
    await importWith('#336699');
    const app = await buildTestApp(ctx.database, { now: NOW });
    try {
      const target = sizedImageUrl(imagePath('swap-shop', 'cover.jpg'), {
        width: 828,
        format: 'avif',
      });
      const before = await app.inject({ method: 'GET', url: target });
      await importWith('#cc3300');
      const after = await app.inject({ method: 'GET', url: target });
      expect(after.headers.etag).not.toBe(before.headers.etag);
      const red = async (bytes: Buffer) => (await sharp(bytes).raw().toBuffer())[0]!;
      expect(await red(before.rawPayload)).toBeLessThan(0x60);
      expect(await red(after.rawPayload)).toBeGreaterThan(0xa0);
      expect(await ctx.db.select().from(imageVariant)).toHaveLength(1);
    } finally {
      await app.close();
    }
  });
});
