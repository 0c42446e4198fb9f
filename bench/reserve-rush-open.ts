import { availableParallelism, loadavg } from 'node:os';
import { mkdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { startServer } from '../e2e/support/server';
import { runOpenLoop, type OpenLoopRun, type Outcome } from './open-loop';
import { benchTmpDir } from './paths';
import {
  httpRush,
  oversoldOf,
  RUSH_CLIENTS,
  rawRush,
  seedRush,
  throwawayDatabaseName,
  withClient,
} from './reserve-rush';
import type { RushRun } from './reserve-rush';
import { renderOpenRush } from './reserve-rush-open-report';
import { writeSection } from './results';
import { addSession, startRushCluster } from './rush-sessions';
import { storefrontStub } from './storefront-stub';

/**
 * The reserve rush as buyers meet it (issue #28): an OPEN loop at fixed arrival rates on one hot
 * session, against one node reached directly and against a two-node cluster through nginx and
 * pgbouncer (`npm run cluster`), each rate on a fresh session; then the closed-loop throughput of
 * the cluster beside the raw conditional UPDATE sent straight to PostgreSQL in the same run, just
 * before and just after it.
 *
 *   npx tsx bench/reserve-rush-open.ts [--rates 200,400,800,1200,1600] [--seconds 5] [--write]
 */

export const OPEN_TARGET_RATE = 1600;
export const OPEN_TARGET_P99_MS = 50;
export const CLUSTER_TARGET_RATIO = 1.6;
/** a buyer's browser gives up long before this; a reply later than it counts as timed out */
const TIMEOUT_MS = 10_000;
/** the sessions hold 90 % of what a rate offers, so every run also meets the sold-out refusal */
const CAPACITY_SHARE = 0.9;

export interface OpenRushRow extends OpenLoopRun {
  target: 'one node' | 'cluster (2 nodes, nginx)';
  oversold: number;
}

export interface OpenRushResult {
  ranAt: string;
  seconds: number;
  cpus: number;
  loadAverage: number;
  loadAverageEnd: number;
  rows: OpenRushRow[];
  /**
   * `raw`: the raw SQL before and after the cluster's closed loop. It moves with the disk's
   * commit latency from minute to minute (853 to 2,667/s seen on machines of this kind), so
   * `ratio` is taken against the faster of the two: the reading least kind to the cluster.
   */
  closedLoop: { cluster: RushRun; raw: [RushRun, RushRun]; ratio: number; clients: number };
}

const classify = (status: number, text: string): Outcome =>
  status === 201 ? 'held' : text.includes('"event_session_sold_out"') ? 'sold_out' : 'error';

async function openRates(
  target: OpenRushRow['target'],
  baseUrl: string,
  db: { url: string; ids: Awaited<ReturnType<typeof seedRush>> },
  rates: number[],
  seconds: number,
): Promise<OpenRushRow[]> {
  const rows: OpenRushRow[] = [];
  const run = async (rate: number, runSeconds: number) => {
    const session = await addSession(
      db.url,
      db.ids,
      Math.floor(rate * runSeconds * CAPACITY_SHARE),
    );
    const result = await runOpenLoop({
      url: `${baseUrl}/api/my/cart/modify?_seller=rush`,
      body: JSON.stringify({
        add: [
          {
            event_session_id: session,
            ticket_types_required: [{ ticket_type_id: db.ids.type, quantity: 1 }],
          },
        ],
      }),
      headers: { 'tix-app': 'ecomm' },
      rate,
      seconds: runSeconds,
      sockets: 1024,
      timeoutMs: TIMEOUT_MS,
      classify,
    });
    return { ...result, target, oversold: await oversoldOf(db.url, session, true) };
  };
  await run(Math.min(...rates), 2); // JIT, pools, sockets and plan caches; not reported
  for (const rate of rates) {
    rows.push(await run(rate, seconds));
    console.error(`${target} ${rate}/s: p99 ${rows.at(-1)!.p99Ms} ms`);
  }
  return rows;
}

export async function measureOpenRush(rates: number[], seconds: number): Promise<OpenRushResult> {
  const { admin, name, url } = throwawayDatabaseName();
  const loadAverage = loadavg()[0] ?? 0;
  const ranAt = new Date().toISOString();
  mkdirSync(benchTmpDir, { recursive: true });
  const env = {
    SEED_DEMO: 'false',
    // every rush request comes from 127.0.0.1: the per-address cart limit would cap the rush
    CART_CREATE_LIMIT: '0',
    LOG_LEVEL: 'error',
  };
  await withClient(admin, (c) => c.query(`create database ${name}`));
  try {
    const server = await startServer({
      logDir: benchTmpDir,
      logName: 'reserve-rush-open-server.log',
      env: { ...env, DATABASE_URL: url, STOREFRONT_DIST: storefrontStub() },
    });
    let ids: Awaited<ReturnType<typeof seedRush>>;
    let oneNode: OpenRushRow[];
    try {
      ids = await seedRush(url);
      oneNode = await openRates('one node', server.baseUrl, { url, ids }, rates, seconds);
    } finally {
      await server.stop();
    }
    const cluster = await startRushCluster(admin, name, env);
    try {
      const db = { url, ids };
      const clusterRows = await openRates(
        'cluster (2 nodes, nginx)',
        cluster.url,
        db,
        rates,
        seconds,
      );
      const capacity = RUSH_CLIENTS * 15 - RUSH_CLIENTS; // reserve-rush.ts's closed loop
      // the nodes' CPU is not metered here (two processes); reserve-rush.ts meters one server
      const meters = { database: name, serverPid: null };
      const rawRun = async () => {
        const session = await addSession(url, ids, capacity);
        const run = await rawRush(name, url, session);
        return { ...run, oversold: await oversoldOf(url, session, false) };
      };
      const rawBefore = await rawRun();
      const closedSession = await addSession(url, ids, capacity);
      const closed = await httpRush(meters, cluster.url, ids.type, closedSession);
      const rawAfter = await rawRun();
      const fastestRaw = Math.max(rawBefore.reservationsPerSecond, rawAfter.reservationsPerSecond);
      return {
        ranAt,
        seconds,
        cpus: availableParallelism(),
        loadAverage,
        loadAverageEnd: loadavg()[0] ?? 0,
        rows: [...oneNode, ...clusterRows],
        closedLoop: {
          clients: RUSH_CLIENTS,
          cluster: { ...closed, oversold: await oversoldOf(url, closedSession, true) },
          raw: [rawBefore, rawAfter],
          ratio: closed.reservationsPerSecond / fastestRaw,
        },
      };
    } finally {
      await cluster.stop();
    }
  } finally {
    await withClient(admin, (c) => c.query(`drop database if exists ${name} with (force)`));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      rates: { type: 'string', default: '200,400,800,1200,1600' },
      seconds: { type: 'string', default: '5' },
      write: { type: 'boolean', default: false },
    },
  });
  const rates = values.rates.split(',').map(Number);
  const result = await measureOpenRush(rates, Number(values.seconds));
  const section = renderOpenRush(result);
  console.log(section);
  if (values.write) writeSection(section);
}
