import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../e2e/support/server';
import { repoRoot } from '../e2e/support/paths';
import { benchTmpDir } from './paths';
import { writeSection } from './results';

/**
 * Issue #26 targets: the first page answered after `npm start` on a fresh install (an empty
 * data folder: migrations and the demo seed run first) and on a later start; the server's
 * resident memory at rest on PGlite and on PostgreSQL, beside a bare node process holding the
 * same PGlite folder alone, all in one run. `npx tsx bench/start-memory.ts [--write]`; needs the
 * tree built (`npm install` builds it). IDLE_MS (default 60 s) is how long each process rests
 * before its memory is read.
 */
const PAGE = '/demo-museum/events';
const IDLE_MS = Number(process.env.IDLE_MS ?? 60_000);
const SERVER = 'apps/api/dist/main.mjs';
const MB = 1024 * 1024;

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
      const isNode = args[0]!.endsWith('node') && args.some((arg) => arg.endsWith(SERVER));
      if (pgid === group && isNode) return Number(entry);
    } catch {
      // the process ended while we looked
    }
  }
  throw new Error(`no ${SERVER} in process group ${group}`);
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

export interface StartMemoryResult {
  ranAt: string;
  load: string;
  freshMs: number;
  laterMs: number;
  pgliteRss: number;
  bareRss: number;
  postgresRss: number | null;
}

export async function measureStartMemory(): Promise<StartMemoryResult> {
  const ranAt = new Date().toISOString();
  const dataDir = join(benchTmpDir, `start-memory-${randomBytes(4).toString('hex')}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const loads: number[] = [loadavg()[0]!];
  try {
    const fresh = await npmStart({ DATA_DIR: dataDir });
    await stopGroup(fresh.child);
    const later = await npmStart({ DATA_DIR: dataDir });
    const pgliteRss = await restingRss(later.child);
    await stopGroup(later.child);
    loads.push(loadavg()[0]!);
    const bareRss = await barePglite(dataDir);
    const postgresRss = await onPostgres();
    loads.push(loadavg()[0]!);
    return {
      ranAt,
      load: loads.map((l) => l.toFixed(1)).join(', '),
      freshMs: fresh.ms,
      laterMs: later.ms,
      pgliteRss,
      bareRss,
      postgresRss,
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The server on a throw-away PostgreSQL database (null when none answers). */
async function onPostgres(): Promise<number | null> {
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
    const server = await npmStart({ DATABASE_URL: target.toString() });
    try {
      return await restingRss(server.child);
    } finally {
      await stopGroup(server.child);
    }
  } finally {
    await adminClient.query(`drop database if exists ${name} with (force)`);
    await adminClient.end();
  }
}

export function renderStartMemory(r: StartMemoryResult): string {
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const mb = (bytes: number) => `${Math.round(bytes / MB)} MB`;
  const status = (met: boolean) => (met ? 'met' : '**missed**');
  const above = r.pgliteRss - r.bareRss;
  return [
    '## Start-up and memory',
    '',
    `Run ${r.ranAt} (\`npx tsx bench/start-memory.ts --write\`), one-minute load average ${r.load} on`,
    '2 cores: the machine was shared with other engineers, so the times are upper bounds. `npm start`',
    `(npm, then \`node ${SERVER}\`) timed from the spawn to the first 200 for \`${PAGE}\`; a fresh`,
    'install has the build (`npm install` ran it) and an empty PGlite folder (migrations and the demo',
    `seed run first). Memory is the server's resident set after ${IDLE_MS / 1000} s at rest after its`,
    'first page, with its default settings; the bare process opens the same PGlite folder alone.',
    '',
    '| Measure | Value | Target | Status |',
    '| --- | --- | --- | --- |',
    `| First page, fresh install | ${s(r.freshMs)} | ≤ 10 s | ${status(r.freshMs <= 10_000)} |`,
    `| First page, later start | ${s(r.laterMs)} | ≤ 2 s | ${status(r.laterMs <= 2_000)} |`,
    `| Resident memory, PGlite | ${mb(r.pgliteRss)} (bare node + PGlite: ${mb(r.bareRss)}; ${mb(above)} above) | ≤ 60 MB above | ${status(above <= 60 * MB)} |`,
    r.postgresRss === null
      ? '| Resident memory, PostgreSQL | no PostgreSQL answered | ≤ 150 MB | — |'
      : `| Resident memory, PostgreSQL | ${mb(r.postgresRss)} | ≤ 150 MB | ${status(r.postgresRss <= 150 * MB)} |`,
    '',
  ].join('\n');
}

if (process.argv[1] && import.meta.url === `file://${process.argv[1]}`) {
  const result = await measureStartMemory();
  const section = renderStartMemory(result);
  console.log(section);
  if (process.argv.includes('--write')) writeSection(section);
}
