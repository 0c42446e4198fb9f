import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { nginxMainConfig, nginxSiteConfig } from '../scripts/cluster-config.mjs';
import { freePort, startServer } from '../e2e/support/server';
import { runOpenLoop } from './open-loop';
import { benchTmpDir } from './paths';
import { seedRush, throwawayDatabaseName, withClient } from './reserve-rush';
import { ownCpuMs, processCpuMs } from './rush-client';
import { addSession } from './rush-sessions';
import { storefrontStub } from './storefront-stub';

/**
 * The floor under a node's CPU per hold (issue #28, decision 0121): what a bare Fastify process
 * (`node-floor-server.mjs`: no hooks, no zod, no database) spends per request at a fixed arrival
 * rate when it reads a real hold's request and answers with a real hold's reply, byte for byte.
 * The reply is captured first from one hold on the compiled server on a throw-away PostgreSQL
 * database. A diagnosis, not a result of record: nothing is written to RESULTS.md.
 *
 *   npx tsx bench/node-floor.ts [--rates 800,1600] [--seconds 5] [--warm-seconds 10]
 *                               [--via nginx|node]
 *
 * --via nginx (the default) sends each step through nginx, configured as `npm run cluster`
 * configures it, to two such processes, as the cluster's holds go; --via node to one process
 * directly. Each rate gets fresh processes, warmed at that rate first (decision 0117), started
 * with the cluster nodes' flags (scripts/cluster.mjs). The table gives each group's CPU time
 * (utime + stime from /proc) per request: the floor nodes together, nginx, this driver.
 */

const floorServer = fileURLToPath(new URL('./node-floor-server.mjs', import.meta.url));
const HOLD_PATH = '/api/my/cart/modify?_seller=rush';
const HEADERS = { 'tix-app': 'ecomm' };

interface CapturedHold {
  body: string;
  status: number;
  contentType: string;
  text: string;
}

/** One hold on the real server: its request body and its reply. */
async function captureHold(): Promise<CapturedHold> {
  const { admin, name, url } = throwawayDatabaseName();
  await withClient(admin, (c) => c.query(`create database ${name}`));
  try {
    const server = await startServer({
      logDir: benchTmpDir,
      logName: 'node-floor-server.log',
      env: {
        DATABASE_URL: url,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'error',
        STOREFRONT_DIST: storefrontStub(),
      },
    });
    try {
      const ids = await seedRush(url);
      const session = await addSession(url, ids, 10);
      const body = JSON.stringify({
        add: [
          {
            event_session_id: session,
            ticket_types_required: [{ ticket_type_id: ids.type, quantity: 1 }],
          },
        ],
      });
      const reply = await fetch(`${server.baseUrl}${HOLD_PATH}`, {
        method: 'POST',
        headers: { ...HEADERS, 'content-type': 'application/json' },
        body,
      });
      const text = await reply.text();
      if (reply.status !== 201) throw new Error(`the hold answered ${reply.status}: ${text}`);
      return { body, status: reply.status, contentType: reply.headers.get('content-type')!, text };
    } finally {
      await server.stop();
    }
  } finally {
    await withClient(admin, (c) => c.query(`drop database if exists ${name} with (force)`));
  }
}

const stopped = (child: ChildProcess, signal: NodeJS.Signals) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });

/** A process (or nginx with its workers) the step measures. */
interface Running {
  address: string;
  pids: () => number[];
  /** resolves once the process has exited */
  stop: () => Promise<void>;
}

async function startFloor(replyFile: string): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--max-semi-space-size=2', floorServer], {
    env: { ...process.env, PORT: String(port), REPLY_FILE: replyFile, MALLOC_ARENA_MAX: '2' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the floor server exited (${code})`)));
    child.stdout.once('data', () => resolve());
  });
  return {
    address: `127.0.0.1:${port}`,
    pids: () => [child.pid!],
    stop: () => stopped(child, 'SIGTERM'),
  };
}

/** nginx as `npm run cluster` configures it (scripts/cluster-config.mjs) in front of `nodes`. */
async function startNginx(nodes: string[]): Promise<Running> {
  const prefix = mkdtempSync(join(benchTmpDir, 'node-floor-nginx-'));
  for (const dir of ['client-body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(join(prefix, dir));
  }
  const port = await freePort();
  const site = nginxSiteConfig({
    nodes,
    listen: `127.0.0.1:${port}`,
    storefrontDist: storefrontStub(),
  });
  const conf = join(prefix, 'nginx.conf');
  writeFileSync(conf, nginxMainConfig({ prefix, site }));
  const program = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';
  const child = spawn(program, ['-e', 'stderr', '-p', prefix, '-c', conf], { stdio: 'inherit' });
  const answers = () => fetch(`http://127.0.0.1:${port}/`).then(Boolean, () => false);
  const deadline = Date.now() + 15_000;
  while (!(await answers())) {
    if (Date.now() > deadline) throw new Error('nginx did not answer within 15 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const workers = () =>
    execFileSync('pgrep', ['-P', String(child.pid)])
      .toString()
      .split('\n')
      .filter(Boolean)
      .map(Number);
  return {
    address: `127.0.0.1:${port}`,
    pids: () => [child.pid!, ...workers()],
    stop: async () => {
      await stopped(child, 'SIGQUIT');
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

const cpuOf = (pids: number[]) => pids.reduce((sum, pid) => sum + processCpuMs(pid), 0);

/** One step at `rate`: through nginx to two floor nodes (as the cluster), or to one directly. */
async function step(rate: number, viaNginx: boolean, replyFile: string) {
  const nodes = await Promise.all((viaNginx ? [1, 2] : [1]).map(() => startFloor(replyFile)));
  const front = viaNginx ? await startNginx(nodes.map((n) => n.address)) : undefined;
  const groups: Record<string, Running[]> = { nodes, ...(front ? { nginx: [front] } : {}) };
  try {
    const run = (s: number) =>
      runOpenLoop({
        url: `http://${(front ?? nodes[0]!).address}${HOLD_PATH}`,
        body: hold.body,
        headers: HEADERS,
        rate,
        seconds: s,
        sockets: 1024,
        timeoutMs: 10_000,
        classify: (status, text) => (status === 201 && text === hold.text ? 'held' : 'error'),
      });
    await run(warmSeconds);
    const pidsOf = (list: Running[]) => list.flatMap((r) => r.pids());
    const before = Object.fromEntries(
      Object.entries(groups).map(([name, list]) => [name, cpuOf(pidsOf(list))]),
    );
    const driverBefore = ownCpuMs();
    const result = await run(seconds);
    const answered = result.counts.held;
    const perRequest = (ms: number) => +(ms / answered).toFixed(3);
    const row: Record<string, number> = {
      rate,
      answered,
      errors: result.counts.error + result.counts.timeout,
      p99Ms: result.p99Ms,
    };
    for (const [name, list] of Object.entries(groups)) {
      row[`${name}MsPerRequest`] = perRequest(cpuOf(pidsOf(list)) - before[name]!);
    }
    row.driverMsPerRequest = perRequest(ownCpuMs() - driverBefore);
    return row;
  } finally {
    await front?.stop();
    await Promise.all(nodes.map((node) => node.stop()));
  }
}

const { values } = parseArgs({
  options: {
    rates: { type: 'string', default: '800,1600' },
    seconds: { type: 'string', default: '5' },
    'warm-seconds': { type: 'string', default: '10' },
    via: { type: 'string', default: 'nginx' },
  },
});
const seconds = Number(values.seconds);
const warmSeconds = Number(values['warm-seconds']);

mkdirSync(benchTmpDir, { recursive: true });
const hold = await captureHold();
const replyFile = join(benchTmpDir, 'node-floor-reply.json');
writeFileSync(replyFile, JSON.stringify(hold));
console.log(
  `a hold: ${Buffer.byteLength(hold.body)} bytes in, ${Buffer.byteLength(hold.text)} bytes out`,
);
const rows = [];
for (const rate of values.rates.split(',').map(Number)) {
  rows.push(await step(rate, values.via === 'nginx', replyFile));
}
console.table(rows);
process.exit();
