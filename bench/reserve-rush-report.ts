import {
  RUSH_TARGET_P99_MS,
  RUSH_TARGET_RATIO,
  type ReserveRushResult,
  type RushRun,
} from './reserve-rush';
import { int, mark } from './results';

/** The reserve rush's part of bench/RESULTS.md: its table, targets and latency analysis. */

/**
 * What the p99 target implies (Little's law for a closed loop): with N clients always waiting,
 * mean latency = N / throughput, and p99 = mean × the run's own tail factor (p99 / mean).
 */
function latencyAnalysis(r: ReserveRushResult): string[] {
  const tail = (run: RushRun) => run.p99Ms / ((r.clients / (run.attempts / run.seconds)) * 1000);
  const needed = (run: RushRun) => (r.clients * tail(run)) / (RUSH_TARGET_P99_MS / 1000);
  const httpNeeded = needed(r.http);
  const cpu = r.http.cpuMsPerAttempt;
  const cpuPerAttempt = (cpu.server ?? 0) + cpu.postgres + cpu.clients;
  // the most the machine could do if the rush had every CPU to itself and nothing else
  const ceiling = (r.cpus * 1000) / cpuPerAttempt;
  const serverCeiling = cpu.server ? 1000 / cpu.server : Infinity;
  return [
    `With ${r.clients} closed-loop clients the mean latency is ${r.clients} / throughput (Little's law), and`,
    `p99 = mean × tail factor. Measured tail factors (p99 / mean): HTTP ${tail(r.http).toFixed(2)}, raw SQL`,
    `${tail(r.raw).toFixed(2)}. A p99 under ${RUSH_TARGET_P99_MS} ms at ${r.clients} clients therefore needs about`,
    `${r.clients} × ${tail(r.http).toFixed(2)} / ${RUSH_TARGET_P99_MS / 1000} s = ${int(httpNeeded)} attempts/s on the HTTP path (${(httpNeeded / (r.http.attempts / r.http.seconds)).toFixed(1)}× this run).`,
    `An HTTP attempt cost ${cpuPerAttempt.toFixed(2)} ms of CPU in all (server + PostgreSQL + clients), so ${r.cpus} CPUs`,
    `doing nothing else top out near ${int(ceiling)} attempts/s, and the one server thread near ${int(serverCeiling)}/s:`,
    httpNeeded > Math.min(ceiling, serverCeiling)
      ? 'the p99 target is beyond this machine whatever else is running; see'
      : 'the target is within reach of this machine when it is otherwise idle; see',
    '`docs/decisions/0011-reserve-path-round-trips.md` for the profile and what limits it.',
    '',
  ];
}

/** The "Reserve rush" section of bench/RESULTS.md. */
export function renderReserveRush(r: ReserveRushResult): string {
  const row = (name: string, run: RushRun) =>
    `| ${name} | ${int(run.reservationsPerSecond)} | ${run.p50Ms} ms | ${run.p99Ms} ms | ${int(run.attempts)} | ${int(run.held)} | ${int(run.soldOut)} | ${run.errors} | ${run.oversold} |`;
  const cpu = (name: string, run: RushRun) =>
    `| ${name} | ${run.cpuMsPerAttempt.server === null ? '–' : run.cpuMsPerAttempt.server.toFixed(2)} | ${run.cpuMsPerAttempt.postgres.toFixed(2)} | ${run.cpuMsPerAttempt.clients.toFixed(2)} |`;
  return [
    '## Reserve rush',
    '',
    `Run: ${r.ranAt}.`,
    '',
    `${r.clients} concurrent clients, ${r.perClient} attempts each, one ticket per attempt, all on ONE session`,
    `of ${int(r.capacity)} places (so the last wave races for the final places and is refused), on a`,
    'throw-away PostgreSQL database. "HTTP" is `POST /api/my/cart/modify` on the real server (a new',
    'guest cart per attempt: the plan reads (cached for 2 s, never capacity), then the hold, coalesced',
    'with the other holds waiting on the session: begin, the counter row locked, ONE statement taking',
    "the places and inserting every winner's cart and ticket, commit; the bundle answered from the rows",
    'in hand — `apps/api/src/modules/cart/hold-batch.ts`, round trips counted in',
    '`apps/api/src/modules/cart/reserve-round-trips.test.ts`). The driving clients use node:http with',
    'one keep-alive socket each.',
    `"raw SQL" is the same conditional \`UPDATE … RETURNING\` alone, from a plain \`pg\` pool of ${r.poolSize}`,
    "(the server's pool size) driven by the same number of clients. Latency is per attempt.",
    `Server, PostgreSQL and clients share the machine (${r.cpus} CPUs); 1-minute load average at the`,
    `start: ${r.loadAverage.toFixed(1)}, at the end: ${r.loadAverageEnd.toFixed(1)} (above ${r.cpus}: other work was queueing for the CPUs).`,
    '',
    '| Path | Reservations/s | p50 latency | p99 latency | Attempts | Held | Sold out | Errors | Oversold |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    row('HTTP', r.http),
    row('raw SQL', r.raw),
    '',
    'CPU per attempt (ms, user + system, from `/proc/<pid>/stat` and `process.cpuUsage()` around',
    "each run; PostgreSQL = the backends connected to the run's database):",
    '',
    '| Path | API server | PostgreSQL backends | Driving clients |',
    '| --- | --- | --- | --- |',
    cpu('HTTP', r.http),
    cpu('raw SQL', r.raw),
    '',
    '| Target | Result | Status |',
    '| --- | --- | --- |',
    `| HTTP ≥ ${RUSH_TARGET_RATIO * 100} % of raw SQL | ${(r.ratio * 100).toFixed(1)} % | ${mark(r.ratio >= RUSH_TARGET_RATIO)} |`,
    `| HTTP p99 < ${RUSH_TARGET_P99_MS} ms at ${r.clients} clients | ${r.http.p99Ms} ms | ${mark(r.http.p99Ms < RUSH_TARGET_P99_MS)} |`,
    `| zero oversold | ${r.http.oversold + r.raw.oversold} | ${mark(r.http.oversold + r.raw.oversold === 0)} |`,
    '',
    ...latencyAnalysis(r),
  ].join('\n');
}
