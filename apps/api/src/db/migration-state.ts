import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_DIR, type Db } from './connection';
import { sqlStateOf } from './transaction';

// undefined_table, invalid_schema_name: nothing has migrated this database yet
const NOT_YET_CREATED = new Set(['42P01', '3F000']);

/** How many migrations this build ships (drizzle-kit's journal beside them). */
export async function shippedMigrationCount(dir = MIGRATIONS_DIR): Promise<number> {
  const journal = JSON.parse(await readFile(join(dir, 'meta/_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/**
 * How many migrations the database records as applied (drizzle's own table), 0 before the first
 * migrator made it. Read from the database, not from this process: a server waiting for another
 * one's migration run sees it finish, and so does one started on a database migrated by
 * `npm run db:migrate`. Any other failure (unreachable, timed out) is thrown.
 */
export async function appliedMigrationCount(db: Db): Promise<number> {
  try {
    const { rows } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    return rows[0]?.n ?? 0;
  } catch (err) {
    if (NOT_YET_CREATED.has(sqlStateOf(err) ?? '')) return 0;
    throw err;
  }
}
