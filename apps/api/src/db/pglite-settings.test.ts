import { afterEach, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from './connection';
import { PGLITE_DATABASE, PGLITE_SETTINGS } from './pglite-settings';

let root: string;
afterEach(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

async function settingsOf(dataDir: string) {
  const database = await openDatabase({ dataDir });
  try {
    const { rows } = await database.db.execute<{ buffers: string; database: string }>(
      sql`select current_setting('shared_buffers') as buffers, current_database() as database`,
    );
    return rows[0];
  } finally {
    await database.close();
  }
}

describe('PGlite starts with the app’s settings (decision 0109)', () => {
  it('whatever the folder’s postgresql.conf says, and in the database PGlite 0.3 used', async () => {
    root = await mkdtemp(join(tmpdir(), 'admit-pglite-settings-'));
    const dir = join(root, 'pglite');
    const expected = { buffers: PGLITE_SETTINGS.shared_buffers, database: PGLITE_DATABASE };
    expect(await settingsOf(dir)).toEqual(expected);

    // a folder made by PGlite 0.3 says 400kB (a new one 128MB): the start parameters win
    const conf = join(dir, 'postgresql.conf');
    const text = await readFile(conf, 'utf8');
    await writeFile(conf, text.replace(/^shared_buffers = \S+/m, 'shared_buffers = 400kB'));
    expect(await readFile(conf, 'utf8')).toMatch(/^shared_buffers = 400kB/m);
    expect(await settingsOf(dir)).toEqual(expected);
  });
});
