import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { runLoad, type LoadSummary } from './memory-load';
import { benchTmpDir } from './paths';
import { writeSection } from './results';
import { renderStartMemory } from './start-memory-report';
import {
  barePglite,
  npmStart,
  restingRss,
  rssOf,
  serverPid,
  stopGroup,
} from './start-memory-processes';

/**
 * Issue #26 targets: the first page answered after `npm start` on a fresh install (an empty
 * data folder: migrations and the demo seed run first) and on a later start; the server's
 * resident memory at rest on PGlite and on PostgreSQL, beside a bare node process holding the
 * same PGlite folder alone, interleaved over several runs (medians); then the server's memory
 * after minutes of catalogue and reserve traffic against its memory at rest.
 * `npx tsx bench/start-memory.ts [--runs 3] [--minutes 10] [--write]` (`--minutes 1` for a smoke
 * check); needs the tree built (`npm install` builds it). IDLE_MS (default 60 s) is how long each
 * process rests before its memory is read. The processes it starts: start-memory-processes.ts.
 */

/** One interleaved run: each of the four measures once, in this order. */
export interface StartMemoryRun {
  freshMs: number;
  laterMs: number;
  pgliteRss: number;
  bareRss: number;
  /** a later start on PostgreSQL, as the PGlite figure is (decision 0102) */
  postgresRss: number | null;
  /** the first start on an empty PostgreSQL database: it migrates and seeds the demo */
  postgresSeedingRss: number | null;
}

export interface LoadMeasure extends LoadSummary {
  database: 'pglite';
  idleRss: number;
  /** resident memory after IDLE_MS at rest once the traffic stopped */
  restedRss: number;
}

export interface StartMemoryResult {
  ranAt: string;
  load: string;
  runs: StartMemoryRun[];
  /** medians of the runs; "above bare" is the median of each run's own difference */
  freshMs: number;
  laterMs: number;
  pgliteRss: number;
  bareRss: number;
  aboveBare: number;
  postgresRss: number | null;
  postgresSeedingRss: number | null;
  loadMeasure: LoadMeasure | null;
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * One run on a fresh folder: the fresh install, a later start resting, the bare process on the
 * same folder, then the server on PostgreSQL. The bare figure moves a lot between runs (142–349
 * MB were seen), so each run has its own and the runs interleave rather than measure each kind
 * in a block.
 */
async function oneRun(): Promise<StartMemoryRun> {
  const dataDir = join(benchTmpDir, `start-memory-${randomBytes(4).toString('hex')}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  try {
    const fresh = await npmStart({ DATA_DIR: dataDir });
    await stopGroup(fresh.child);
    const later = await npmStart({ DATA_DIR: dataDir });
    const pgliteRss = await restingRss(later.child);
    await stopGroup(later.child);
    const bareRss = await barePglite(dataDir);
    const { seeding: postgresSeedingRss, later: postgresRss } = (await onPostgres()) ?? {
      seeding: null,
      later: null,
    };
    return {
      freshMs: fresh.ms,
      laterMs: later.ms,
      pgliteRss,
      bareRss,
      postgresRss,
      postgresSeedingRss,
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    // the data-dir lock sits beside the folder (db/data-dir-lock.ts)
    rmSync(`${dataDir}.lock`, { force: true });
  }
}

/**
 * The server on PGlite (a seeded folder, a later start) at rest, then under `minutes` of
 * catalogue and reserve traffic (memory-load.ts), then at rest again.
 */
async function underLoad(minutes: number): Promise<LoadMeasure> {
  const dataDir = join(benchTmpDir, `start-memory-load-${randomBytes(4).toString('hex')}`);
  mkdirSync(dataDir, { recursive: true });
  try {
    const seeded = await npmStart({ DATA_DIR: dataDir });
    await stopGroup(seeded.child);
    // every request comes from 127.0.0.1: the per-address cart limit would refuse the reservations
    const server = await npmStart({ DATA_DIR: dataDir, CART_CREATE_LIMIT: '0' });
    try {
      const pid = serverPid(server.child.pid!);
      const idleRss = await restingRss(server.child);
      const summary = await runLoad(`http://127.0.0.1:${server.port}`, minutes * 60, () =>
        rssOf(pid),
      );
      const restedRss = await restingRss(server.child);
      return { database: 'pglite', idleRss, restedRss, ...summary };
    } finally {
      await stopGroup(server.child);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    // the data-dir lock sits beside the folder (db/data-dir-lock.ts)
    rmSync(`${dataDir}.lock`, { force: true });
  }
}

export async function measureStartMemory(runCount = 3, minutes = 10): Promise<StartMemoryResult> {
  const ranAt = new Date().toISOString();
  const loads: number[] = [loadavg()[0]!];
  const runs: StartMemoryRun[] = [];
  for (let i = 0; i < runCount; i++) {
    runs.push(await oneRun());
    loads.push(loadavg()[0]!);
    // each run as it ends: a later failure (the load) does not lose the runs
    console.error(`run ${i + 1}: ${JSON.stringify(runs.at(-1))}`);
  }
  const loadMeasure = minutes > 0 ? await underLoad(minutes) : null;
  if (loadMeasure) loads.push(loadavg()[0]!);
  const medianOf = (values: (number | null)[]) => {
    const known = values.filter((v): v is number => v !== null);
    return known.length > 0 ? median(known) : null;
  };
  return {
    ranAt,
    load: loads.map((l) => l.toFixed(1)).join(', '),
    runs,
    freshMs: median(runs.map((r) => r.freshMs)),
    laterMs: median(runs.map((r) => r.laterMs)),
    pgliteRss: median(runs.map((r) => r.pgliteRss)),
    bareRss: median(runs.map((r) => r.bareRss)),
    aboveBare: median(runs.map((r) => r.pgliteRss - r.bareRss)),
    postgresRss: medianOf(runs.map((r) => r.postgresRss)),
    postgresSeedingRss: medianOf(runs.map((r) => r.postgresSeedingRss)),
    loadMeasure,
  };
}

/**
 * The server on a throw-away PostgreSQL database at rest (null when none answers): its first
 * start, which migrates and seeds the demo, then a later start, the one comparable with the
 * PGlite figure (a seeded folder started again). The seed's imports leave more behind than a
 * server that only serves (decision 0102), so the two are reported apart.
 */
async function onPostgres(): Promise<{ seeding: number; later: number } | null> {
  const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const adminClient = new pg.Client({ connectionString: admin });
  try {
    await adminClient.connect();
  } catch {
    return null;
  }
  const name = `admit_bench_${randomBytes(5).toString('hex')}`;
  const target = new URL(admin);
  target.pathname = `/${name}`;
  await adminClient.query(`create database ${name}`);
  try {
    const seeding = await npmStart({ DATABASE_URL: target.toString() });
    let seedingRss: number;
    try {
      seedingRss = await restingRss(seeding.child);
    } finally {
      await stopGroup(seeding.child);
    }
    const later = await npmStart({ DATABASE_URL: target.toString() });
    try {
      return { seeding: seedingRss, later: await restingRss(later.child) };
    } finally {
      await stopGroup(later.child);
    }
  } finally {
    await adminClient.query(`drop database if exists ${name} with (force)`);
    await adminClient.end();
  }
}

/** `--runs N` (default 3), `--minutes M` of load (default 10; 0 skips it), `--write`. */
function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : Number(process.argv[at + 1]);
}

if (process.argv[1] && import.meta.url === `file://${process.argv[1]}`) {
  const result = await measureStartMemory(option('--runs', 3), option('--minutes', 10));
  const section = renderStartMemory(result);
  console.log(section);
  if (process.argv.includes('--write')) writeSection(section);
}
