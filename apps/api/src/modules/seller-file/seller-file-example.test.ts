import { fileURLToPath } from 'node:url';
import { count, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { type eventTemplate, ticketType } from '@/db/schema/catalog';
import { eventSession } from '@/db/schema/sessions';
import { seller } from '@/db/schema/identity';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { openPgliteTestDatabase } from '@/testing/test-database';
import { TABLES } from './rows';
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
    expect(first.lines).toContain('+ 96 seats of seat layout planetarium');
    // every table an import writes, and every value it wrote (the export, and the sessions)
    const counts = async () =>
      Object.fromEntries(
        await Promise.all(
          Object.entries(TABLES).map(async ([name, table]) => [
            name,
            (await ctx.db.select({ n: count() }).from(table as typeof eventTemplate))[0]!.n,
          ]),
        ),
      );
    const state = async () => ({
      counts: await counts(),
      file: (await exportSeller(ctx.db, 'lakeside-science'))!.yaml,
      sessions: await ctx.db.select().from(eventSession).orderBy(eventSession.id),
      types: await ctx.db.select().from(ticketType).orderBy(ticketType.id),
    });
    const before = await state();
    expect(before.counts.event_session).toBeGreaterThan(1000);
    const dry = await importSellerFile(ctx.db, loaded.file, {
      now: NOW,
      images: loaded.images,
      dryRun: true,
    });
    expect(dry.lines).toEqual([]);
    const second = await importSellerFile(ctx.db, loaded.file, { now: NOW, images: loaded.images });
    expect(second.lines).toEqual([]);
    expect(await state()).toEqual(before);
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
