import { sql } from 'drizzle-orm';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './connection';
import { appliedMigrationCount, shippedMigrationCount } from './migration-state';
import { pgliteTemplateFor } from './pglite-template';
import { writePgliteTemplate } from './pglite-template-make';

/**
 * A fresh install's first start loads the build's migrated empty database instead of running
 * initdb and the migrations (decision 0110); a folder that holds a database is never touched,
 * and a template another PGlite made is left alone.
 */
describe('the PGlite template', () => {
  let dir: string;
  let template: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'admit-template-'));
    template = join(dir, 'template.tar');
    await writePgliteTemplate(template);
  }, 120_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('starts an empty folder at every migration, and leaves a folder with a database as it is', async () => {
    const dataDir = join(dir, 'data');
    const first = await openDatabase({ dataDir, template });
    try {
      // before this process migrates anything: the template's own
      expect(await appliedMigrationCount(first.db)).toBe(await shippedMigrationCount());
      await first.migrate();
      await first.db.execute(sql`create table kept (n int)`);
      await first.db.execute(sql`insert into kept values (7)`);
    } finally {
      await first.close();
    }
    expect(await pgliteTemplateFor(dataDir, template)).toBeUndefined();
    const again = await openDatabase({ dataDir, template });
    try {
      const { rows } = await again.db.execute<{ n: number }>(sql`select n from kept`);
      expect(rows).toEqual([{ n: 7 }]);
    } finally {
      await again.close();
    }
  }, 120_000);

  it('is not used when another PGlite made it, or when there is none', async () => {
    expect(await pgliteTemplateFor('memory://', template)).toBeInstanceOf(Blob);
    await writeFile(`${template}.json`, JSON.stringify({ pglite: '0.0.1' }));
    expect(await pgliteTemplateFor('memory://', template)).toBeUndefined();
    const other = await openDatabase({ dataDir: 'memory://', template });
    try {
      expect(await appliedMigrationCount(other.db)).toBe(0);
    } finally {
      await other.close();
    }
    expect(await pgliteTemplateFor('memory://', join(dir, 'none.tar'))).toBeUndefined();
  }, 120_000);
});
