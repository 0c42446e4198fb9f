import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon, { type Result } from 'autocannon';
import { freePort, startServer } from '../e2e/support/server';
import { benchTmpDir, memoryServerEntry } from './paths';

export const CATALOG_PATH =
  '/cached_api/events/available?_seller=demo-museum&_embed=meta,venue,ticket_group,ticket_type';
/** Target: the real route serves at least this share of the in-memory route's requests/s. */
export const CATALOG_TARGET_RATIO = 0.6;

const WARMUP_SECONDS = 2;
const MEASURE_SECONDS = 10;
const CONNECTIONS = 10;

export interface LoadRun {
  url: string;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  mismatches: number;
}

export interface CatalogReadResult {
  path: string;
  bodyBytes: number;
  durationSeconds: number;
  connections: number;
  real: LoadRun;
  memory: LoadRun;
  ratio: number;
  targetRatio: number;
}

/**
 * Requests/s of the real catalogue read against a bare fastify process that answers with the
 * same bytes from memory. Both run as separate processes (like production), one after the
 * other, so each gets a core while autocannon drives it from this process on the other core.
 * Every response must equal the captured body (autocannon `expectBody`).
 */
export async function measureCatalogRead(): Promise<CatalogReadResult> {
  mkdirSync(benchTmpDir, { recursive: true });
  const server = await startServer({
    logDir: benchTmpDir,
    logName: 'catalog-server.log',
    env: { LOG_LEVEL: 'error' },
  });
  let memoryServer: ChildProcess | undefined;
  try {
    const realUrl = `${server.baseUrl}${CATALOG_PATH}`;
    const { body, contentType, headers } = await captureResponse(realUrl);
    const bodyFile = join(benchTmpDir, 'catalog-body.bin');
    writeFileSync(bodyFile, body);

    const port = await freePort();
    memoryServer = spawn(
      process.execPath,
      ['--import', 'tsx', memoryServerEntry, bodyFile, contentType, String(port)],
      { stdio: ['ignore', 'inherit', 'inherit'] },
    );
    const memoryUrl = `http://127.0.0.1:${port}/memory`;
    await waitForOk(`http://127.0.0.1:${port}/health`);

    const expectBody = body.toString('utf8');
    const real = await load(realUrl, headers, expectBody);
    const memory = await load(memoryUrl, headers, expectBody);
    return {
      path: CATALOG_PATH,
      bodyBytes: body.byteLength,
      durationSeconds: MEASURE_SECONDS,
      connections: CONNECTIONS,
      real,
      memory,
      ratio: real.requestsPerSecond / memory.requestsPerSecond,
      targetRatio: CATALOG_TARGET_RATIO,
    };
  } finally {
    if (memoryServer && memoryServer.exitCode === null) {
      const exited = new Promise((resolve) => memoryServer?.once('exit', resolve));
      memoryServer.kill('SIGTERM');
      await exited;
    }
    await server.stop();
  }
}

/**
 * Reads the route twice as a browser would (the storefront's app header, the session cookie
 * the first answer set) and insists both answers are the same bytes: a body that changes per
 * request could not be compared with a fixed one.
 */
async function captureResponse(url: string) {
  const headers: Record<string, string> = { 'tix-app': 'ecomm' };
  const first = await fetch(url, { headers });
  if (!first.ok) throw new Error(`GET ${url} answered ${first.status}: ${await first.text()}`);
  const cookies = first.headers.getSetCookie().map((c) => c.split(';')[0]);
  if (cookies.length > 0) headers.cookie = cookies.join('; ');
  const firstBody = Buffer.from(await first.arrayBuffer());
  const second = await fetch(url, { headers });
  const body = Buffer.from(await second.arrayBuffer());
  if (!second.ok || !body.equals(firstBody)) {
    throw new Error(`GET ${url} is not stable between two reads (status ${second.status})`);
  }
  const contentType = second.headers.get('content-type') ?? 'application/json';
  return { body, contentType, headers };
}

async function load(url: string, headers: Record<string, string>, expectBody: string) {
  const options = { url, headers, connections: CONNECTIONS, expectBody };
  await autocannon({ ...options, duration: WARMUP_SECONDS });
  const result: Result = await autocannon({ ...options, duration: MEASURE_SECONDS });
  return toLoadRun(url, result);
}

function toLoadRun(url: string, result: Result): LoadRun {
  return {
    url,
    requestsPerSecond: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    mismatches: result.mismatches,
  };
}

async function waitForOk(url: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const r = await measureCatalogRead();
  console.log(JSON.stringify(r, null, 2));
}
