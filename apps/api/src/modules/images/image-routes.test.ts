import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { imagePath } from '@admit/contracts/images';
import { image } from '@/db/schema/catalog';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeSeller } from '@/testing/factories';
import { IMAGE_CACHE_CONTROL } from './routes';

const NOW = '2026-03-01T15:00:00Z';

describeEachDatabase('GET /api/image/:seller/:name', (ctx) => {
  let app: FastifyInstance;
  const cover = imagePath('img-seller', 'cover.jpg');

  beforeAll(async () => {
    const seller = await makeSeller(ctx.db, { slug: 'img-seller' });
    const jpeg = await sharp({
      create: { width: 1600, height: 900, channels: 3, background: '#336699' },
    })
      .jpeg()
      .toBuffer();
    const png = await sharp({
      create: { width: 400, height: 100, channels: 4, background: '#ff000080' },
    })
      .png()
      .toBuffer();
    await ctx.db.insert(image).values([
      {
        sellerId: seller.id,
        name: 'cover.jpg',
        contentType: 'image/jpeg',
        bytes: jpeg.toString('base64'),
        width: 1600,
        height: 900,
      },
      {
        sellerId: seller.id,
        name: 'logo.png',
        contentType: 'image/png',
        bytes: png.toString('base64'),
        width: 400,
        height: 100,
      },
    ]);
    app = await buildTestApp(ctx.database, { now: NOW });
  });
  afterAll(() => app.close());

  async function fetchImage(url: string) {
    const res = await app.inject({ method: 'GET', url });
    const meta = res.statusCode === 200 ? await sharp(res.rawPayload).metadata() : undefined;
    return { res, width: meta?.width, height: meta?.height, format: meta?.format };
  }

  it('serves the original with year-long immutable caching and an ETag', async () => {
    const { res, width, height, format } = await fetchImage(cover);
    expect(res.statusCode).toBe(200);
    expect([width, height, format]).toEqual([1600, 900, 'jpeg']);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe(IMAGE_CACHE_CONTROL);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.etag).toMatch(/^".+"$/);
  });

  it('never enlarges: asking for more than the original returns the original size', async () => {
    expect(await fetchImage(`${cover}?width=3200&height=1800`)).toMatchObject({
      width: 1600,
      height: 900,
    });
    expect(await fetchImage(`${cover}?width=4000`)).toMatchObject({ width: 1600, height: 900 });
  });

  it('crops to cover when both sides are given and scales proportionally for one', async () => {
    expect(await fetchImage(`${cover}?width=544&height=432`)).toMatchObject({
      width: 544,
      height: 432,
      format: 'jpeg',
    });
    expect(await fetchImage(`${cover}?width=800`)).toMatchObject({ width: 800, height: 450 });
    expect(await fetchImage(`${cover}?height=300`)).toMatchObject({ width: 533, height: 300 });
    expect(await fetchImage(`${imagePath('img-seller', 'logo.png')}?height=50`)).toMatchObject({
      width: 200,
      height: 50,
      format: 'png',
    });
  });

  it('converts to AVIF or WebP when asked, resized or at the original size', async () => {
    const avif = await fetchImage(`${cover}?width=828&format=avif`);
    expect(avif.res.headers['content-type']).toBe('image/avif');
    expect(avif).toMatchObject({ width: 828, height: 466, format: 'heif' });
    const webp = await fetchImage(`${cover}?format=webp`);
    expect(webp.res.headers['content-type']).toBe('image/webp');
    expect(webp).toMatchObject({ width: 1600, height: 900, format: 'webp' });
    expect(webp.res.headers['cache-control']).toBe(IMAGE_CACHE_CONTROL);
    // the same size in two formats: two cache entries, not one answer for both
    const jpeg = await fetchImage(`${cover}?width=828`);
    expect(jpeg).toMatchObject({ width: 828, format: 'jpeg' });
    expect(jpeg.res.headers.etag).not.toBe(avif.res.headers.etag);
  });

  it('answers a matching If-None-Match with 304 and a repeated size with the same ETag', async () => {
    const first = await app.inject({ method: 'GET', url: `${cover}?width=320` });
    const again = await app.inject({ method: 'GET', url: `${cover}?width=320` });
    expect(again.headers.etag).toBe(first.headers.etag);
    const cached = await app.inject({
      method: 'GET',
      url: `${cover}?width=320`,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe('');
  });

  it.each([
    'width=abc',
    'width=0',
    'width=4001',
    'height=1.5',
    'width=-3',
    'height=12px',
    'format=gif',
    'format=AVIF',
  ])('rejects %s with the validation_failed envelope', async (query) => {
    const res = await app.inject({ method: 'GET', url: `${cover}?${query}` });
    expect(res.statusCode).toBe(400);
    const [error] = res.json()._data;
    expect(error).toMatchObject({
      _code: 'validation_failed',
      _context: 'image',
      _extra: { field: query.split('=')[0] },
    });
  });

  it('answers 404 not_found for an unknown image or seller', async () => {
    for (const url of [
      imagePath('img-seller', 'nope.jpg'),
      imagePath('no-such-seller', 'cover.jpg'),
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()._data[0]).toMatchObject({ _code: 'not_found', _context: 'image' });
    }
  });
});
