import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_HEADER, APP_HEADER_VALUE } from '@admit/contracts/constants';
import { compileIfStale } from './server-process';

/**
 * `npm run cluster` as a child process for the cluster test (decision 0090): the script itself
 * builds, migrates and starts the nodes, pgbouncer and nginx; the test reads the addresses from
 * its `ADMIT_CLUSTER {json}` line and stops it with SIGINT, as Ctrl-C does.
 */

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const clusterScript = join(repoRoot, 'scripts/cluster.mjs');

/**
 * True when nginx and pgbouncer are installed (the script's own look-up: PATH, /usr/sbin), and
 * with `replica` PostgreSQL's binaries (initdb, pg_basebackup).
 */
export function clusterProgramsInstalled(replica = false): boolean {
  const args = [clusterScript, '--check-programs', ...(replica ? ['--replica'] : [])];
  return spawnSync(process.execPath, args).status === 0;
}

/**
 * Decision 0097: a hold shows on every node's cached availability within this while the notices
 * flow; the cluster tests and bench/rush-replica.ts hold the cluster to it.
 */
export const FRESH_WITHIN_MS = 500;

export interface RunningCluster {
  /** nginx, in front of every node */
  url: string;
  /** each node by its own port (through pgbouncer like the others) */
  nodes: string[];
  /** the database on the primary, directly (not through pgbouncer) */
  database: string;
  /** with `replica`: the same database on the streaming replica */
  replica?: string;
  /** the database through pgbouncer, as the nodes reach it */
  pgbouncer: string;
  output(): string;
  /** SIGUSR2 (the rolling restart) and wait until the script says every node is back */
  restartNodes(): Promise<void>;
  /** SIGINT (Ctrl-C) and wait; the script's exit code */
  stop(): Promise<number | null>;
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** `--check-deploy`: deploy/'s nginx and pgbouncer files are what scripts/cluster-config.mjs writes. */
export function deployConfigsDrift(): string {
  const check = spawnSync(process.execPath, [clusterScript, '--check-deploy'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  return check.status === 0 ? '' : `${check.stdout}${check.stderr}`;
}

/** Starts the cluster on the database named in `pgUrl`'s server and waits until it serves. */
export async function startCluster(options: {
  pgUrl: string;
  database: string;
  nodes: number;
  env: Record<string, string>;
  timeoutMs: number;
  /** `--replica`: the script's own primary and streaming replica instead of `pgUrl` (0097) */
  replica?: boolean;
  /** `--standby`: the same primary and replica, the nodes reading nothing from the replica */
  standby?: boolean;
}): Promise<RunningCluster> {
  // under the lock the other compiled-server tests take: the script's own build then finds the
  // API fresh and never writes dist/ while another file's server starts from it
  compileIfStale();
  const child = spawn(
    process.execPath,
    [
      clusterScript,
      ...['--nodes', String(options.nodes), '--port', '0'],
      ...['--database', options.database, '--pg', options.pgUrl],
      ...(options.replica ? ['--replica'] : []),
      ...(options.standby ? ['--standby'] : []),
    ],
    { cwd: repoRoot, env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  // what the script printed since the last rolling restart was asked for
  let sinceRestart = '';
  let restarted = () => {};
  type Announced = Pick<RunningCluster, 'url' | 'nodes' | 'database' | 'replica' | 'pgbouncer'>;
  const announced = new Promise<Announced>((resolve, reject) => {
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-40_000);
      sinceRestart = (sinceRestart + chunk.toString()).slice(-1_000);
      if (/^ADMIT_CLUSTER_RESTARTED$/m.test(sinceRestart)) restarted();
      const line = /^ADMIT_CLUSTER (.+)$/m.exec(output);
      if (line) resolve(JSON.parse(line[1]!) as Announced);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.once('exit', (code) => reject(new Error(`cluster exited (${code}):\n${output}`)));
    setTimeout(
      () => reject(new Error(`cluster not up in ${options.timeoutMs} ms:\n${output}`)),
      options.timeoutMs,
    );
  });
  const stop = async () => {
    child.kill('SIGINT');
    const timer = setTimeout(() => child.kill('SIGKILL'), 40_000);
    const code = await exited(child);
    clearTimeout(timer);
    return code;
  };
  const restartNodes = () =>
    new Promise<void>((resolve, reject) => {
      sinceRestart = '';
      restarted = resolve;
      child.once('exit', (code) => reject(new Error(`cluster exited (${code}):\n${output}`)));
      child.kill('SIGUSR2');
    });
  try {
    return { ...(await announced), output: () => output, restartNodes, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Record<string, { _data: Record<string, unknown>[] }>;
}

/**
 * One JSON call for a seller's domain (the Host header), from `localAddress` when given: every
 * address in 127.0.0.0/8 is this machine, so a test can be several visitors to nginx.
 */
export function callAs(
  baseUrl: string,
  request: {
    method: string;
    path: string;
    host: string;
    body?: unknown;
    headers?: Record<string, string>;
    localAddress?: string;
  },
): Promise<Answer> {
  const payload = request.body === undefined ? undefined : JSON.stringify(request.body);
  return new Promise((resolve, reject) => {
    const req = http.request(`${baseUrl}${request.path}`, {
      method: request.method,
      localAddress: request.localAddress,
      agent: false,
      headers: {
        host: request.host,
        [APP_HEADER]: APP_HEADER_VALUE,
        ...(payload
          ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
          : {}),
        ...request.headers,
      },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const json = res.headers['content-type']?.includes('json') && text;
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: json ? JSON.parse(text) : {},
        });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}
