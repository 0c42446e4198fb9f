import type { StartMemoryResult, StartMemoryRun } from './start-memory';
import { IDLE_MS, MB, PAGE } from './start-memory-processes';

/** The "Start-up and memory" section of bench/RESULTS.md (issue #26, decision 0096). */
export function renderStartMemory(r: StartMemoryResult): string {
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const mb = (bytes: number) => `${Math.round(bytes / MB)} MB`;
  const status = (met: boolean) => (met ? 'met' : '**missed**');
  const each = (pick: (run: StartMemoryRun) => string) => r.runs.map(pick).join(', ');
  const lm = r.loadMeasure;
  return [
    '## Start-up and memory',
    '',
    `Run ${r.ranAt} (\`npx tsx bench/start-memory.ts --write\`), ${r.runs.length} interleaved runs, one-minute`,
    `load average ${r.load} (at the start, after each run and after the load) on 2 cores shared with`,
    'other engineers: the times are upper bounds. `npm start` (npm, then `node scripts/start.mjs`: the',
    `build check and the server in one process) timed from the spawn to the first 200 for \`${PAGE}\`; a fresh install has the`,
    'build and an empty PGlite folder (migrations and the demo seed run first). Memory is the',
    `server's resident set after ${IDLE_MS / 1000} s at rest after its first page, with its default settings; each`,
    'run has its own bare process (node holding the same PGlite folder alone, one query). Values are',
    'medians of the runs (each run in brackets).',
    '',
    '| Measure | Value | Target | Status |',
    '| --- | --- | --- | --- |',
    `| First page, fresh install | ${s(r.freshMs)} (${each((x) => s(x.freshMs))}) | ≤ 10 s | ${status(r.freshMs <= 10_000)} |`,
    `| First page, later start | ${s(r.laterMs)} (${each((x) => s(x.laterMs))}) | ≤ 2 s | ${status(r.laterMs <= 2_000)} |`,
    `| Resident memory, PGlite | ${mb(r.pgliteRss)}, bare ${mb(r.bareRss)}: ${mb(r.aboveBare)} above (${each((x) => mb(x.pgliteRss - x.bareRss))}) | ≤ 60 MB above | ${status(r.aboveBare <= 60 * MB)} |`,
    r.postgresRss === null
      ? '| Resident memory, PostgreSQL | no PostgreSQL answered | ≤ 150 MB | — |'
      : `| Resident memory, PostgreSQL (later start) | ${mb(r.postgresRss)} (${each((x) => (x.postgresRss === null ? '—' : mb(x.postgresRss)))}) | ≤ 150 MB | ${status(r.postgresRss <= 150 * MB)} |`,
    ...(r.postgresSeedingRss === null
      ? []
      : [
          `| Resident memory, PostgreSQL, first start (migrations and the demo seed) | ${mb(r.postgresSeedingRss)} (${each((x) => (x.postgresSeedingRss === null ? '—' : mb(x.postgresSeedingRss)))}) | — | for information (decision 0102) |`,
        ]),
    lm === null
      ? '| Memory after the load | not run (`--minutes 0`) | ≤ 1.5× idle | — |'
      : `| Memory after ${lm.seconds / 60} min of load, PGlite | ${mb(lm.endRss)} against ${mb(lm.idleRss)} idle: ${(lm.endRss / lm.idleRss).toFixed(2)}× (peak ${mb(lm.peakRss)}; ${mb(lm.restedRss)} after ${IDLE_MS / 1000} s at rest) | ≤ 1.5× idle | ${lm.seconds < 600 ? 'short run, not the target' : status(lm.endRss <= 1.5 * lm.idleRss)} |`,
    '',
    ...(lm === null
      ? []
      : [
          `The load: ${lm.catalogueRequests} catalogue reads and ${lm.reserveRequests} reservations (${lm.reserveNon2xx} answered`,
          `sold out or refused once the session was full; ${lm.errors} errors), 10 connections each, at once.`,
          '',
        ]),
  ].join('\n');
}
