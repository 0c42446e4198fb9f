import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../e2e/support/server';
import { repoRoot } from '../e2e/support/paths';
import { runLoad, type LoadSummary } from './memory-load';
import { benchTmpDir } from './paths';
import { writeSection } from './results';
import { renderStartMemory } from './start-memory-report';

/**
 * Issue #26 targets: the first page answered after `npm start` on a fresh install (an empty
 * data folder: migrations and the demo seed run first) and on a later start; the server's
 * resident memory at rest on PGlite and on PostgreSQL, beside a bare node process holding the
 * same PGlite folder alone, interleaved over several runs (medians); then the server's memory
 * after minutes of catalogue and reserve traffic against its memory at rest.
 * `npx tsx bench/start-memory.ts [--runs 3] [--minutes 10] [--write]` (`--minutes 1` for a smoke
 * check); needs the tree built (`npm install` builds it). IDLE_MS (default 60 s) is how long each
 * process rests before its memory is read.
 */
export const PAGE = '/demo-museum/events';
export const IDLE_MS = Number(process.env.IDLE_MS ?? 60_000);
const SERVER = 'apps/api/dist/main.mjs';
/** what `npm start` runs: the build check, then the server in the same process (decision 0096) */
const START = 'scripts/start.mjs';
export const MB = 1024 * 1024;

/** Resident memory of a process, from /proc (bytes). */
function rssOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return Number(line?.[1] ?? 0) * 1024;
}

/** The server's own process in the group `npm start` made (npm and sh are its parents). */
function serverPid(group: number): number {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const pgid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      // node itself, not the `sh -c "node …"` npm runs it through
      const isNode =
        args[0]!.endsWith('node') &&
        args.some((arg) => arg.endsWith(SERVER) || arg.endsWith(START));
      if (pgid === group && isNode) return Number(entry);
    } catch {
      // the process ended while we looked
    }
  }
  throw new Error(`no ${START} or ${SERVER} in process group ${group}`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Started {
  child: ChildProcess;
  port: number;
  ms: number;
}

/** `npm start` in its own process group, timed from the spawn to the first 200 for PAGE. */
async function npmStart(env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: repoRoot,
    detached: true,
    stdio: 'ignore',
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent', ...env },
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode})`);
    if (performance.now() - started > 300_000) throw new Error('no page in 300 s');
    const ok = await fetch(`http://127.0.0.1:${port}${PAGE}`).then(
      async (res) => (await res.arrayBuffer(), res.status === 200),
      () => false,
    );
    if (ok) return { child, port, ms: performance.now() - started };
    await sleep(20);
  }
}

/** SIGTERM to the group, then wait until none of it is left (SIGKILL after 20 s). */
async function stopGroup(child: ChildProcess): Promise<void> {
  const group = child.pid!;
  const alive = () => {
    try {
      process.kill(-group, 0);
      return true;
    } catch {
      return false;
    }
  };
  process.kill(-group, 'SIGTERM');
  const deadline = performance.now() + 20_000;
  while (alive()) {
    if (performance.now() > deadline) process.kill(-group, 'SIGKILL');
    await sleep(50);
  }
}

/** The server's memory after IDLE_MS at rest. */
async function restingRss(child: ChildProcess): Promise<number> {
  await sleep(IDLE_MS);
  return rssOf(serverPid(child.pid!));
}

/** A bare node process that opens the PGlite folder, reads one row and rests: PGlite alone. */
async function barePglite(dataDir: string): Promise<number> {
  const script = [
    "import { PGlite } from '@electric-sql/pglite';",
    `const db = await PGlite.create(${JSON.stringify(dataDir)});`,
    "await db.query('select count(*) from seller');",
    "process.stdout.write('ready\\n');",
    'setInterval(() => {}, 1000);',
  ].join('\n');
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: join(repoRoot, 'apps/api'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`bare PGlite exited (${code})`)));
  });
  await sleep(IDLE_MS);
  const rss = rssOf(child.pid!);
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  return rss;
}

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
