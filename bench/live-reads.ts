import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { startServer, type RunningServer } from '../e2e/support/server';
import { renderLiveReads } from './live-reads-report';
import { benchTmpDir } from './paths';
import { writeSection } from './results';
import { storefrontStub } from './storefront-stub';
import { calendarCount, seed, sessionCounts, SLUG, type Query, ZONE } from './live-reads-seed';

/**
 * Live reads (issue 13 "Live reads at the speed of the data"): uncached availability reads
 * (`/api/…`, never `/cached_api/…`) of an event with a year of 30-minute sessions, on the real
 * server (`node apps/api/dist/main.mjs`) over PostgreSQL (a throw-away database)
 * and over PGlite (a throw-away data directory). A second event with a tenth of the sessions
 * shows whether the sessions read depends on how many sessions exist.
 */

export const LIVE_TARGETS = { calendarP50Ms: 20, dateSessionsP50Ms: 5, independenceRatio: 1.5 };
const WARMUP = 30;
const SEQUENTIAL = 200;
const CONCURRENT_CLIENTS = 10;
export const CONCURRENT_SECONDS = 5;

export interface ReadTiming {
  name: string;
  path: string;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  requests: number;
  /** sessions (calendar: days) in the answer, from the body */
  items: number;
}

export interface ConcurrentRun {
  path: string;
  clients: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

export interface DatabaseRun {
  kind: 'postgres' | 'pglite';
  reads: ReadTiming[];
  concurrentCalendar: ConcurrentRun;
  /** future sessions inside the calendar's horizon, big event */
  calendarSessions: number;
  bigSessions: number;
  smallSessions: number;
}

export interface LiveReadsResult {
  ranAt: string;
  cpus: number;
  loadAverage: number;
  loadAverageEnd: number;
  runs: DatabaseRun[];
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const round = (ms: number) => Math.round(ms * 10) / 10;

function itemsOf(body: unknown): number {
  const b = body as Record<string, { _data?: unknown[]; _total?: number } | undefined>;
  return (b.calendar?._data ?? b.event_session?._data ?? []).length;
}

async function timeRead(
  baseUrl: string,
  name: string,
  path: string,
  headers: Record<string, string>,
) {
  const once = async () => {
    const t0 = performance.now();
    const res = await fetch(baseUrl + path, { headers });
    const body: unknown = await res.json();
    const ms = performance.now() - t0;
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
    return { ms, body };
  };
  for (let i = 0; i < WARMUP; i++) await once();
  const times: number[] = [];
  let items = 0;
  for (let i = 0; i < SEQUENTIAL; i++) {
    const { ms, body } = await once();
    times.push(ms);
    items = itemsOf(body);
  }
  times.sort((a, b) => a - b);
  return {
    name,
    path,
    p50Ms: round(percentile(times, 50)),
    p90Ms: round(percentile(times, 90)),
    p99Ms: round(percentile(times, 99)),
    requests: times.length,
    items,
  };
}

async function concurrent(baseUrl: string, path: string, headers: Record<string, string>) {
  const times: number[] = [];
  const until = performance.now() + CONCURRENT_SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENT_CLIENTS }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        const res = await fetch(baseUrl + path, { headers });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
        times.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return {
    path,
    clients: CONCURRENT_CLIENTS,
    requestsPerSecond: Math.round(times.length / seconds),
    p50Ms: round(percentile(times, 50)),
    p99Ms: round(percentile(times, 99)),
  };
}

/** The days the bench reads: sessions start tomorrow (venue time); one date ten days on. */
function benchDays(now: Date) {
  const day = (offset: number) =>
    new Date(now.getTime() + offset * 86_400_000).toLocaleDateString('en-CA', { timeZone: ZONE });
  return { firstDay: day(1), readDay: day(10) };
}

async function measure(
  kind: DatabaseRun['kind'],
  server: RunningServer,
  ids: { big: string; small: string },
  counts: Omit<DatabaseRun, 'kind' | 'reads' | 'concurrentCalendar'>,
  readDay: string,
): Promise<DatabaseRun> {
  const base = server.baseUrl;
  // a first read gives the visitor session cookie every later read sends (as a browser would)
  const first = await fetch(`${base}/api/events/${ids.small}/sessions?_seller=${SLUG}&_limit=1`, {
    headers: { 'tix-app': 'ecomm' },
  });
  await first.arrayBuffer();
  const cookie = first.headers.get('set-cookie')?.split(';')[0];
  const headers: Record<string, string> = { 'tix-app': 'ecomm', ...(cookie ? { cookie } : {}) };
  const q = `_seller=${SLUG}`;
  const calendarPath = `/api/events/${ids.big}/calendar?${q}&_format=extended`;
  const reads = [
    ['calendar, a year (extended)', calendarPath],
    ['calendar, a year (plain map)', `/api/events/${ids.big}/calendar?${q}`],
    [
      "one date's sessions, ~7,000 in all",
      `/api/events/${ids.big}/sessions?${q}&_ondate=${readDay}`,
    ],
    [
      "one date's sessions, ~700 in all",
      `/api/events/${ids.small}/sessions?${q}&_ondate=${readDay}`,
    ],
    ['first 5 sessions, ~7,000 in all', `/api/events/${ids.big}/sessions?${q}&_limit=5`],
    ['first 5 sessions, ~700 in all', `/api/events/${ids.small}/sessions?${q}&_limit=5`],
  ] as const;
  const timings: ReadTiming[] = [];
  for (const [name, path] of reads) timings.push(await timeRead(base, name, path, headers));
  return {
    kind,
    reads: timings,
    concurrentCalendar: await concurrent(base, calendarPath, headers),
    ...counts,
  };
}

const serverEnv = (extra: Record<string, string>) => ({
  SEED_DEMO: 'false',
  LOG_LEVEL: 'error',
  STOREFRONT_DIST: storefrontStub(),
  ...extra,
});

async function onPostgres(now: Date): Promise<DatabaseRun> {
  const admin =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/test';
  const name = `admit_bench_${randomBytes(5).toString('hex')}`;
  const target = new URL(admin);
  target.pathname = `/${name}`;
  const adminClient = new pg.Client({ connectionString: admin });
  await adminClient.connect();
  await adminClient.query(`create database ${name}`);
  try {
    // the server migrates the new database when it starts; the rows go in beside it
    const server = await startServer({
      logDir: benchTmpDir,
      logName: 'live-reads-postgres.log',
      env: serverEnv({ DATABASE_URL: target.toString() }),
    });
    const client = new pg.Client({ connectionString: target.toString() });
    await client.connect();
    try {
      const query: Query = (text, values) => client.query(text, values);
      const { firstDay, readDay } = benchDays(now);
      const ids = await seed(query, firstDay);
      await query('analyze');
      const counts = await sessionCounts(query, ids, (q) => calendarCount(q, ids.big, now));
      return await measure('postgres', server, ids, counts, readDay);
    } finally {
      await client.end();
      await server.stop();
    }
  } finally {
    await adminClient.query(`drop database if exists ${name} with (force)`);
    await adminClient.end();
  }
}

async function onPglite(now: Date): Promise<DatabaseRun> {
  const dataDir = join(benchTmpDir, `live-reads-pglite-${randomBytes(4).toString('hex')}`);
  mkdirSync(dataDir, { recursive: true });
  const env = serverEnv({ DATA_DIR: dataDir });
  try {
    // PGlite has one owner at a time: the server migrates the directory, then the bench seeds it
    await (
      await startServer({ logDir: benchTmpDir, logName: 'live-reads-pglite.log', env })
    ).stop();
    const db = await PGlite.create(dataDir);
    const query: Query = (text, values) => db.query(text, values);
    const { firstDay, readDay } = benchDays(now);
    const ids = await seed(query, firstDay);
    await query('analyze');
    const counts = await sessionCounts(query, ids, (q) => calendarCount(q, ids.big, now));
    await db.close();
    const server = await startServer({
      logDir: benchTmpDir,
      logName: 'live-reads-pglite.log',
      env,
    });
    try {
      return await measure('pglite', server, ids, counts, readDay);
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Runs the live reads on PostgreSQL, then on PGlite. */
export async function measureLiveReads(): Promise<LiveReadsResult> {
  mkdirSync(benchTmpDir, { recursive: true });
  const now = new Date();
  const loadAverage = loadavg()[0] ?? 0;
  const runs = [await onPostgres(now), await onPglite(now)];
  return {
    ranAt: now.toISOString(),
    cpus: availableParallelism(),
    loadAverage,
    loadAverageEnd: loadavg()[0] ?? 0,
    runs,
  };
}

// `npx tsx bench/live-reads.ts [--write] [--json]` runs this benchmark alone
if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await measureLiveReads();
  if (process.argv.includes('--json')) console.log(JSON.stringify(result, null, 2));
  const section = renderLiveReads(result);
  console.log(section);
  if (process.argv.includes('--write')) writeSection(section);
}
