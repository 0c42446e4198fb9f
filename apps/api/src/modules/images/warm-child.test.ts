import type * as childProcess from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { beforeAll, expect, it, vi } from 'vitest';
import sharp from 'sharp';
import { imagePath } from '@admit/contracts/images';
import { image, imageVariant } from '@/db/schema/catalog';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeEvent, makeMeta, makeSeller } from '@/testing/factories';
import { findMissingStandardVariants } from './standard-variants';

// every child process the server forks, to see that each one is gone when it should be
const forked = vi.hoisted(() => [] as ChildProcess[]);
vi.mock('node:child_process', async (importOriginal) => {
  const actual = await importOriginal<typeof childProcess>();
  const fork = (...args: Parameters<typeof actual.fork>) => {
    const child = actual.fork(...args);
    forked.push(child);
    return child;
  };
  return { ...actual, default: { ...actual, fork }, fork };
});
// the server process never loads sharp to warm: here it would fail every encode (decision 0078)
vi.mock('@/lib/sharp', () => ({
  loadSharp: () => Promise.reject(new Error('sharp loaded in the server process')),
}));

const NOW = '2026-03-01T15:00:00Z';
const gone = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/**
 * The image warming job encodes in a child process that leaves once the job has nothing to do
 * and when the server stops, so libvips' memory is never the server's (issue 26, decision 0078).
 */
describeEachDatabase('image warming in a child process', (ctx) => {
  const covers = async (slug: string, count: number) => {
    const owner = await makeSeller(ctx.db, { slug });
    for (let i = 0; i < count; i++) {
      const bytes = await sharp({
        create: { width: 1600, height: 900, channels: 3, background: `#33${i}${i}99` },
      })
        .jpeg()
        .toBuffer();
      await ctx.db.insert(image).values({
        sellerId: owner.id,
        name: `cover-${i}.jpg`,
        contentType: 'image/jpeg',
        bytes: bytes.toString('base64'),
        width: 1600,
        height: 900,
      });
      const row = await makeEvent(ctx.db, owner);
      await makeMeta(
        ctx.db,
        row,
        'event_template',
        'image_cover',
        imagePath(slug, `cover-${i}.jpg`),
      );
    }
  };
  const storedCount = async () => (await ctx.db.select().from(imageVariant)).length;
  const missingCount = async () =>
    (await findMissingStandardVariants(ctx.db, { limit: 1000 })).length;

  beforeAll(async () => {
    await covers('child-warm', 1);
  });

  it('keeps every standard size through the child, which leaves once nothing is missing', async () => {
    forked.length = 0;
    const app = await buildTestApp(ctx.database, { now: NOW, env: { IMAGE_WARM_MS: '10' } });
    try {
      await vi.waitFor(async () => expect(await missingCount()).toBe(0), {
        timeout: 40_000,
        interval: 50,
      });
      expect(await storedCount()).toBeGreaterThan(0);
      expect(forked.length).toBeGreaterThan(0);
      // the pass that finds nothing lets the child go, while the server runs on
      await vi.waitFor(
        () => expect(forked.filter((child) => !gone(child)).map((child) => child.pid)).toEqual([]),
        {
          timeout: 10_000,
          interval: 20,
        },
      );
    } finally {
      await app.close();
    }
  }, 60_000);

  it('ends a child still encoding when the server stops', async () => {
    await ctx.db.delete(imageVariant);
    await covers('child-stop', 3);
    forked.length = 0;
    const app = await buildTestApp(ctx.database, { now: NOW, env: { IMAGE_WARM_MS: '10' } });
    let closed = false;
    try {
      // mid-way: a child running, some variants kept, many still to encode
      await vi.waitFor(
        async () => {
          expect(forked.some((child) => !gone(child))).toBe(true);
          expect(await storedCount()).toBeGreaterThan(0);
          expect(await missingCount()).toBeGreaterThan(8);
        },
        { timeout: 40_000, interval: 20 },
      );
      await app.close();
      closed = true;
      expect(forked.filter((child) => !gone(child)).map((child) => child.pid)).toEqual([]);
    } finally {
      if (!closed) await app.close();
      for (const child of forked) child.kill('SIGKILL');
    }
  }, 60_000);
});
