import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { apiEntry, artifactsDir, buildScript, repoRoot, storefrontDist } from './paths';
import { createThrowawayDatabase, TEST_DATABASE_URL } from './postgres-database';

/** The database a started server runs on (decision 0108). */
export type E2eDatabase = 'PGlite' | 'PostgreSQL';

export interface RunningServer {
  baseUrl: string;
  stop(): Promise<void>;
}

export interface StartServerOptions {
  /** extra environment for the server process */
  env?: Record<string, string>;
  /** name of the log file */
  logName?: string;
  /** folder of the log file; e2e/.artifacts unless given */
  logDir?: string;
  startupTimeoutMs?: number;
  /**
   * PGlite in memory (the default), or PostgreSQL: a fresh database made for this server on
   * TEST_DATABASE_URL's server, dropped when the server stops
   */
  database?: E2eDatabase;
}

/** Asks the OS for a free loopback port (closed again before the server takes it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

/**
 * Compiles the API when its output is missing or older than its source (a second or two), so a
 * spec run after an API change never meets yesterday's server.
 */
function compileApiIfStale() {
  const build = spawnSync(process.execPath, [buildScript, '--if-stale', '--api'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`API build failed:\n${build.stdout}${build.stderr}`);
}

/**
 * Starts the real server exactly as production does (`node apps/api/dist/main.mjs`, compiled
 * first when stale) on an in-memory database (or a throw-away PostgreSQL one) seeded with the
 * demo sellers, serving the built storefront.
 */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  if (options.database !== 'PostgreSQL') return startServerProcess(options);
  if (!TEST_DATABASE_URL) throw new Error('a server on PostgreSQL needs TEST_DATABASE_URL');
  const database = await createThrowawayDatabase(TEST_DATABASE_URL);
  let server: RunningServer | undefined;
  try {
    server = await startServerProcess({
      ...options,
      env: { ...options.env, DATABASE_URL: database.url },
    });
    // the demo is in the throw-away database: the server ran on it, not on a PGlite of its own
    if (!(await database.sellerSlugs()).includes('demo-museum'))
      throw new Error(`the server did not seed its PostgreSQL database (${database.url})`);
  } catch (error) {
    await server?.stop();
    await database.drop();
    throw error;
  }
  const started = server;
  return { baseUrl: started.baseUrl, stop: () => started.stop().finally(database.drop) };
}

async function startServerProcess(options: StartServerOptions): Promise<RunningServer> {
  const dist = options.env?.STOREFRONT_DIST ?? storefrontDist;
  if (!existsSync(join(dist, 'index.html'))) {
    throw new Error(
      `No built storefront at ${dist}: run "npm run build -w @admit/storefront" first`,
    );
  }
  compileApiIfStale();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const logDir = options.logDir ?? artifactsDir;
  mkdirSync(logDir, { recursive: true });
  const logPath = join(logDir, options.logName ?? 'server.log');
  const log = createWriteStream(logPath);
  let output = '';

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: 'memory://',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    STOREFRONT_DIST: storefrontDist,
    PUBLIC_URL: baseUrl,
    TZ: 'UTC',
    // every browser of the suite shares one loopback address; the cart-creation limit has its
    // own API tests (modules/limits/call-limits.test.ts) and would cap the suite's length here
    CART_CREATE_LIMIT: '0',
    // the image warming job would encode some 200 variants beside the browsers of a 2-core
    // run; the specs' images are encoded on request as before (the job has its API tests)
    IMAGE_WARM_MS: '0',
    // with no warming every picture is encoded on request, all from the one loopback address
    IMAGE_ENCODE_LIMIT: '0',
    ...options.env,
  };
  // a DATABASE_URL inherited from the shell would point the server at a shared database
  if (!options.env?.DATABASE_URL) delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--enable-source-maps', apiEntry], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const onData = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
    log.write(chunk);
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);

  const stop = () => stopChild(child).finally(() => log.end());
  try {
    await waitForHealth(baseUrl, child, options.startupTimeoutMs ?? 120_000);
  } catch (err) {
    await stop();
    const reason = err instanceof Error ? err.message : String(err);
    throw new Error(`${reason}\n--- server output (${logPath}) ---\n${output}`);
  }
  return { baseUrl, stop };
}

async function waitForHealth(baseUrl: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let exited: string | undefined;
  child.once('exit', (code, signal) => (exited = `server exited early (${code ?? signal})`));
  while (Date.now() < deadline) {
    if (exited) throw new Error(exited);
    try {
      // /ready, not /health: the server listens before it migrates and seeds (decision 0082)
      const res = await fetch(`${baseUrl}/ready`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server was not ready (${baseUrl}/ready) within ${timeoutMs} ms`);
}

/** SIGTERM (graceful shutdown in main.ts), then SIGKILL if it does not exit in time. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
