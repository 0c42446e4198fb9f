import { afterAll, beforeAll, describe } from 'vitest';
import type { Database, Db } from '@/db/connection';
import {
  openPgliteTestDatabase,
  openPostgresTestDatabase,
  type TestDatabase,
  type TestDatabaseKind,
} from './test-database';

export interface DatabaseContext {
  readonly kind: TestDatabaseKind;
  readonly database: Database;
  readonly db: Db;
}

/** The database kinds this run covers: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function testDatabaseKinds(): TestDatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * Runs a suite once per database kind, each in a fresh database of its own (created before the
 * block, disposed after it). Read `ctx.db` inside hooks and tests, not at definition time.
 */
export function describeEachDatabase(name: string, suite: (ctx: DatabaseContext) => void) {
  for (const kind of testDatabaseKinds()) {
    describe(`${name} [${kind}]`, () => {
      let handle: TestDatabase | undefined;
      const current = () => {
        if (!handle)
          throw new Error('the test database is opened in beforeAll; use ctx inside tests');
        return handle;
      };
      const ctx: DatabaseContext = {
        kind,
        get database() {
          return current().database;
        },
        get db() {
          return current().database.db;
        },
      };
      beforeAll(async () => {
        handle =
          kind === 'pglite'
            ? await openPgliteTestDatabase()
            : await openPostgresTestDatabase(process.env.TEST_DATABASE_URL!);
      });
      afterAll(async () => {
        await handle?.dispose();
        handle = undefined;
      });
      suite(ctx);
    });
  }
}
