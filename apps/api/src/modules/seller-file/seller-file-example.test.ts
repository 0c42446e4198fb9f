import { fileURLToPath } from 'node:url';
import { count, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { eventSession, eventTemplate, ticketType } from '@/db/schema/catalog';
import { seller } from '@/db/schema/identity';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { openPgliteTestDatabase } from '@/testing/test-database';
import { exportSeller, importSellerFile, readSellerFile } from './service';

const EXAMPLE = fileURLToPath(
  new URL('../../../../../docs/examples/seller.example.yaml', import.meta.url),
);
const NOW = new Date('2026-03-01T15:00:00Z');

describeEachDatabase('the example seller file', (ctx) => {
  let loaded: Awaited<ReturnType<typeof readSellerFile>>;
  beforeAll(async () => {
    loaded = await readSellerFile(EXAMPLE);
  });

  it('imports, and a second import changes nothing', async () => {
    const first = await importSellerFile(ctx.db, loaded.file, { now: NOW, images: loaded.images });
    expect(first.lines).toContain('+ event general-entry');
    const counts = async () => ({
      events: (await ctx.db.select({ n: count() }).from(eventTemplate))[0]!.n,
      types: (await ctx.db.select({ n: count() }).from(ticketType))[0]!.n,
      sessions: (await ctx.db.select({ n: count() }).from(eventSession))[0]!.n,
    });
    const before = await counts();
    const dry = await importSellerFile(ctx.db, loaded.file, {
      now: NOW,
      images: loaded.images,
      dryRun: true,
    });
    expect(dry.lines).toEqual([]);
    const second = await importSellerFile(ctx.db, loaded.file, { now: NOW, images: loaded.images });
    expect(second.lines).toEqual([]);
    expect(await counts()).toEqual(before);
    const [row] = await ctx.db.select().from(seller).where(eq(seller.slug, 'lakeside-science'));
    expect(row!.name).toBe('Lakeside Science Centre');
  });

  it('exports a file that imports into an empty database and exports the same', async () => {
    const exported = (await exportSeller(ctx.db, 'lakeside-science'))!;
    const other = await openPgliteTestDatabase();
    try {
      const images = new Map(
        [...exported.images].map(([path, bytes]) => {
          const stored = loaded.images.get(`images/${path.split('/').at(-1)}`)!;
          return [path, { ...stored, bytes }] as const;
        }),
      );
      await importSellerFile(other.database.db, exported.file, { now: NOW, images });
      const again = (await exportSeller(other.database.db, 'lakeside-science'))!;
      expect(again.yaml).toEqual(exported.yaml);
    } finally {
      await other.dispose();
    }
  });
});
