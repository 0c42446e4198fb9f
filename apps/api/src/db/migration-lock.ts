import { randomUUID } from 'node:crypto';
import type pg from 'pg';

/**
 * One migrator at a time on a PostgreSQL database (issue 22, hostile finding 9): two servers
 * started together on an empty database both ran the migrations, and the second crashed on
 * "relation already exists". The lock is one row, `migration_lock` (id 1), claimed with
 * `INSERT … ON CONFLICT DO UPDATE … WHERE the lease has run out` — a single conditional
 * statement, so of any number of claimants exactly one gets the row back; the others wait and
 * claim again.
 *
 * Why a leased row and not `pg_advisory_lock` or `LOCK TABLE`: the house rule is no advisory
 * locks, and both are session or transaction state that distributed PostgreSQL-compatible
 * engines (CockroachDB, YugabyteDB, Spanner's PG dialect) lack or only emulate, and that a
 * transaction-mode pooler (PgBouncer) loses between statements; `LOCK TABLE` would also hold
 * one transaction open around the whole run. A row with an expiry is plain SQL everywhere and
 * survives a crash: a migrator that died holding it is taken over once its lease runs out. The
 * holder renews the lease while it works, so a long migration is never taken over. Expiry is
 * read on the database's clock (`now()`), so servers with skewed clocks agree.
 */

export interface MigrationLockOptions {
  /** how long a claim lasts without renewal (default 60 s); renewed every third of it */
  leaseMs?: number;
  /** how often a waiting migrator claims again (default 250 ms) */
  pollMs?: number;
  /** give up waiting after this long (default 10 min) */
  timeoutMs?: number;
  /** ends the wait (a server stopping while another migrates, decision 0082) with an AbortError */
  signal?: AbortSignal;
}

type Queryable = Pick<pg.Pool, 'query'>;

// a concurrent CREATE … IF NOT EXISTS can still fail on the catalogue's unique index (23505),
// as a duplicate table (42P07) or as the duplicate row type PostgreSQL makes with the table
// (42710 "type … already exists", seen in CI with three servers starting together)
const ALREADY_MADE = new Set(['23505', '42P07', '42710']);

async function ensureLockTable(db: Queryable) {
  try {
    await db.query(
      `create table if not exists migration_lock (
         id integer primary key,
         holder text not null,
         expires_at timestamptz not null
       )`,
    );
  } catch (error) {
    if (!ALREADY_MADE.has((error as { code?: string }).code ?? '')) throw error;
  }
}

/** Claims the lock for `holder` if it is free or its lease ran out; true when claimed. */
async function claim(db: Queryable, holder: string, leaseMs: number): Promise<boolean> {
  const { rows } = await db.query(
    `insert into migration_lock (id, holder, expires_at)
     values (1, $1, now() + $2::integer * interval '1 millisecond')
     on conflict (id) do update set holder = excluded.holder, expires_at = excluded.expires_at
       where migration_lock.expires_at < now()
     returning holder`,
    [holder, leaseMs],
  );
  return rows.length === 1;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `work` holding the database's migration lock, waiting for another holder to finish. */
export async function withMigrationLock<T>(
  db: Queryable,
  work: () => Promise<T>,
  options: MigrationLockOptions = {},
): Promise<T> {
  const { leaseMs = 60_000, pollMs = 250, timeoutMs = 600_000, signal } = options;
  const holder = randomUUID();
  await ensureLockTable(db);
  const deadline = Date.now() + timeoutMs;
  while (!(await claim(db, holder, leaseMs))) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the migration lock');
    signal?.throwIfAborted();
    await sleep(pollMs);
    signal?.throwIfAborted();
  }
  const renew = setInterval(() => {
    db.query(
      `update migration_lock set expires_at = now() + $2::integer * interval '1 millisecond'
       where id = 1 and holder = $1`,
      [holder, leaseMs],
    ).catch(() => {});
  }, leaseMs / 3);
  renew.unref();
  try {
    return await work();
  } finally {
    clearInterval(renew);
    await db.query(`delete from migration_lock where id = 1 and holder = $1`, [holder]);
  }
}
