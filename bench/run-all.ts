import { writeFileSync } from 'node:fs';
import { measureBundle } from './bundle';
import { measureCatalogRead } from './catalog-read';
import { measureLiveReads } from './live-reads';
import { missedLiveTargets, renderLiveReads } from './live-reads-report';
import { resultsFile } from './paths';
import { measureReserveRush, RUSH_TARGET_P99_MS, RUSH_TARGET_RATIO } from './reserve-rush';
import { renderReserveRush } from './reserve-rush-report';
import { describeMachine, keptSections, renderResults } from './results';
import { measureStartup, renderStartup } from './startup';
import { measureLighthouse, meetsTargets, renderLighthouse } from './lighthouse';
import { measureSeatMap } from './seat-map';
import { missedSeatMapTargets, renderSeatMap } from './seat-map-report';

/**
 * Runs every benchmark and rewrites bench/RESULTS.md. Benchmarks report; they never fail the
 * build on a number (a missed target shows as "missed" in the table and on stderr).
 * Expects a built storefront (`npm run bench` builds first).
 */
const when = new Date();
const bundle = await measureBundle();
console.log(`bundle: ${bundle.sentBytes} B sent over ${bundle.files.length} files`);
const catalog = await measureCatalogRead();
console.log(
  `catalog read: real ${Math.round(catalog.real.requestsPerSecond)} req/s, ` +
    `in-memory ${Math.round(catalog.memory.requestsPerSecond)} req/s, ratio ${catalog.ratio.toFixed(2)}`,
);
const rush = await measureReserveRush();
console.log(
  `reserve rush: HTTP ${Math.round(rush.http.reservationsPerSecond)}/s (p99 ${rush.http.p99Ms} ms), ` +
    `raw SQL ${Math.round(rush.raw.reservationsPerSecond)}/s, oversold ${rush.http.oversold + rush.raw.oversold}`,
);
const live = await measureLiveReads();
for (const run of live.runs) {
  const [calendar] = run.reads;
  console.log(`live reads (${run.kind}): calendar p50 ${calendar?.p50Ms} ms`);
}
const lighthouse = await measureLighthouse();
const startup = await measureStartup();
console.log(`start-up: median ${startup.medianMs} ms over ${startup.runsMs.length} runs`);
const seatMap = await measureSeatMap();
const written =
  renderResults(when, describeMachine(), bundle, catalog) +
  '\n' +
  renderReserveRush(rush) +
  '\n' +
  renderLiveReads(live) +
  '\n' +
  renderLighthouse(lighthouse) +
  '\n' +
  renderStartup(startup) +
  '\n' +
  renderSeatMap(seatMap, when);
// sections this run does not write (a one-off evaluation, decision 0053) stay below it
writeFileSync(resultsFile, written + keptSections(written));
console.log(`wrote ${resultsFile}`);

const missed = [
  bundle.sentBytes > bundle.targetBytes ? 'bundle size' : '',
  catalog.ratio < catalog.targetRatio ? 'catalogue read ratio' : '',
  rush.ratio < RUSH_TARGET_RATIO ? 'reserve rush ratio' : '',
  rush.http.p99Ms >= RUSH_TARGET_P99_MS ? 'reserve rush p99' : '',
  startup.medianMs > startup.targetMs ? 'start-up' : '',
  lighthouse.rows.some((r) => r.formFactor === 'mobile' && !meetsTargets(r))
    ? 'Lighthouse mobile'
    : '',
  ...missedLiveTargets(live),
  ...missedSeatMapTargets(seatMap),
].filter(Boolean);
if (missed.length > 0) console.error(`targets missed: ${missed.join(', ')}`);
const broken =
  [catalog.real, catalog.memory].some((r) => r.non2xx + r.errors + r.mismatches > 0) ||
  rush.http.oversold + rush.raw.oversold + rush.http.errors > 0;
if (broken) {
  console.error('some benchmark responses were errors or differed from the captured body');
  process.exitCode = 1;
}
