import { randomBytes } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { mkdirSync } from 'node:fs';
import pg from 'pg';
import { startServer } from '../e2e/support/server';
import { benchTmpDir } from './paths';
import { childPid, jsonPoster, ownCpuMs, postgresCpuMs, processCpuMs } from './rush-client';
import { renderReserveRush } from './reserve-rush-report';
import { writeSection } from './results';
import { storefrontStub } from './storefront-stub';

/**
 * The reserve rush (issue "Benchmark"): CLIENTS concurrent clients reserve one ticket at a time
 * on ONE session through the real server (`node apps/api/dist/main.mjs`) on a
 * throw-away PostgreSQL database, beside the same conditional UPDATE sent straight to
 * PostgreSQL by a plain `pg` loop of the same concurrency and pool size. Reports
 * reservations/s, p50/p99 latency and the oversell count (which must be 0).
 */

export const RUSH_CLIENTS = Number(process.env.RUSH_CLIENTS ?? 200);
const PER_CLIENT = 15;
/** the last wave finds the session sold out, so the race for the final places is measured too */
const CAPACITY = RUSH_CLIENTS * PER_CLIENT - RUSH_CLIENTS;
const POOL_SIZE = 20; // the server's pool (db/connection.ts default)
export const RUSH_TARGET_RATIO = 0.5;
export const RUSH_TARGET_P99_MS = 100;

export interface RushRun {
  attempts: number;
  held: number;
  soldOut: number;
  errors: number;
  seconds: number;
  reservationsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** places held beyond capacity + oversell (plus any counter/ticket mismatch) */
  oversold: number;
  /** CPU per attempt (ms): the API server (null for raw SQL), the driving clients, PostgreSQL */
  cpuMsPerAttempt: { server: number | null; clients: number; postgres: number };
}

export interface ReserveRushResult {
  clients: number;
  perClient: number;
  capacity: number;
  poolSize: number;
  http: RushRun;
  raw: RushRun;
  ratio: number;
  /** 1-minute load average when the run started: other work on the machine skews the numbers */
  loadAverage: number;
  /** when the run started (the section can be rewritten alone, apart from the file's date) */
  ranAt: string;
  /** 1-minute load average when the run ended */
  loadAverageEnd: number;
  cpus: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? 0
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

export async function withClient<T>(url: string, run: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** One seller, event, group (unlimited), type and a session per run. */
export async function seedRush(url: string, capacity = CAPACITY) {
  return withClient(url, async (c) => {
    const one = async (text: string, values: unknown[]) =>
      (await c.query(text, values)).rows[0].id as string;
    const seller = await one(
      `insert into seller (slug, name, currency, timezone) values ('rush', 'Rush', 'USD', 'UTC') returning id`,
      [],
    );
    const event = await one(
      `insert into event_template (seller_id, name, event_type) values ($1, 'Rush hour', 'repeating') returning id`,
      [seller],
    );
    const group = await one(
      `insert into ticket_group (seller_id, event_template_id, name) values ($1, $2, 'Admission') returning id`,
      [seller, event],
    );
    const type = await one(
      `insert into ticket_type (seller_id, ticket_group_id, name, amount) values ($1, $2, 'Adult', 2500) returning id`,
      [seller, group],
    );
    const session = (start: string) =>
      one(
        `insert into event_session (seller_id, event_template_id, start_datetime, end_datetime, capacity)
         values ($1, $2, $3::timestamptz, $3::timestamptz + interval '1 hour', $4) returning id`,
        [seller, event, start, capacity],
      );
    return {
      seller,
      event,
      type,
      warmup: await session('2099-01-01T10:00:00Z'),
      http: await session('2099-01-01T11:00:00Z'),
      raw: await session('2099-01-01T12:00:00Z'),
    };
  });
}

/** Runs CLIENTS workers, each making PER_CLIENT attempts one after the other. */
export async function drive(
  meters: { database: string; serverPid: number | null },
  attempt: () => Promise<'held' | 'sold_out' | 'error'>,
) {
  const latencies: number[] = [];
  const counts = { held: 0, sold_out: 0, error: 0 };
  const serverCpu = () => (meters.serverPid === null ? 0 : processCpuMs(meters.serverPid));
  const cpuBefore = {
    server: serverCpu(),
    clients: ownCpuMs(),
    pg: postgresCpuMs(meters.database),
  };
  const started = performance.now();
  await Promise.all(
    Array.from({ length: RUSH_CLIENTS }, async () => {
      for (let i = 0; i < PER_CLIENT; i++) {
        const t0 = performance.now();
        counts[await attempt()]++;
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const per = (ms: number) => Math.round((ms / latencies.length) * 100) / 100;
  const cpuMsPerAttempt = {
    server: meters.serverPid === null ? null : per(serverCpu() - cpuBefore.server),
    clients: per(ownCpuMs() - cpuBefore.clients),
    postgres: per(postgresCpuMs(meters.database) - cpuBefore.pg),
  };
  latencies.sort((a, b) => a - b);
  return {
    cpuMsPerAttempt,
    attempts: latencies.length,
    held: counts.held,
    soldOut: counts.sold_out,
    errors: counts.error,
    seconds,
    reservationsPerSecond: counts.held / seconds,
    p50Ms: Math.round(percentile(latencies, 50)),
    p99Ms: Math.round(percentile(latencies, 99)),
  };
}

export async function oversoldOf(url: string, sessionId: string, countTickets: boolean) {
  return withClient(url, async (c) => {
    const { rows } = await c.query(
      `select s.capacity + s.oversell_capacity as places, s.used_capacity as used,
              (select count(*)::int from ticket t where t.event_session_id = s.id and t.state = 'in_cart') as held
         from event_session s where s.id = $1`,
      [sessionId],
    );
    const { places, used, held } = rows[0] as { places: number; used: number; held: number };
    const beyond = Math.max(0, used - places) + (countTickets ? Math.max(0, held - places) : 0);
    return beyond + (countTickets ? Math.abs(used - held) : 0);
  });
}

export async function httpRush(
  meters: { database: string; serverPid: number | null },
  baseUrl: string,
  typeId: string,
  sessionId: string,
) {
  const url = `${baseUrl}/api/my/cart/modify?_seller=rush`;
  const body = JSON.stringify({
    add: [
      {
        event_session_id: sessionId,
        ticket_types_required: [{ ticket_type_id: typeId, quantity: 1 }],
      },
    ],
  });
  const client = jsonPoster(RUSH_CLIENTS);
  try {
    return await drive(meters, async () => {
      const res = await client.post(url, body, { 'tix-app': 'ecomm' });
      if (res.status === 201) return 'held';
      return res.text.includes('"event_session_sold_out"') ? 'sold_out' : 'error';
    });
  } finally {
    client.close();
  }
}

export async function rawRush(database: string, url: string, sessionId: string) {
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE });
  try {
    // the pool's connections first, so their start-up is not counted as the UPDATEs' CPU
    const warm = await Promise.all(Array.from({ length: POOL_SIZE }, () => pool.connect()));
    for (const c of warm) c.release();
    return await drive({ database, serverPid: null }, async () => {
      const { rowCount } = await pool.query(
        `update event_session set used_capacity = used_capacity + $2
          where id = $1 and not sold_out
            and (capacity = -1 or used_capacity + $2 <= capacity + oversell_capacity)
          returning id`,
        [sessionId, 1],
      );
      return rowCount === 1 ? 'held' : 'sold_out';
    });
  } finally {
    await pool.end();
  }
}

/**
 * A throw-away database's name and address on the server of BENCH_DATABASE_URL /
 * TEST_DATABASE_URL (`admin`, where it is created and dropped).
 */
export function throwawayDatabaseName() {
  const admin =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/test';
  const name = `admit_bench_${randomBytes(5).toString('hex')}`;
  const target = new URL(admin);
  target.pathname = `/${name}`;
  return { admin, name, url: target.toString() };
}

/** Runs the rush once on a throw-away database created from BENCH_DATABASE_URL / TEST_DATABASE_URL. */
export async function measureReserveRush(): Promise<ReserveRushResult> {
  const { admin, name, url } = throwawayDatabaseName();
  const loadAverage = loadavg()[0] ?? 0;
  const ranAt = new Date().toISOString();
  mkdirSync(benchTmpDir, { recursive: true });
  await withClient(admin, (c) => c.query(`create database ${name}`));
  try {
    const server = await startServer({
      logDir: benchTmpDir,
      logName: 'reserve-rush-server.log',
      env: {
        DATABASE_URL: url,
        SEED_DEMO: 'false',
        // every rush client calls from 127.0.0.1: the per-address cart limit would cap the rush
        CART_CREATE_LIMIT: '0',
        LOG_LEVEL: 'error',
        STOREFRONT_DIST: storefrontStub(),
      },
    });
    try {
      const ids = await seedRush(url);
      const meters = { database: name, serverPid: childPid('apps/api/dist/main.mjs') };
      await httpRush(meters, server.baseUrl, ids.type, ids.warmup); // JIT, pool and plan caches
      const http = await httpRush(meters, server.baseUrl, ids.type, ids.http);
      const raw = await rawRush(name, url, ids.raw);
      return {
        clients: RUSH_CLIENTS,
        perClient: PER_CLIENT,
        capacity: CAPACITY,
        poolSize: POOL_SIZE,
        http: { ...http, oversold: await oversoldOf(url, ids.http, true) },
        raw: { ...raw, oversold: await oversoldOf(url, ids.raw, false) },
        ratio: http.reservationsPerSecond / raw.reservationsPerSecond,
        loadAverage,
        ranAt,
        loadAverageEnd: loadavg()[0] ?? 0,
        cpus: availableParallelism(),
      };
    } finally {
      await server.stop();
    }
  } finally {
    await withClient(admin, (c) => c.query(`drop database if exists ${name} with (force)`));
  }
}

// `npx tsx bench/reserve-rush.ts [--write]` runs this benchmark alone (run-all.ts runs it with the others)
if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await measureReserveRush();
  const section = renderReserveRush(result);
  console.log(section);
  if (process.argv.includes('--write')) writeSection(section);
}
