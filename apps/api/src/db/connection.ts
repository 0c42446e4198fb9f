import type { PGlite, PGliteOptions } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { fileURLToPath } from 'node:url';
import * as aftersaleTables from './schema/aftersale';
import * as cartTables from './schema/cart';
import * as catalogTables from './schema/catalog';
import * as codesTables from './schema/codes';
import * as identityTables from './schema/identity';
import * as mailTables from './schema/mail';
import * as membershipTables from './schema/memberships';
import * as officeTables from './schema/office';
import * as paymentsTables from './schema/payments';
import * as paymentPlanTables from './schema/payment-plans';
import * as seatTables from './schema/seats';
import * as sellerApiTables from './schema/seller-api';
import * as sessionTables from './schema/sessions';
import * as ticketScanTables from './schema/ticket-scans';
import { lockDataDir } from './data-dir-lock';
import { withMigrationLock } from './migration-lock';
import { pgliteOptions } from './pglite-settings';
import { pgliteTemplateFor } from './pglite-template';
import { DIRECT_POOL_SIZE, preparedOn, type PreparedExecute } from './prepared';
import { createReadRouter, type ReadRouter } from './read-replica';

// every table, for drizzle's relational API (one file per area: db/schema/*.ts)
const schema = {
  ...aftersaleTables,
  ...cartTables,
  ...catalogTables,
  ...codesTables,
  ...identityTables,
  ...mailTables,
  ...membershipTables,
  ...officeTables,
  ...paymentsTables,
  ...paymentPlanTables,
  ...seatTables,
  ...sellerApiTables,
  ...sessionTables,
  ...ticketScanTables,
};

/**
 * What a raw `execute` answers on either driver: PGlite's `Results` and node-postgres's
 * `QueryResult` both carry the rows as `rows`, which is all the app reads of them.
 */
export interface QueryRowsHKT extends PgQueryResultHKT {
  type: QueryRows<this['row']>;
}
interface QueryRows<Row> {
  rows: Row[];
}

/**
 * The app's database over both drivers: drizzle's common `PgDatabase`, so `execute<Row>()`
 * answers typed `rows` and neither driver's own result type leaks into the modules.
 */
export type Db = PgDatabase<QueryRowsHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Applies the pending migrations. `signal` ends a wait for another server's migration lock
   * (PostgreSQL) with an AbortError; a migration once begun is never interrupted.
   */
  migrate(signal?: AbortSignal): Promise<void>;
  /** where cached reads go: a streaming replica when one is given and caught up (decision 0097) */
  reads: ReadRouter;
  /**
   * The hot statements' way (decision 0118): a named prepared statement on a direct connection
   * to the primary, planned once per connection instead of once per call. Null without a
   * direct URL (through pgbouncer in transaction mode the next transaction may run on a server
   * connection that never prepared it) and on PGlite; callers then use `db`.
   */
  prepared: PreparedExecute | null;
  close(): Promise<void>;
}

const REPLICA_CONNECT_TIMEOUT_MS = 2_000;

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

export type DatabaseOptions =
  | {
      url: string;
      poolSize?: number;
      /** a streaming replica for cached reads (DATABASE_READ_URL, decision 0097) */
      readUrl?: string;
      /** the longest a cached read waits for the replica to catch up before reading the primary */
      replicaWaitMs?: number;
      /** a direct connection to the primary, never through pgbouncer (DATABASE_LISTEN_URL) */
      directUrl?: string;
    }
  | {
      dataDir: string;
      /** the migrated empty database an empty folder starts from (tests name their own) */
      template?: string;
    }
  | { pglite: PGlite };

/**
 * The one connection module: PostgreSQL when a URL is given, otherwise embedded PGlite
 * (on disk under DATA_DIR, or in memory with "memory://"). Both run the same migrations. Each
 * driver is imported when chosen: a server on PostgreSQL never loads PGlite, nor one on
 * PGlite the pg pool (decision 0072).
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('url' in options) {
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 20 });
    // An idle client whose connection the server ends (restart, failover, a dropped test
    // database) emits 'error' on the pool; pg has already discarded it, and queries in flight
    // fail on their own. Without a listener Node would treat it as an uncaught exception.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema });
    // an unreachable replica must fail a read soon, so that the primary answers it
    // (http/replica-read.ts); pg's default is to wait for the operating system's TCP timeout
    const replicaPool = options.readUrl
      ? new pg.Pool({
          connectionString: options.readUrl,
          max: options.poolSize ?? 20,
          connectionTimeoutMillis: REPLICA_CONNECT_TIMEOUT_MS,
        })
      : null;
    replicaPool?.on('error', () => {});
    const replica = replicaPool ? drizzlePg(replicaPool, { schema }) : null;
    const directPool = options.directUrl
      ? new pg.Pool({ connectionString: options.directUrl, max: DIRECT_POOL_SIZE })
      : null;
    directPool?.on('error', () => {});
    return {
      db,
      kind: 'postgres',
      reads: createReadRouter({ primary: db, replica, waitMs: options.replicaWaitMs ?? 100 }),
      prepared: directPool ? preparedOn(directPool) : null,
      // servers started together share the database: one migrates, the others wait for it
      migrate: (signal) =>
        withMigrationLock(pool, () => migratePg(db, { migrationsFolder: MIGRATIONS_DIR }), {
          signal,
        }),
      close: async () => {
        await Promise.all([pool.end(), replicaPool?.end(), directPool?.end()]);
      },
    };
  }
  if ('pglite' in options) return pgliteDatabase(options.pglite, async () => {});
  // a folder on disk has one user at a time (data-dir-lock.ts); memory:// has no folder
  const onDisk = !options.dataDir.includes('://');
  const unlock = onDisk ? await lockDataDir(options.dataDir) : async () => {};
  // read while PGlite starts PostgreSQL, not after it (decision 0114); observed here so that a
  // failed open reports its own error, not this load's
  const adapter = loadPgliteAdapter();
  adapter.catch(() => {});
  try {
    // an empty folder starts from the build's migrated database (decision 0110)
    const loadDataDir = await pgliteTemplateFor(options.dataDir, options.template);
    const client = await createPglite({
      dataDir: options.dataDir,
      ...(loadDataDir ? { loadDataDir } : {}),
    });
    return await pgliteDatabase(client, unlock, adapter);
  } catch (error) {
    await unlock();
    throw error;
  }
}

/**
 * A PGlite with the app's database and settings (pglite-settings.ts): on disk, in memory (no
 * `dataDir`), or loaded from a dump. Every PGlite the app or its tests open comes from here.
 */
export async function createPglite(
  options: Pick<PGliteOptions, 'dataDir' | 'loadDataDir'> = {},
): Promise<PGlite> {
  const { PGlite } = await import('@electric-sql/pglite');
  return PGlite.create({ ...options, ...pgliteOptions(PGlite) });
}

/** drizzle's PGlite driver and migrator, loaded only by a server on PGlite. */
function loadPgliteAdapter() {
  return Promise.all([import('drizzle-orm/pglite'), import('drizzle-orm/pglite/migrator')]);
}

async function pgliteDatabase(
  client: PGlite,
  unlock: () => Promise<void>,
  adapter = loadPgliteAdapter(),
): Promise<Database> {
  const [{ drizzle: drizzlePglite }, { migrate: migratePglite }] = await adapter;
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    reads: createReadRouter({ primary: db, replica: null, waitMs: 0 }),
    prepared: null,
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    close: async () => {
      await client.close();
      await unlock();
    },
  };
}
