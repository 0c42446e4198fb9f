import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startServer } from '../e2e/support/server';
import { runOpenLoop } from './open-loop';
import { benchTmpDir } from './paths';
import { seedRush, throwawayDatabaseName, withClient } from './reserve-rush';
import { addSession, startRushCluster } from './rush-sessions';
import { storefrontStub } from './storefront-stub';

/**
 * Where a hold's CPU goes (issue #28, decision 0103): one open-loop step at a fixed rate on one
 * hot session, against one node and against the two-node cluster, with the CPU time (utime +
 * stime from /proc) each process spent during the step, per hold: the API nodes, nginx,
 * pgbouncer, the PostgreSQL backends of the bench's database, and this driver. CPU time, unlike
 * latency, hardly depends on what else the machine runs. A diagnosis, not a result of record:
 * nothing here is written to RESULTS.md.
 *
 *   npx tsx bench/cluster-cpu.ts [--rate 400] [--seconds 5] [--target both|node|cluster]
 *                                [--via nginx|node] [--profile <dir>]
 *                                [--warm-rate 200] [--warm-seconds 2]
 *
 * --via node sends the cluster's step to its first node directly (no nginx); --profile writes
 * a CPU profile of each node during the step alone (bench/cpu-profile-hook.mjs) into <dir>.
 * The table also gives each process's share of system time and its context switches (all its
 * threads) per hold.
 */

const TICK_MS = 1000 / Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());
const profileHook = fileURLToPath(new URL('./cpu-profile-hook.mjs', import.meta.url));

type Ids = Awaited<ReturnType<typeof seedRush>>;
type Groups = Record<string, () => Promise<number[]> | number[]>;

/** CPU time (user + system) and system time alone of a process so far, ms (0 once it ended). */
function timesOf(pid: number): { cpu: number; sys: number } {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const sys = Number(fields[12]) * TICK_MS;
    return { cpu: Number(fields[11]) * TICK_MS + sys, sys };
  } catch {
    return { cpu: 0, sys: 0 };
  }
}

const cpuMs = (pid: number) => timesOf(pid).cpu;
const sysMs = (pid: number) => timesOf(pid).sys;

const cpuOf = (pids: number[]) => pids.reduce((sum, pid) => sum + cpuMs(pid), 0);

/** Context switches of every thread of the process (voluntary and not). */
function switchesOf(pid: number): number {
  try {
    let sum = 0;
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const status = readFileSync(`/proc/${pid}/task/${task}/status`, 'utf8');
      for (const m of status.matchAll(/ctxt_switches:\s+(\d+)/g)) sum += Number(m[1]);
    }
    return sum;
  } catch {
    return 0;
  }
}

const sysOf = (pids: number[]) => pids.reduce((sum, pid) => sum + sysMs(pid), 0);
const switchesOfAll = (pids: number[]) => pids.reduce((sum, pid) => sum + switchesOf(pid), 0);

/** The processes listening on the port (nginx's master and workers, a node, pgbouncer). */
function pidsOnPort(port: number): number[] {
  const out = execFileSync('ss', ['-ltnpH', `sport = :${port}`]).toString();
  return [...new Set([...out.matchAll(/pid=(\d+)/g)].map((m) => Number(m[1])))];
}

const portOf = (url: string) => Number(new URL(url).port);

function pgbouncerPort(): number {
  const line = execFileSync('ss', ['-ltnpH'])
    .toString()
    .split('\n')
    .find((l) => l.includes('"pgbouncer"'));
  return Number(/:(\d+)\s/.exec(line ?? '')?.[1]);
}

async function backendPids(admin: string, database: string): Promise<number[]> {
  return withClient(admin, async (c) => {
    const { rows } = await c.query(
      'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [database],
    );
    return rows.map((r) => Number(r.pid));
  });
}

function signalNodes(pids: Record<string, number[]>, signal: NodeJS.Signals) {
  for (const [name, list] of Object.entries(pids)) {
    if (name.startsWith('node')) for (const pid of list) process.kill(pid, signal);
  }
}

async function step(label: string, baseUrl: string, url: string, ids: Ids, groups: Groups) {
  const session = await addSession(url, ids, rate * seconds * 2);
  const body = JSON.stringify({
    add: [
      {
        event_session_id: session,
        ticket_types_required: [{ ticket_type_id: ids.type, quantity: 1 }],
      },
    ],
  });
  // the warm-up holds places of a session of its own: the step starts on a session no node met
  const warmSession = await addSession(url, ids, warmRate * warmSeconds + 1);
  const warmBody = body.replace(session, warmSession);
  const run = (r: number, s: number, b = body) =>
    runOpenLoop({
      url: `${baseUrl}/api/my/cart/modify?_seller=rush`,
      body: b,
      headers: { 'tix-app': 'ecomm' },
      rate: r,
      seconds: s,
      sockets: 1024,
      timeoutMs: 10_000,
      classify: (status) => (status === 201 ? 'held' : 'error'),
    });
  // JIT, pools, sockets and plan caches; not counted (decision 0117: 2 s at 200/s leaves the
  // nodes' code cold, and a hold then costs up to twice what it costs warm)
  await run(warmRate, warmSeconds, warmBody);
  const pids: Record<string, number[]> = {};
  for (const [name, find] of Object.entries(groups)) pids[name] = await find();
  const before = Object.fromEntries(Object.entries(pids).map(([n, list]) => [n, cpuOf(list)]));
  const sysBefore = Object.fromEntries(Object.entries(pids).map(([n, l]) => [n, sysOf(l)]));
  const switchBefore = Object.fromEntries(
    Object.entries(pids).map(([n, l]) => [n, switchesOfAll(l)]),
  );
  if (values.profile) signalNodes(pids, 'SIGUSR2');
  const driverBefore = process.cpuUsage();
  const result = await run(rate, seconds);
  const driver = process.cpuUsage(driverBefore);
  if (values.profile) signalNodes(pids, 'SIGUSR1');
  const held = result.counts.held;
  const rows = Object.entries(pids).map(([name, list]) => {
    const used = cpuOf(list) - before[name]!;
    return {
      process: name,
      count: list.length,
      cpuMs: Math.round(used),
      perHoldMs: +(used / held).toFixed(3),
      sysShare: +((sysOf(list) - sysBefore[name]!) / Math.max(used, 1)).toFixed(2),
      switchesPerHold: +((switchesOfAll(list) - switchBefore[name]!) / held).toFixed(2),
    };
  });
  const driverMs = (driver.user + driver.system) / 1000;
  rows.push({
    process: 'driver',
    count: 1,
    cpuMs: Math.round(driverMs),
    perHoldMs: +(driverMs / held).toFixed(3),
    sysShare: +(driver.system / 1000 / Math.max(driverMs, 1)).toFixed(2),
    switchesPerHold: Number.NaN,
  });
  const total = rows.reduce((sum, row) => sum + row.perHoldMs, 0);
  const cores = availableParallelism();
  console.log(
    `\n${label}: ${rate}/s for ${seconds} s: held ${held}, errors ${result.counts.error}, ` +
      `p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms`,
  );
  console.table(rows);
  console.log(
    `${total.toFixed(3)} ms of CPU per hold in all: at most ${Math.round((cores * 1000) / total)} holds/s on ${cores} cores`,
  );
}

const { values } = parseArgs({
  options: {
    rate: { type: 'string', default: '400' },
    seconds: { type: 'string', default: '5' },
    target: { type: 'string', default: 'both' },
    via: { type: 'string', default: 'nginx' },
    profile: { type: 'string' },
    'warm-rate': { type: 'string', default: '200' },
    'warm-seconds': { type: 'string', default: '2' },
  },
});
const warmRate = Number(values['warm-rate']);
const warmSeconds = Number(values['warm-seconds']);
const rate = Number(values.rate);
const seconds = Number(values.seconds);
const { admin, name, url } = throwawayDatabaseName();
mkdirSync(benchTmpDir, { recursive: true });
if (values.profile) mkdirSync(values.profile, { recursive: true });
const env = {
  SEED_DEMO: 'false',
  // every request comes from 127.0.0.1: the per-address cart limit would cap the rush
  CART_CREATE_LIMIT: '0',
  LOG_LEVEL: 'error',
  ...(values.profile
    ? { NODE_OPTIONS: `--import ${profileHook}`, CPU_PROFILE_DIR: values.profile }
    : {}),
};
await withClient(admin, (c) => c.query(`create database ${name}`));
let ids: Ids | undefined;
try {
  if (values.target !== 'cluster') {
    const server = await startServer({
      logDir: benchTmpDir,
      logName: 'cluster-cpu-server.log',
      env: { ...env, DATABASE_URL: url, STOREFRONT_DIST: storefrontStub() },
    });
    try {
      ids = await seedRush(url);
      await step('one node', server.baseUrl, url, ids, {
        node: () => pidsOnPort(portOf(server.baseUrl)),
        postgres: () => backendPids(admin, name),
      });
    } finally {
      await server.stop();
    }
  }
  if (values.target !== 'node') {
    const cluster = await startRushCluster(admin, name, env);
    try {
      ids ??= await seedRush(url);
      const direct = values.via === 'node';
      await step(
        `cluster via ${direct ? 'its first node' : 'nginx'}`,
        direct ? cluster.nodes[0]! : cluster.url,
        url,
        ids,
        {
          nodeA: () => pidsOnPort(portOf(cluster.nodes[0]!)),
          nodeB: () => pidsOnPort(portOf(cluster.nodes[1]!)),
          nginx: () => pidsOnPort(portOf(cluster.url)),
          pgbouncer: () => pidsOnPort(pgbouncerPort()),
          postgres: () => backendPids(admin, name),
        },
      );
    } finally {
      await cluster.stop();
    }
  }
} finally {
  await withClient(admin, (c) => c.query(`drop database if exists ${name} with (force)`));
}
// Everything is stopped and the table printed, yet a handle of the cluster's helpers sometimes
// kept the process alive for minutes (two unnamed sockets, not traced): a diagnosis ends here.
process.exit();
