import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The real server as a child process (`node --import tsx apps/api/src/main.ts`, decision 0001)
 * for tests that must kill it: the crash test SIGKILLs it mid-burst and starts it again on the
 * same database. (e2e/support/server.ts starts it for the browser suites, with a storefront.)
 */

const apiEntry = fileURLToPath(new URL('../main.ts', import.meta.url));

/**
 * How the tests start the server: node's arguments, the one place to change when production
 * runs the compiled build (issue #26) — every server-process test then starts that instead.
 */
export const SERVER_ARGS = ['--import', 'tsx', apiEntry];

/**
 * The compiled server as production runs it (`node apps/api/dist/main.mjs`, decision 0072),
 * compiled first when its output is older than the source (a no-op in CI, where `npm ci` built
 * it), under a lock so two test files never compile at once.
 */
export const COMPILED_SERVER_ARGS = [
  '--enable-source-maps',
  fileURLToPath(new URL('../../dist/main.mjs', import.meta.url)),
];
const buildScript = fileURLToPath(new URL('../../../../scripts/build.mjs', import.meta.url));

/**
 * Two test files may start the compiled server at once (graceful-stop, listen-first): one
 * compiles while the other waits, so no server starts from a half-written dist. The lock is a
 * folder (mkdir is atomic); one left by a killed run is taken over after five minutes.
 */
function withBuildLock(work: () => void): void {
  const lock = join(repoRoot, 'apps/api/dist.build-lock');
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 5 * 60_000) rmSync(lock, { recursive: true, force: true });
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
  try {
    work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Compiles the API when stale, under the lock (the cluster test's nodes are this build too). */
export function compileIfStale(): void {
  withBuildLock(() => {
    const build = spawnSync(process.execPath, [buildScript, '--if-stale', '--api'], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    if (build.status !== 0) throw new Error(`API build failed:\n${build.stdout}${build.stderr}`);
  });
}

const apiTsconfig = fileURLToPath(new URL('../../tsconfig.json', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

export interface ServerProcess {
  baseUrl: string;
  /** the last lines the server printed (for failure messages) */
  output(): string;
  /** SIGKILL: no shutdown hook runs, in-flight requests die with the process */
  kill(): Promise<void>;
  /** SIGSTOP / SIGCONT: freezes the process where it is (nothing it does commits meanwhile) */
  pause(): void;
  resume(): void;
  /** SIGTERM and wait (SIGKILL after 10 s); the exit code, null when a signal ended it */
  stop(): Promise<number | null>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/**
 * Starts the server with `env` on a free port and waits until it takes traffic (`/ready`), or
 * only until it is alive (`/health`: it listens before it migrates, decision 0082).
 */
export async function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 60_000,
  { compiled = false, until = 'ready' }: { compiled?: boolean; until?: 'health' | 'ready' } = {},
): Promise<ServerProcess> {
  if (compiled) compileIfStale();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, compiled ? COMPILED_SERVER_ARGS : SERVER_ARGS, {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      TZ: 'UTC',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      TSX_TSCONFIG_PATH: apiTsconfig,
      // the demo's image warming would compete with what these tests time and race
      IMAGE_WARM_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const server: ServerProcess = {
    baseUrl,
    output: () => output,
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
    pause: () => void child.kill('SIGSTOP'),
    resume: () => void child.kill('SIGCONT'),
    async stop() {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      const code = await exited(child);
      clearTimeout(timer);
      return code;
    },
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/${until}`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  await server.kill();
  throw new Error(`server did not answer /${until} within ${timeoutMs} ms:\n${output}`);
}
