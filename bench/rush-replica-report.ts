import { FRESH_WITHIN_MS } from '../apps/api/src/testing/cluster-process';
import { int, mark } from './results';
import { OTHER_SESSIONS, type RushReplicaResult, type RushReplicaRow } from './rush-replica';

/** The replica rush's part of bench/RESULTS.md (issue #28, decision 0120). */
const share = (part: number, whole: number) =>
  whole === 0 ? '–' : `${Math.round((part / whole) * 100)} %`;

const row = (r: RushReplicaRow) =>
  [
    r.arm === 'replica' ? 'on the replica' : 'on the primary (standby)',
    int(r.holds.offeredPerSecond),
    r.reading === 'hot' ? 'the hot session' : 'another event',
    `${r.holds.p50Ms} / ${r.holds.p99Ms} ms`,
    `${r.holds.counts.error + r.holds.counts.timeout + r.holds.counts.sold_out}`,
    `${r.reads.p50Ms} / ${r.reads.p99Ms} ms`,
    `${r.reads.counts.error + r.reads.counts.timeout}`,
    r.reading === 'hot' ? share(r.ages.behind, r.ages.reads) : '–',
    r.reading === 'hot' ? `${r.ages.p99Ms} / ${r.ages.maxMs} ms` : '–',
    int(r.replicaScans),
    `${r.oversold}`,
  ].join(' | ');

export function renderRushReplica(r: RushReplicaResult): string {
  const worstAge = Math.max(...r.rows.filter((x) => x.reading === 'hot').map((x) => x.ages.maxMs));
  const oversold = r.rows.reduce((sum, x) => sum + x.oversold, 0);
  return [
    '## Reserve rush with availability reads and a replica (cluster)',
    '',
    `Run: ${r.ranAt}. \`npx tsx bench/rush-replica.ts --write\` (issue #28, decision 0120).`,
    '',
    'Two open loops at once through nginx on a two-node cluster: holds (`POST /api/my/cart/modify`,',
    'one ticket in a new guest cart) on ONE session at the rate given, and reads of cached',
    'availability (`GET /cached_api/events/{event}/sessions/{session}`) at',
    `${int(r.readRate)}/s: of the hot session, or in turn of the ${OTHER_SESSIONS} sessions of another event nobody`,
    "holds (each URL misses a node's cache once per TTL: the reads a rush on one event must not",
    `push onto the primary). Each step ${r.seconds} s on a fresh session with room for every hold. Both arms run on`,
    "the cluster script's own primary with a `pg_basebackup` streaming replica beside it: the",
    "nodes' cached reads go to the replica (`--replica`), or the replica is a standby they never",
    "read (`--standby`, the control). A read's **age** is how long before it left a hold it does not",
    'count had been acknowledged (0 when it counts every one; `bench/staleness.ts`). Replica scans are',
    "the replica's own count of scans of `event_session` during the step: the reads it answered (the",
    "read router's position queries touch no table). Latency counts from when the request was due.",
    `Everything shares the machine (${r.cpus} CPUs); 1-minute load average at the start`,
    `${r.loadAverage.toFixed(1)}, at the end ${r.loadAverageEnd.toFixed(1)}.`,
    '',
    '| Cached reads | Holds/s | Reads of | Hold p50 / p99 | Holds not held | Read p50 / p99 | Reads failed | Reads behind | Age p99 / max | Replica scans | Oversold |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...r.rows.map((x) => `| ${row(x)} |`),
    '',
    `- Oldest availability shown: ${worstAge} ms, against the ${FRESH_WITHIN_MS} ms bound of decision 0097: ${mark(worstAge < FRESH_WITHIN_MS)}.`,
    `- Oversold: ${oversold}.`,
    '',
  ].join('\n');
}
