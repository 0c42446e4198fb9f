import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { describe, expect, it } from 'vitest';
import { withAdmin } from '@/testing/test-database';
import { MIGRATIONS_DIR, openDatabase, type Database } from '@/db/connection';

/**
 * Servers started together on one fresh PostgreSQL database (issue 22, hostile finding 9):
 * every one of them migrates without error, the migrations run once; the CONTROL runs the same
 * migrators without the lock and sees one crash. PostgreSQL only (PGlite has one process).
 */

const url = process.env.TEST_DATABASE_URL;
const MIGRATORS = 3;

/** `MIGRATORS` connections to a fresh throw-away database, dropped after `run`. */
async function withFreshDatabase(run: (handles: Database[]) => Promise<void>) {
  const name = `admit_t_${randomBytes(6).toString('hex')}`;
  await withAdmin(url!, (admin) => admin.query(`create database ${name}`));
  const target = new URL(url!);
  target.pathname = `/${name}`;
  const handles: Database[] = [];
  try {
    for (let i = 0; i < MIGRATORS; i++) {
      handles.push(await openDatabase({ url: target.toString(), poolSize: 2 }));
    }
    await run(handles);
  } finally {
    await Promise.all(handles.map((h) => h.close()));
    await withAdmin(url!, (admin) => admin.query(`drop database if exists ${name} with (force)`));
  }
}

const journalLength = async () =>
  (
    JSON.parse(await readFile(join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
      entries: unknown[];
    }
  ).entries.length;

describe.skipIf(!url)('migrations: servers started together on one fresh database', () => {
  it('all migrate, the migrations run once, the lock is released', async () => {
    await withFreshDatabase(async (handles) => {
      const results = await Promise.allSettled(handles.map((h) => h.migrate()));
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
      const applied = await handles[0]!.db.execute<{ n: number }>(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect(applied.rows[0]!.n).toBe(await journalLength());
      const lock = await handles[0]!.db.execute(sql`select * from migration_lock`);
      expect(lock.rows).toEqual([]);
    });
  }, 120_000);

  it('a server stopping while another holds the lock stops waiting, migrating nothing', async () => {
    await withFreshDatabase(async ([waiting, other]) => {
      await other!.db.execute(sql`create table migration_lock (
        id integer primary key, holder text not null, expires_at timestamptz not null)`);
      await other!.db.execute(
        sql`insert into migration_lock values (1, 'the other server', now() + interval '1 hour')`,
      );
      const stop = new AbortController();
      const migrating = waiting!.migrate(stop.signal);
      // it waits (the lease has an hour left) until it is told to stop
      let settled = false;
      void migrating.catch(() => {}).finally(() => (settled = true));
      await new Promise((r) => setTimeout(r, 300));
      expect(settled).toBe(false);
      stop.abort();
      await expect(migrating).rejects.toMatchObject({ name: 'AbortError' });
      const applied = await other!.db.execute<{ n: number }>(
        sql`select count(*)::int as n from information_schema.tables where table_schema = 'drizzle'`,
      );
      expect(applied.rows[0]!.n).toBe(0);
    });
  }, 120_000);

  it('CONTROL: without the lock the same start crashes', async () => {
    await withFreshDatabase(async (handles) => {
      const results = await Promise.allSettled(
        handles.map((h) => migratePg(h.db as never, { migrationsFolder: MIGRATIONS_DIR })),
      );
      expect(results.some((r) => r.status === 'rejected')).toBe(true);
    });
  }, 120_000);
});
