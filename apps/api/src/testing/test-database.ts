import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { createPglite, openDatabase, type Database } from '@/db/connection';

export type TestDatabaseKind = 'pglite' | 'postgres';

export interface TestDatabase {
  kind: TestDatabaseKind;
  database: Database;
  /** closes the connection and, on PostgreSQL, drops the throw-away database */
  dispose(): Promise<void>;
}

/** A private PGlite database loaded from the migrated dump made by global-setup.ts. */
export async function openPgliteTestDatabase(): Promise<TestDatabase> {
  const dump = await readFile(inject('pgliteTemplate'));
  const pglite = await createPglite({ loadDataDir: new Blob([dump]) });
  const database = await openDatabase({ pglite });
  return { kind: 'pglite', database, dispose: () => database.close() };
}

/** A short admin connection to `url` (create and drop throw-away databases). */
export async function withAdmin<T>(
  url: string,
  run: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * A throw-away PostgreSQL database created from `url` (its server, its credentials), migrated,
 * and dropped on dispose, so parallel files and repeated runs never see each other's rows.
 */
export async function openPostgresTestDatabase(
  url: string,
  poolSize = 5,
  /** `direct`: the database's own URL is also its direct connection (prepared statements) */
  options: { direct?: boolean } = {},
): Promise<TestDatabase> {
  const name = `admit_t_${randomBytes(6).toString('hex')}`;
  await withAdmin(url, (admin) => admin.query(`create database ${name}`));
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({
    url: target.toString(),
    poolSize,
    ...(options.direct ? { directUrl: target.toString() } : {}),
  });
  try {
    await database.migrate();
  } catch (err) {
    await database.close();
    await withAdmin(url, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    throw err;
  }
  return {
    kind: 'postgres',
    database,
    async dispose() {
      await database.close();
      await withAdmin(url, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}
