import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import {
  EVENT_COVER,
  IMAGE_FORMATS,
  imagePath,
  imageSrcSet,
  listingTeaser,
  TEASER_DENSITIES,
  type ResponsiveImage,
} from '@admit/contracts/images';
import { image, imageVariant } from '@/db/schema/catalog';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeEvent, makeMeta, makeSeller, type SellerRow } from '@/testing/factories';
import { DEFAULT_TEASER_IMAGE_SIZE } from '@/modules/sellers/default-theme';
import { findMissingStandardVariants } from './standard-variants';
import { createVariantWarmer, IDLE_TICKS, WARM_BATCH } from './warm-variants';

const NOW = '2026-03-01T15:00:00Z';
const TEASER = { width: 100, height: 80 };
const ODD_NAME = 'Great Hall (ü) 50%.jpg';

const picture = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();

/**
 * The warming job encodes exactly the sizes the storefront asks for — every event cover at
 * `EVENT_COVER`'s candidates and every listing teaser at `listingTeaser`'s, in every format —
 * and then finds nothing to do (decision 0033).
 */
describeEachDatabase('image warming job', (ctx) => {
  let museum: SellerRow;
  let plain: SellerRow;
  /** every address the storefront builds for the pictures it draws */
  const storefrontUrls: string[] = [];

  beforeAll(async () => {
    museum = await makeSeller(ctx.db, {
      slug: 'warm-museum',
      config: { theme: { teaser_image_size: TEASER } },
    });
    plain = await makeSeller(ctx.db, { slug: 'warm-plain' });
    const store = async (owner: SellerRow, name: string, background: string) => {
      await ctx.db.insert(image).values({
        sellerId: owner.id,
        name,
        contentType: 'image/jpeg',
        bytes: (await picture(800, 450, background)).toString('base64'),
        width: 800,
        height: 450,
      });
      return imagePath(owner.slug, name);
    };
    const cover = await store(museum, 'cover.jpg', '#336699');
    const profile = await store(museum, 'profile.jpg', '#669933');
    const odd = await store(museum, ODD_NAME, '#993366');
    await store(museum, 'logo.jpg', '#000000'); // named by no event: never warmed
    const plainCover = await store(plain, 'plain-cover.jpg', '#999999');

    const event = async (
      owner: SellerRow,
      pictures: { cover?: string; profile?: unknown },
      hidden = false,
    ) => {
      const row = await makeEvent(ctx.db, owner, hidden ? { hiddenType: 'hidden' } : {});
      if (pictures.cover)
        await makeMeta(ctx.db, row, 'event_template', 'image_cover', pictures.cover);
      if (pictures.profile !== undefined)
        await makeMeta(ctx.db, row, 'event_template', 'image_profile', pictures.profile);
    };
    const want = (path: string, responsive: ResponsiveImage) =>
      IMAGE_FORMATS.flatMap((format) =>
        imageSrcSet(path, responsive, format)
          .split(', ')
          .map((candidate) => candidate.split(' ')[0]!),
      );
    // the cover and a profile teaser
    await event(museum, { cover, profile });
    storefrontUrls.push(...want(cover, EVENT_COVER), ...want(profile, listingTeaser(TEASER)));
    // no profile: the cover is the teaser too (a name that needs escaping in its address)
    await event(museum, { cover: odd }, true);
    storefrontUrls.push(...want(odd, EVENT_COVER), ...want(odd, listingTeaser(TEASER)));
    // a blank profile falls back to the cover; the same cover as the first event warms once
    await event(museum, { cover, profile: '  ' });
    storefrontUrls.push(...want(cover, listingTeaser(TEASER)));
    // a profile from elsewhere is not ours to warm
    await event(museum, { profile: 'https://cdn.example.test/teaser.jpg' });
    // a seller without a teaser size of its own gets the default one
    await event(plain, { cover: plainCover });
    storefrontUrls.push(
      ...want(plainCover, EVENT_COVER),
      ...want(plainCover, listingTeaser(DEFAULT_TEASER_IMAGE_SIZE)),
    );
  });
  afterEach(async () => {
    await ctx.db.delete(imageVariant);
  });

  const storedCount = async () => (await ctx.db.select().from(imageVariant)).length;
  /** passes until one finds nothing; how many each kept */
  const warmUntilDone = async (pass: () => Promise<number>) => {
    const keptPerPass: number[] = [];
    for (let passes = 0; passes < 200; passes++) {
      const before = await storedCount();
      if ((await pass()) === 0) return keptPerPass;
      keptPerPass.push((await storedCount()) - before);
    }
    throw new Error('the warming job never ran out of work');
  };

  it('keeps exactly the storefront’s standard sizes, a few per pass, then finds nothing to do', async () => {
    const unique = [...new Set(storefrontUrls)];
    const errors: unknown[] = [];
    const pass = createVariantWarmer({ db: ctx.db, onError: (err) => errors.push(err) });
    const perPass = await warmUntilDone(pass);
    expect(errors).toEqual([]);
    expect(Math.max(...perPass)).toBe(WARM_BATCH);
    expect(perPass.reduce((a, b) => a + b, 0)).toBe(unique.length);
    expect(await findMissingStandardVariants(ctx.db, { limit: 100 })).toEqual([]);

    // each address the storefront asks for is kept, under the key the route looks it up by
    const app = await buildTestApp(ctx.database, { now: NOW });
    try {
      for (const url of unique) {
        const res = await app.inject({
          method: 'GET',
          url,
          headers: { 'cache-control': 'only-if-cached' },
        });
        expect([url, res.statusCode]).toEqual([url, 200]);
      }
      // and nothing else: the logo, another size, the teaser of the outside profile
      for (const url of [
        `${imagePath('warm-museum', 'logo.jpg')}?width=480&format=avif`,
        `${imagePath('warm-museum', 'cover.jpg')}?width=640&format=avif`,
      ]) {
        const res = await app.inject({
          method: 'GET',
          url,
          headers: { 'cache-control': 'only-if-cached' },
        });
        expect([url, res.statusCode]).toEqual([url, 504]);
      }
    } finally {
      await app.close();
    }
    expect(await storedCount()).toBe(unique.length);
  });

  it('warms a replaced picture again and drops its old variants', async () => {
    const pass = createVariantWarmer({ db: ctx.db, onError: (err) => expect.fail(String(err)) });
    await warmUntilDone(pass);
    const [cover] = await ctx.db.select().from(image).where(eq(image.name, 'cover.jpg'));
    const coverRows = async () =>
      ctx.db.select().from(imageVariant).where(eq(imageVariant.imageId, cover!.id));
    const before = await coverRows();
    await ctx.db
      .update(image)
      .set({ bytes: (await picture(800, 450, '#cc3300')).toString('base64') })
      .where(eq(image.id, cover!.id));
    const missing = await findMissingStandardVariants(ctx.db, { limit: 100 });
    expect(missing.length).toBe(before.length);
    expect(new Set(missing.map((m) => m.imageId))).toEqual(new Set([cover!.id]));
    // the job had found nothing: it looks again only after IDLE_TICKS ticks
    for (let tick = 1; tick < IDLE_TICKS; tick++) expect(await pass()).toBe(0);
    expect(await coverRows()).toEqual(before);
    await warmUntilDone(pass);
    const after = await coverRows();
    const [current] = await ctx.db.select().from(image).where(eq(image.id, cover!.id));
    expect(after).toHaveLength(before.length);
    expect(new Set(after.map((row) => row.sourceHash))).toEqual(new Set([current!.contentHash]));
  });

  it('runs on IMAGE_WARM_MS once the app is ready', async () => {
    const app = await buildTestApp(ctx.database, { now: NOW, env: { IMAGE_WARM_MS: '10' } });
    try {
      await vi.waitFor(
        async () => expect(await findMissingStandardVariants(ctx.db, { limit: 1 })).toEqual([]),
        { timeout: 20_000, interval: 50 },
      );
    } finally {
      await app.close();
    }
  });

  it('stays off with IMAGE_WARM_MS=0 (the tests’ default): nothing is encoded', async () => {
    const app = await buildTestApp(ctx.database, { now: NOW });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await app.close();
    expect(await storedCount()).toBe(0);
  });
  it('skips a picture sharp cannot read, once reported, instead of retrying it every pass', async () => {
    const owner = await makeSeller(ctx.db, { slug: 'warm-broken' });
    await ctx.db.insert(image).values({
      sellerId: owner.id,
      name: 'broken.jpg',
      contentType: 'image/jpeg',
      bytes: Buffer.from('not a picture').toString('base64'),
      width: 800,
      height: 450,
    });
    const row = await makeEvent(ctx.db, owner);
    await makeMeta(
      ctx.db,
      row,
      'event_template',
      'image_cover',
      imagePath('warm-broken', 'broken.jpg'),
    );
    const failed: string[] = [];
    const pass = createVariantWarmer({
      db: ctx.db,
      onError: (_err, imageId) => failed.push(imageId),
    });
    await warmUntilDone(pass);
    const [broken] = await ctx.db.select().from(image).where(eq(image.name, 'broken.jpg'));
    expect(failed).toEqual([broken!.id]);
    // everything else is kept; the broken picture's cover and teaser sizes stay missing
    const missing = await findMissingStandardVariants(ctx.db, { limit: 100 });
    expect(new Set(missing.map((m) => m.imageId))).toEqual(new Set([broken!.id]));
    expect(missing).toHaveLength(
      (EVENT_COVER.widths.length + TEASER_DENSITIES.length) * IMAGE_FORMATS.length,
    );
  });
});
