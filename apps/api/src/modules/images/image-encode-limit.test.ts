import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { imagePath } from '@admit/contracts/images';
import { image } from '@/db/schema/catalog';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeSeller } from '@/testing/factories';
import { firstError } from '@/testing/responses';

const START = new Date('2029-03-01T10:00:00Z');

/**
 * Issue #22 finding 11 (decision 0046): each new size costs an encode, so one client address
 * may start IMAGE_ENCODE_LIMIT encodes a minute; what is kept is served whatever the count.
 */
describeEachDatabase('GET /api/image: the per-address budget of new encodes', (ctx) => {
  let app: FastifyInstance;
  let clock = START;
  let cover: string;

  beforeAll(async () => {
    const seller = await makeSeller(ctx.db);
    const jpeg = await sharp({
      create: { width: 800, height: 400, channels: 3, background: '#336699' },
    })
      .jpeg()
      .toBuffer();
    await ctx.db.insert(image).values({
      sellerId: seller.id,
      name: 'cover.jpg',
      contentType: 'image/jpeg',
      bytes: jpeg.toString('base64'),
      width: 800,
      height: 400,
    });
    cover = imagePath(seller.slug, 'cover.jpg');
    app = await buildTestApp(ctx.database, {
      now: () => clock,
      env: { IMAGE_ENCODE_LIMIT: '3' },
    });
  });
  afterAll(() => app.close());

  const get = (query: string, ip: string) =>
    app.inject({ method: 'GET', url: `${cover}${query}`, remoteAddress: ip });

  it('answers 429 past the budget, serves kept variants and the original meanwhile', async () => {
    for (const query of ['?width=100', '?width=200', '?format=webp']) {
      expect((await get(query, '198.51.100.1')).statusCode).toBe(200);
    }
    const refused = await get('?width=300', '198.51.100.1');
    expect(refused.statusCode).toBe(429);
    expect(firstError(refused.json())).toEqual({
      _code: 'rate_limited',
      _context: 'image',
      _description: 'Too many new image sizes. Please try again in a minute.',
      _extra: { retry_after_seconds: 60 },
    });
    expect(refused.headers['cache-control']).not.toContain('immutable');
    // kept variants and the original cost no encode: served to the limited address
    for (const query of ['?width=100', '?format=webp', '']) {
      expect((await get(query, '198.51.100.1')).statusCode).toBe(200);
    }
    // another address encodes the size; then it is kept, and the limited address gets it too
    expect((await get('?width=300', '198.51.100.2')).statusCode).toBe(200);
    expect((await get('?width=300', '198.51.100.1')).statusCode).toBe(200);
    expect((await get('?width=400', '198.51.100.1')).statusCode).toBe(429);
    // a minute on, the address may encode again
    clock = new Date(START.getTime() + 60_000);
    expect((await get('?width=400', '198.51.100.1')).statusCode).toBe(200);
  });
});
