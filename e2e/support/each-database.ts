import { describe } from 'vitest';
import { useBrowserPage, type BrowserFixture } from './page-fixture';
import { TEST_DATABASE_URL } from './postgres-database';
import type { E2eDatabase } from './server';

const DATABASES: E2eDatabase[] = ['PGlite', 'PostgreSQL'];

/**
 * Declares a block once per database (decision 0108): PGlite always, PostgreSQL when
 * TEST_DATABASE_URL is set. Without it the PostgreSQL block is skipped, and its name says why.
 * The block starts its server on the database it is given.
 */
export function describeOnEachDatabase(name: string, block: (database: E2eDatabase) => void): void {
  for (const database of DATABASES) {
    const skipped = database === 'PostgreSQL' && !TEST_DATABASE_URL;
    const title = skipped
      ? `${name} [${database}: skipped, TEST_DATABASE_URL is not set]`
      : `${name} [${database}]`;
    describe.skipIf(skipped)(title, () => block(database));
  }
}

/**
 * A browser block once per database: on PGlite against the suite's shared server, and on
 * PostgreSQL against a server of its own on a throw-away database (`startServer`).
 */
export function describeEachDatabase(name: string, block: (fx: BrowserFixture) => void): void {
  describeOnEachDatabase(name, (database) => {
    const fx =
      database === 'PGlite'
        ? useBrowserPage()
        : useBrowserPage({
            database,
            logName: `server-postgres-${name.replace(/[^a-z0-9]+/gi, '-')}.log`,
            startupTimeoutMs: 300_000,
          });
    block(fx);
  });
}
