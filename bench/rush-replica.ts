import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { startCluster, type RunningCluster } from '../apps/api/src/testing/cluster-process';
import { runOpenLoop, type OpenLoopRun, type Outcome } from './open-loop';
import { oversoldOf, seedRush, throwawayDatabaseName, withClient } from './reserve-rush';
import { writeSection } from './results';
import { renderRushReplica } from './rush-replica-report';
import { addSession } from './rush-sessions';
import { readAges, summariseAges, type AgeSummary } from './staleness';

/**
 * The reserve rush while visitors read availability, with a streaming replica (issue #28,
 * decision 0120). Holds arrive at a fixed rate on one hot session and, at the same time, reads
 * of that session's cached availability (`GET /cached_api/events/{event}/sessions/{session}`,
 * what the storefront's session picker reads) arrive at a fixed rate of their own, all through
 * nginx on a two-node cluster; then the same holds with the reads going in turn to the sessions
 * of another event, which a rush on one event must not push onto the primary. Twice, on the
 * same kind of primary (the cluster script's own, a `pg_basebackup` replica beside it): with the
 * nodes' cached reads on the replica (`--replica`) and with the replica a standby the nodes never
 * read (`--standby`, the control). Each read's age is how long before it left a hold it does
 * not count had been acknowledged (staleness.ts).
 *
 *   npx tsx bench/rush-replica.ts [--hold-rates 400,800] [--read-rate 400] [--seconds 5]
 *                                 [--warm-rate 800] [--warm-seconds 10] [--write]
 */

const TIMEOUT_MS = 10_000;

export type Arm = 'replica' | 'standby';
/** what the visitors read during the rush: the hot session, or the sessions of another event */
export type Reading = 'hot' | 'other';
/** the other event's sessions the reads take in turn: each URL misses once per node per TTL */
export const OTHER_SESSIONS = 100;

export interface RushReplicaRow {
  arm: Arm;
  reading: Reading;
  holds: OpenLoopRun;
  reads: OpenLoopRun;
  ages: AgeSummary;
  /**
   * scans of event_session on the replica during the step, by its own statistics: the reads it
   * answered (the read router's position queries touch no table)
   */
  replicaScans: number;
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

/** Scans of event_session so far on the replica (0 in the standby arm: nothing reads it). */
function replicaScansOf(cluster: RunningCluster): Promise<number> {
  return withClient(cluster.replica!, async (c) => {
    const { rows } = await c.query<{ n: string }>(
      `select coalesce(seq_scan, 0) + coalesce(idx_scan, 0) as n
         from pg_stat_user_tables where relname = 'event_session'`,
    );
    return Number(rows[0]?.n ?? 0);
  });
}

type Ids = Awaited<ReturnType<typeof seedRush>> & { other: { event: string; sessions: string[] } };

/** Another event of the rush's seller with OTHER_SESSIONS sessions, nobody holding. */
function addOtherEvent(url: string, ids: Awaited<ReturnType<typeof seedRush>>) {
  return withClient(url, async (c) => {
    const { rows } = await c.query<{ id: string }>(
      `insert into event_template (seller_id, name, event_type) values ($1, 'Quiet hours', 'repeating') returning id`,
      [ids.seller],
    );
    const event = rows[0]!.id;
    // one statement: a day apart, far in the future, as rush-sessions.ts places the rush's own
    const { rows: sessions } = await c.query<{ id: string }>(
      `insert into event_session (seller_id, event_template_id, start_datetime, end_datetime, capacity)
       select $1, $2, now() + make_interval(days => 400 + n), now() + make_interval(days => 400 + n, hours => 1), 100
         from generate_series(1, $3::int) as n returning id`,
      [ids.seller, event, OTHER_SESSIONS],
    );
    return { event, sessions: sessions.map((row) => row.id) };
  });
}

async function step(
  arm: Arm,
  cluster: RunningCluster,
  ids: Ids,
  options: { holdRate: number; readRate: number; seconds: number; reading: Reading },
): Promise<RushReplicaRow> {
  const { holdRate, readRate, seconds, reading } = options;
  // room for every hold: a sold-out session would stop changing and hide the reads' age
  const session = await addSession(cluster.database, ids, holdRate * seconds * 2);
  const acked: number[] = [];
  const shown: { sentAt: number; used: number }[] = [];
  const before = await replicaScansOf(cluster);
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
      url:
        reading === 'hot'
          ? `${cluster.url}/cached_api/events/${ids.event}/sessions/${session}?_seller=rush`
          : ids.other.sessions.map(
              (id) =>
                `${cluster.url}/cached_api/events/${ids.other.event}/sessions/${id}?_seller=rush`,
            ),
      method: 'GET',
      body: '',
      headers: {},
      rate: readRate,
      seconds,
      sockets: 1024,
      timeoutMs: TIMEOUT_MS,
      classify: classifyRead,
      onReply: ({ sentAt, status, text }) => {
        if (status !== 200 || reading !== 'hot') return;
        const body = JSON.parse(text) as { event_session: { _data: { used_capacity: number }[] } };
        shown.push({ sentAt, used: body.event_session._data[0]!.used_capacity });
      },
    }),
  ]);
  const replicaScans = (await replicaScansOf(cluster)) - before;
  return {
    arm,
    reading,
    holds,
    reads,
    ages: summariseAges(readAges(acked, shown)),
    replicaScans,
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
    const seeded = await seedRush(cluster.database);
    const ids = { ...seeded, other: await addOtherEvent(cluster.database, seeded) };
    // JIT, pools, sockets and plan caches; not reported
    const warmReads = Math.min(readRate, warm.holdRate);
    await step(arm, cluster, ids, { ...warm, readRate: warmReads, reading: 'hot' });
    const rows: RushReplicaRow[] = [];
    for (const holdRate of holdRates) {
      for (const reading of ['hot', 'other'] as const) {
        rows.push(await step(arm, cluster, ids, { holdRate, readRate, seconds, reading }));
        const row = rows.at(-1)!;
        console.error(
          `${arm} ${holdRate} holds/s + ${readRate} ${reading} reads/s: hold p99 ${row.holds.p99Ms} ms, read p99 ${row.reads.p99Ms} ms, age max ${row.ages.maxMs} ms, replica scans ${row.replicaScans}`,
        );
      }
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
