import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort } from '../e2e/support/server';
import { repoRoot } from '../e2e/support/paths';
import { benchTmpDir } from './paths';

/** Target (issue #13): `npm start` on an installed tree answers its first page within 4 s. */
export const STARTUP_TARGET_MS = 4_000;
export const STARTUP_PAGE = '/demo-museum/events';
const RUNS = 5;

export interface StartupResult {
  page: string;
  /** milliseconds from spawning `npm start` to the first 200 for the page, one per run */
  runsMs: number[];
  medianMs: number;
  targetMs: number;
}

/** Starts `npm start` as a visitor's operator would and times the first answered page. */
async function timeOneStart(dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: repoRoot,
    // its own process group, so the stop reaches npm, the start script and the API
    detached: true,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      MAIL_POLL_MS: '0',
      PAYMENT_SETTLE_POLL_MS: '0',
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    for (;;) {
      if (performance.now() - started > 120_000)
        throw new Error('npm start did not answer in 120 s');
      // the body read to its end, as a browser does: a response left unread keeps its
      // connection busy, and the server's graceful stop waits for it
      const ok = await fetch(`http://127.0.0.1:${port}${STARTUP_PAGE}`).then(
        async (res) => (await res.arrayBuffer(), res.status === 200),
        () => false,
      );
      if (ok) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    signalGroup(child.pid!, 'SIGTERM');
    await exited;
    // npm exits before the API it started has closed its database: the next start would find
    // the data folder still locked (db/data-dir-lock.ts) and refuse it, so wait for the group
    await groupGone(child.pid!);
  }
}

/** Signals a process group; false when none of it is left. */
function signalGroup(pid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
    throw error;
  }
}

/**
 * Waits until none of the group is left: 15 s for the graceful stop, then SIGKILL (a killed
 * API leaves its lock to a dead process id, which the next start takes over).
 */
async function groupGone(pid: number): Promise<void> {
  const graceful = performance.now() + 15_000;
  while (signalGroup(pid, 0)) {
    if (performance.now() > graceful) {
      console.warn(`npm start's processes outlived 15 s after SIGTERM: killed`);
      signalGroup(pid, 'SIGKILL');
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The first start seeds the demo into a fresh data folder (not counted: that is an install
 * step); the next starts find the tree installed, built and seeded, as `npm start` does on a
 * machine that ran it before.
 */
export async function measureStartup(): Promise<StartupResult> {
  const dataDir = join(benchTmpDir, 'startup-pglite');
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  await timeOneStart(dataDir);
  const runsMs: number[] = [];
  for (let i = 0; i < RUNS; i++) runsMs.push(Math.round(await timeOneStart(dataDir)));
  const sorted = [...runsMs].sort((a, b) => a - b);
  return {
    page: STARTUP_PAGE,
    runsMs,
    medianMs: sorted[Math.floor(sorted.length / 2)]!,
    targetMs: STARTUP_TARGET_MS,
  };
}

/** The RESULTS.md section of a start-up run. */
export function renderStartup(result: StartupResult): string {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  return [
    '## Start-up',
    '',
    `\`npm start\` on an installed tree (storefront built, demo seeded into a PGlite data folder by a`,
    `first start that is not counted), timed from spawning the command to the first 200 for`,
    `\`${result.page}\`. ${result.runsMs.length} runs.`,
    '',
    '| Median | Runs | Target | Status |',
    '| --- | --- | --- | --- |',
    `| ${seconds(result.medianMs)} | ${result.runsMs.map(seconds).join(', ')} | ≤ ${seconds(result.targetMs)} | ${result.medianMs <= result.targetMs ? 'met' : 'missed'} |`,
    '',
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await measureStartup();
  console.log(renderStartup(result));
}
