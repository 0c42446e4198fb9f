import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eventTemplate } from '@/db/schema/catalog';
import { seller } from '@/db/schema/identity';
import { withRetryingTransaction } from '@/db/transaction';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeEvent, makeSeller } from '@/testing/factories';
import { parseSellerFile } from './parse-file';
import { sanitizeStoredDescriptions } from './sanitize-stored-descriptions';
import { tourShopFile } from './seller-file.test-kit';
import { importInTransaction, importSellerFile } from './service';

/**
 * Every way a description is stored leaves it sanitised (decision 0086): the seller file
 * (the CLI's importSellerFile), the staff API's import, the demo seed's importInTransaction,
 * and the start-up step for rows stored before; the API then serves only the sanitised markup.
 */

const NOW = new Date('2026-03-01T15:00:00Z');
const STAFF_KEY = 'test-staff-key-0123456789-0123456789';

const DIRTY =
  '<p onclick="steal()">Visit <img src="x" onerror="steal()"><script>steal()</script>' +
  '<a href="javascript:steal()">here</a> <a href=" JaVa&#x09;ScRiPt:steal()">or here</a>' +
  '<svg><circle onload="steal()"/></svg><b>today</b></p>';
const CLEAN = '<p>Visit <img src="x"><a>here</a> <a>or here</a><b>today</b></p>';
const UNSAFE = /<script|\son\w+\s*=|javascript:/i;

const fileWithDescription = (slug: string) =>
  tourShopFile({ slug }).replace(
    '    type: repeating\n',
    `    type: repeating\n    description: ${JSON.stringify(DIRTY)}\n`,
  );

describeEachDatabase('descriptions are stored sanitised by every write path', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW, env: { STAFF_KEY, MAIL_POLL_MS: '0' } });
  });
  afterAll(() => app.close());

  const storedOf = async (slug: string) => {
    const [row] = await ctx.db
      .select({ id: eventTemplate.id, description: eventTemplate.description })
      .from(eventTemplate)
      .innerJoin(seller, eq(seller.id, eventTemplate.sellerId))
      .where(eq(seller.slug, slug));
    return row!;
  };
  const servedOf = async (slug: string, id: string) => {
    const res = await app.inject(`/api/events/${id}?_seller=${slug}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { event_template: { _data: { description: string }[] } }).event_template
      ._data[0]!.description;
  };
  const expectClean = async (slug: string) => {
    const stored = await storedOf(slug);
    expect(stored.description).toBe(CLEAN);
    const served = await servedOf(slug, stored.id);
    expect(served).toBe(CLEAN);
    expect(served).not.toMatch(UNSAFE);
  };

  it('the seller file (CLI), and a second import of it changes nothing', async () => {
    const file = parseSellerFile(fileWithDescription('cli-shop'), 'cli-shop.yaml');
    expect(file.events![0]!.description).toMatch(UNSAFE);
    await importSellerFile(ctx.db, file, { now: NOW, images: new Map() });
    await expectClean('cli-shop');
    const again = await importSellerFile(ctx.db, file, {
      now: NOW,
      images: new Map(),
      dryRun: true,
    });
    expect(again.plan.changes).toEqual([]);
  });

  it('the staff API import', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/admin/api/staff/seller_file?dry_run=false',
      headers: { authorization: `Bearer ${STAFF_KEY}` },
      payload: { file_name: 'api-shop.yaml', text: fileWithDescription('api-shop'), pictures: [] },
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectClean('api-shop');
  });

  it("the demo seed's import (in the caller's transaction)", async () => {
    const file = parseSellerFile(fileWithDescription('seed-shop'), 'seed-shop.yaml');
    await withRetryingTransaction(ctx.db, (tx) =>
      importInTransaction(tx, file, { now: NOW, images: new Map() }),
    );
    await expectClean('seed-shop');
  });

  it('rows stored before are sanitised once at start-up', async () => {
    const owner = await makeSeller(ctx.db);
    const old = await makeEvent(ctx.db, owner, { description: DIRTY });
    const empty = await makeEvent(ctx.db, owner, { description: null });
    expect(await sanitizeStoredDescriptions(ctx.db)).toBeGreaterThanOrEqual(1);
    await expectClean(owner.slug);
    expect((await storedOf(owner.slug)).id).toBe(old.id);
    // marked: the next start rewrites nothing
    expect(await sanitizeStoredDescriptions(ctx.db)).toBe(0);
    const [rest] = await ctx.db
      .select({ description: eventTemplate.description })
      .from(eventTemplate)
      .where(eq(eventTemplate.id, empty.id));
    expect(rest!.description).toBeNull();
  });
});
