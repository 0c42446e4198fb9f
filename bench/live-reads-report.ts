import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  CONCURRENT_SECONDS,
  LIVE_TARGETS,
  type DatabaseRun,
  type LiveReadsResult,
} from './live-reads';
import { int, mark } from './results';

/** The live reads' part of bench/RESULTS.md: per database, each read's latency and the targets. */

/**
 * The same benchmark run on the code before availability moved to SQL (commit abd778a), kept
 * so every later run shows the before/after ratio; measured under the load noted inside it.
 */
export const baselineFile = fileURLToPath(new URL('./live-reads-baseline.json', import.meta.url));

function readBaseline(): LiveReadsResult | null {
  return existsSync(baselineFile)
    ? (JSON.parse(readFileSync(baselineFile, 'utf8')) as LiveReadsResult)
    : null;
}

const p50Of = (run: DatabaseRun | undefined, name: string) =>
  run?.reads.find((r) => r.name === name)?.p50Ms;

function table(run: DatabaseRun, before: DatabaseRun | undefined): string[] {
  const ratio = (now: number, then: number | undefined) =>
    then === undefined ? '–' : `${then} ms (${(then / now).toFixed(1)}×)`;
  return [
    `### ${run.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}`,
    '',
    '| Read | Items | p50 | p90 | p99 | p50 before (before ÷ now) |',
    '| --- | --- | --- | --- | --- | --- |',
    ...run.reads.map(
      (r) =>
        `| ${r.name}: \`${r.path.replace(/[0-9a-f-]{36}/, '{id}')}\` | ${r.items} | ${r.p50Ms} ms | ${r.p90Ms} ms | ${r.p99Ms} ms | ${ratio(r.p50Ms, p50Of(before, r.name))} |`,
    ),
    '',
    `${run.concurrentCalendar.clients} concurrent clients on the extended calendar for` +
      ` ${CONCURRENT_SECONDS} s: ${int(run.concurrentCalendar.requestsPerSecond)} requests/s, p50` +
      ` ${run.concurrentCalendar.p50Ms} ms, p99 ${run.concurrentCalendar.p99Ms} ms` +
      (before
        ? ` (before: ${int(before.concurrentCalendar.requestsPerSecond)} requests/s, p50 ${before.concurrentCalendar.p50Ms} ms).`
        : '.'),
    '',
  ];
}

interface TargetCheck {
  label: string;
  result: string;
  target: string;
  ok: boolean;
}

/** The three targets for one database run. */
function targetChecks(run: DatabaseRun): TargetCheck[] {
  const calendar = p50Of(run, 'calendar, a year (extended)') ?? Infinity;
  const bigDate = p50Of(run, "one date's sessions, ~7,000 in all") ?? Infinity;
  const smallDate = p50Of(run, "one date's sessions, ~700 in all") ?? Infinity;
  const name = run.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
  const independence = bigDate / smallDate;
  return [
    {
      label: `${name}: calendar of ${int(run.calendarSessions)} sessions, p50`,
      result: `${calendar} ms`,
      target: `≤ ${LIVE_TARGETS.calendarP50Ms} ms`,
      ok: calendar <= LIVE_TARGETS.calendarP50Ms,
    },
    {
      label: `${name}: one date's sessions, p50`,
      result: `${bigDate} ms`,
      target: `≤ ${LIVE_TARGETS.dateSessionsP50Ms} ms`,
      ok: bigDate <= LIVE_TARGETS.dateSessionsP50Ms,
    },
    {
      label: `${name}: one date's sessions, ${int(run.bigSessions)} vs ${int(run.smallSessions)} sessions in all, p50 ratio`,
      result: `${independence.toFixed(2)}×`,
      target: `≤ ${LIVE_TARGETS.independenceRatio}×`,
      ok: independence <= LIVE_TARGETS.independenceRatio,
    },
  ];
}

/** The targets a run missed (run-all.ts lists them on stderr). */
export function missedLiveTargets(r: LiveReadsResult): string[] {
  return r.runs.flatMap(targetChecks).flatMap((c) => (c.ok ? [] : [`live reads: ${c.label}`]));
}

/** The "Live reads" section of bench/RESULTS.md. */
export function renderLiveReads(r: LiveReadsResult): string {
  const baseline = readBaseline();
  const before = (kind: DatabaseRun['kind']) => baseline?.runs.find((b) => b.kind === kind);
  return [
    '## Live reads',
    '',
    `Run: ${r.ranAt}. \`npx tsx bench/live-reads.ts --write\` (bench/live-reads.ts) rewrites this section alone.`,
    '',
    'Uncached availability reads (`/api/…`, not `/cached_api/…`) on the real server',
    '(`node apps/api/dist/main.mjs`), over a throw-away PostgreSQL database and over a',
    'throw-away PGlite directory. One event has a year of 30-minute sessions (20 a day, 09:00 to',
    '18:30 New York time, every 21st one full), another the same for 35 days; one group, two types.',
    'Each read: 30 warm-up requests, then 200 one after the other from one keep-alive client',
    '(latency as the client sees it, JSON parsed).',
    `Server, database and client share the machine (${r.cpus} CPUs) with other work: 1-minute load`,
    `average ${r.loadAverage.toFixed(1)} at the start, ${r.loadAverageEnd.toFixed(1)} at the end, so absolute numbers are pessimistic.`,
    baseline
      ? `"p50 before" is the same benchmark on the code before the reads moved to SQL (commit abd778a), run ${baseline.ranAt} at load ${baseline.loadAverage.toFixed(1)} (\`bench/live-reads-baseline.json\`).`
      : '',
    '',
    '| Measure | Result | Target | Status |',
    '| --- | --- | --- | --- |',
    ...r.runs
      .flatMap(targetChecks)
      .map((c) => `| ${c.label} | ${c.result} | ${c.target} | ${mark(c.ok)} |`),
    '',
    ...r.runs.flatMap((run) => table(run, before(run.kind))),
  ].join('\n');
}
