import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startCluster, type RunningCluster } from '../apps/api/src/testing/cluster-process';
import { runOpenLoop, type OpenLoopRun, type Outcome } from './open-loop';
import { oversoldOf, seedRush, throwawayDatabaseName } from './reserve-rush';
import { writeSection } from './results';
import { renderRushReplica } from './rush-replica-report';
import { addSession } from './rush-sessions';
import { readAges, summariseAges, type AgeSummary } from './staleness';

/**
 * The reserve rush while visitors read availability, with a streaming replica (issue #28,
 * decision 0120). Holds arrive at a fixed rate on one hot session and, at the same time, reads
 * of that session's cached availability (`GET /cached_api/events/{event}/sessions/{session}`,
 * what the storefront's session picker reads) arrive at a fixed rate of their own, all through
 * nginx on a two-node cluster. Twice, on the same kind of primary (the cluster script's own,
 * `pg_basebackup` replica beside it): with the nodes' cached reads on the replica (`--replica`)
 * and with the replica a standby the nodes never read (`--standby`, the control). Each read's
 * age is how long before it left a hold it does not count had been acknowledged (staleness.ts).
 *
 *   npx tsx bench/rush-replica.ts [--hold-rates 400,800] [--read-rate 400] [--seconds 5]
 *                                 [--warm-rate 800] [--warm-seconds 10] [--write]
 */

/** decision 0097: a hold shows in every node's cached availability within this, listening */
export const FRESH_WITHIN_MS = 500;
const TIMEOUT_MS = 10_000;

export type Arm = 'replica' | 'standby';

export interface RushReplicaRow {
  arm: Arm;
  holds: OpenLoopRun;
  reads: OpenLoopRun;
  ages: AgeSummary;
  /** statements pgbouncer passed to each side during the step */
  statements: { primary: number; replica: number };
  oversold: number;
}

export interface RushReplicaResult {
  ranAt: string;
  seconds: number;
  readRate: number;
  cpus: number;
  loadAverage: number;
  loadAverageEnd: number;
  rows: RushReplicaRow[];
}

const classifyHold = (status: number, text: string): Outcome =>
  status === 201 ? 'held' : text.includes('"event_session_sold_out"') ? 'sold_out' : 'error';
// a read "held" is a read answered
const classifyRead = (status: number): Outcome => (status === 200 ? 'held' : 'error');

/** pgbouncer's count of statements per database so far (SHOW STATS on its console). */
async function statementsOf(cluster: RunningCluster): Promise<Map<string, number>> {
  const console_ = new URL(cluster.pgbouncer);
  console_.pathname = '/pgbouncer';
  const client = new pg.Client({ connectionString: console_.toString() });
  await client.connect();
  try {
    // no parameters: node-postgres sends it as a simple query, the only kind the console takes
    const { rows } = await client.query<Record<string, string>>('SHOW STATS');
    return new Map(rows.map((row) => [row.database!, Number(row.total_query_count ?? 0)]));
  } finally {
    await client.end();
  }
}

async function step(
  arm: Arm,
  cluster: RunningCluster,
  ids: Awaited<ReturnType<typeof seedRush>>,
  options: { holdRate: number; readRate: number; seconds: number },
): Promise<RushReplicaRow> {
  const { holdRate, readRate, seconds } = options;
  // room for every hold: a sold-out session would stop changing and hide the reads' age
  const session = await addSession(cluster.database, ids, holdRate * seconds * 2);
  const acked: number[] = [];
  const shown: { sentAt: number; used: number }[] = [];
  const database = new URL(cluster.pgbouncer).pathname.slice(1);
  const before = await statementsOf(cluster);
  const [holds, reads] = await Promise.all([
    runOpenLoop({
      url: `${cluster.url}/api/my/cart/modify?_seller=rush`,
      body: JSON.stringify({
        add: [
          {
            event_session_id: session,
            ticket_types_required: [{ ticket_type_id: ids.type, quantity: 1 }],
          },
        ],
      }),
      headers: { 'tix-app': 'ecomm' },
      rate: holdRate,
      seconds,
      sockets: 1024,
      timeoutMs: TIMEOUT_MS,
      classify: classifyHold,
      onReply: ({ repliedAt, status }) => {
        if (status === 201) acked.push(repliedAt);
      },
    }),
    runOpenLoop({
      url: `${cluster.url}/cached_api/events/${ids.event}/sessions/${session}?_seller=rush`,
      method: 'GET',
      body: '',
      headers: {},
      rate: readRate,
      seconds,
      sockets: 1024,
      timeoutMs: TIMEOUT_MS,
      classify: classifyRead,
      onReply: ({ sentAt, status, text }) => {
        if (status !== 200) return;
        const body = JSON.parse(text) as { event_session: { _data: { used_capacity: number }[] } };
        shown.push({ sentAt, used: body.event_session._data[0]!.used_capacity });
      },
    }),
  ]);
  const after = await statementsOf(cluster);
  const delta = (name: string) => (after.get(name) ?? 0) - (before.get(name) ?? 0);
  return {
    arm,
    holds,
    reads,
    ages: summariseAges(readAges(acked, shown)),
    statements: { primary: delta(database), replica: delta(`${database}_replica`) },
    oversold: await oversoldOf(cluster.database, session, true),
  };
}

interface Warm {
  holdRate: number;
  seconds: number;
}

async function runArm(
  arm: Arm,
  holdRates: number[],
  readRate: number,
  seconds: number,
  warm: Warm,
) {
  const { admin, name } = throwawayDatabaseName();
  const cluster = await startCluster({
    // the script's own primary and replica: `pgUrl` is not used for the data
    pgUrl: admin,
    database: name,
    nodes: 2,
    ...(arm === 'replica' ? { replica: true } : { standby: true }),
    timeoutMs: 300_000,
    env: {
      SEED_DEMO: 'false',
      // every rush request comes from 127.0.0.1: the per-address cart limit would cap the rush
      CART_CREATE_LIMIT: '0',
      LOG_LEVEL: 'error',
    },
  });
  try {
    const ids = await seedRush(cluster.database);
    // JIT, pools, sockets and plan caches; not reported
    await step(arm, cluster, ids, { ...warm, readRate: Math.min(readRate, warm.holdRate) });
    const rows: RushReplicaRow[] = [];
    for (const holdRate of holdRates) {
      rows.push(await step(arm, cluster, ids, { holdRate, readRate, seconds }));
      const row = rows.at(-1)!;
      console.error(
        `${arm} ${holdRate} holds/s + ${readRate} reads/s: hold p99 ${row.holds.p99Ms} ms, read p99 ${row.reads.p99Ms} ms, age max ${row.ages.maxMs} ms`,
      );
    }
    return rows;
  } finally {
    await cluster.stop();
  }
}

export async function measureRushReplica(
  holdRates: number[],
  readRate: number,
  seconds: number,
  warm: Warm,
): Promise<RushReplicaResult> {
  const loadAverage = loadavg()[0] ?? 0;
  const ranAt = new Date().toISOString();
  const rows = [
    ...(await runArm('standby', holdRates, readRate, seconds, warm)),
    ...(await runArm('replica', holdRates, readRate, seconds, warm)),
  ];
  return {
    ranAt,
    seconds,
    readRate,
    cpus: availableParallelism(),
    loadAverage,
    loadAverageEnd: loadavg()[0] ?? 0,
    rows,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      'hold-rates': { type: 'string', default: '400,800' },
      'read-rate': { type: 'string', default: '400' },
      seconds: { type: 'string', default: '5' },
      // as bench/cluster-cpu.ts: a node's JIT needs some seconds at a high rate to settle
      'warm-rate': { type: 'string', default: '800' },
      'warm-seconds': { type: 'string', default: '10' },
      write: { type: 'boolean', default: false },
    },
  });
  const result = await measureRushReplica(
    values['hold-rates'].split(',').map(Number),
    Number(values['read-rate']),
    Number(values.seconds),
    { holdRate: Number(values['warm-rate']), seconds: Number(values['warm-seconds']) },
  );
  const section = renderRushReplica(result);
  console.log(section);
  if (values.write) writeSection(section);
  // pg's and the cluster's handles must not keep the bench alive (as bench/cluster-cpu.ts)
  process.exit(0);
}
