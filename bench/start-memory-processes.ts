import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { freePort } from '../e2e/support/server';
import { repoRoot } from '../e2e/support/paths';
import { pgliteOptions } from '../apps/api/src/db/pglite-settings';

/**
 * The processes `start-memory.ts` measures: `npm start` in its own process group, its server's
 * resident memory at rest, and the bare node process holding a PGlite folder alone.
 */
export const PAGE = '/demo-museum/events';
export const IDLE_MS = Number(process.env.IDLE_MS ?? 60_000);
const SERVER = 'apps/api/dist/main.mjs';
/** what `npm start` runs: the build check, then the server in the same process (decision 0096) */
const START = 'scripts/start.mjs';
export const MB = 1024 * 1024;

/** Resident memory of a process, from /proc (bytes). */
export function rssOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return Number(line?.[1] ?? 0) * 1024;
}

/** The server's own process in the group `npm start` made (npm and sh are its parents). */
export function serverPid(group: number): number {
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
export async function npmStart(env: Record<string, string>): Promise<Started> {
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
export async function stopGroup(child: ChildProcess): Promise<void> {
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
export async function restingRss(child: ChildProcess): Promise<number> {
  await sleep(IDLE_MS);
  return rssOf(serverPid(child.pid!));
}

/**
 * A bare node process that opens the PGlite folder as the server does (its database and start
 * settings, decision 0109), reads one row and rests: PGlite alone.
 */
export async function barePglite(dataDir: string): Promise<number> {
  const options = { ...pgliteOptions(PGlite), dataDir };
  const script = [
    "import { PGlite } from '@electric-sql/pglite';",
    `const db = await PGlite.create(${JSON.stringify(options)});`,
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
