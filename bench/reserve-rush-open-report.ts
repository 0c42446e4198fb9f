import {
  CLUSTER_TARGET_RATIO,
  OPEN_TARGET_P99_MS,
  OPEN_TARGET_RATE,
  type OpenRushResult,
  type OpenRushRow,
} from './reserve-rush-open';
import type { RushRun } from './reserve-rush';
import { int, mark } from './results';

/** The open-loop reserve rush's part of bench/RESULTS.md (issue #28). */

const row = (r: OpenRushRow) =>
  `| ${r.target} | ${int(r.offeredPerSecond)} | ${int(r.heldPerSecond)} | ${r.p50Ms} ms | ${r.p99Ms} ms | ${r.p999Ms} ms | ${r.maxMs} ms | ${int(r.counts.held)} | ${int(r.counts.sold_out)} | ${r.counts.error} | ${r.counts.timeout} | ${r.oversold} | ${r.driverLagMs} ms |`;

const closedRow = (name: string, run: RushRun) =>
  `| ${name} | ${int(run.reservationsPerSecond)} | ${run.p50Ms} ms | ${run.p99Ms} ms | ${int(run.held)} | ${int(run.soldOut)} | ${run.errors} | ${run.oversold} |`;

export function renderOpenRush(r: OpenRushResult): string {
  const hot = r.rows.find(
    (row) => row.target !== 'one node' && row.offeredPerSecond === OPEN_TARGET_RATE,
  );
  const hotOk =
    hot !== undefined &&
    hot.p99Ms < OPEN_TARGET_P99_MS &&
    hot.counts.timeout === 0 &&
    hot.counts.error === 0;
  const oversold =
    r.rows.reduce((sum, row) => sum + row.oversold, 0) + r.closedLoop.cluster.oversold;
  return [
    '## Open-loop reserve rush (cluster)',
    '',
    `Run: ${r.ranAt}. \`npx tsx bench/reserve-rush-open.ts --write\` (issue #28).`,
    '',
    'Requests leave at a fixed arrival rate whatever the replies (an open loop, as buyers arrive at',
    'an on-sale moment), each `POST /api/my/cart/modify` holding one ticket in a new guest cart on',
    `ONE session; every rate runs ${r.seconds} s on a fresh session holding 90 % of what it offers, so`,
    'the last arrivals are refused as sold out. Latency counts from when the request was due (no',
    'coordinated omission); a reply after 10 s counts as timed out. "one node" is the compiled server',
    'reached directly; "cluster" is `npm run cluster` with two nodes behind nginx and pgbouncer',
    '(transaction pooling). "Driver lag" is how far the driver itself fell behind its schedule.',
    `Everything shares the machine (${r.cpus} CPUs); 1-minute load average at the start`,
    `${r.loadAverage.toFixed(1)}, at the end ${r.loadAverageEnd.toFixed(1)}.`,
    '',
    '| Target | Offered/s | Held/s | p50 | p99 | p99.9 | Max | Held | Sold out | Errors | Timed out | Oversold | Driver lag |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...r.rows.map(row),
    '',
    `Closed loop in the same run: ${r.closedLoop.clients} clients, one attempt after another each, through the`,
    "cluster's nginx, beside the raw conditional `UPDATE … RETURNING` from a plain `pg` pool straight",
    'to PostgreSQL (as in "Reserve rush"), run just before and just after the cluster. The raw figure',
    "follows the disk's commit latency, which moves from minute to minute, so the ratio is taken",
    'against the faster of the two raw runs.',
    '',
    '| Path | Reservations/s | p50 | p99 | Held | Sold out | Errors | Oversold |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    closedRow('cluster (2 nodes, nginx)', r.closedLoop.cluster),
    closedRow('raw SQL, before', r.closedLoop.raw[0]),
    closedRow('raw SQL, after', r.closedLoop.raw[1]),
    '',
    '| Target | Result | Status |',
    '| --- | --- | --- |',
    `| cluster p99 < ${OPEN_TARGET_P99_MS} ms at ${int(OPEN_TARGET_RATE)}/s offered, none timed out | ${hot ? `${hot.p99Ms} ms, ${hot.counts.timeout} timed out, ${hot.counts.error} errors` : 'not run'} | ${mark(hotOk)} |`,
    `| cluster closed loop ≥ ${CLUSTER_TARGET_RATIO}× raw SQL (the faster raw run) | ${r.closedLoop.ratio.toFixed(2)}× | ${mark(r.closedLoop.ratio >= CLUSTER_TARGET_RATIO)} |`,
    `| zero oversold | ${oversold} | ${mark(oversold === 0)} |`,
    '',
  ].join('\n');
}
