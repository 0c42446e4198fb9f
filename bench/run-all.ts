import { writeFileSync } from 'node:fs';
import { measureBundle } from './bundle';
import { measureCatalogRead } from './catalog-read';
import { resultsFile } from './paths';
import { describeMachine, renderResults } from './results';

/**
 * Runs every benchmark and rewrites bench/RESULTS.md. Benchmarks report; they never fail the
 * build on a number (a missed target shows as "missed" in the table and on stderr).
 * Expects a built storefront (`npm run bench` builds first).
 */
const when = new Date();
const bundle = await measureBundle();
console.log(`bundle: ${bundle.gzipBytes} B gzip over ${bundle.files.length} files`);
const catalog = await measureCatalogRead();
console.log(
  `catalog read: real ${Math.round(catalog.real.requestsPerSecond)} req/s, ` +
    `in-memory ${Math.round(catalog.memory.requestsPerSecond)} req/s, ratio ${catalog.ratio.toFixed(2)}`,
);
writeFileSync(resultsFile, renderResults(when, describeMachine(), bundle, catalog));
console.log(`wrote ${resultsFile}`);

const missed = [
  bundle.gzipBytes > bundle.targetBytes ? 'bundle size' : '',
  catalog.ratio < catalog.targetRatio ? 'catalogue read ratio' : '',
].filter(Boolean);
if (missed.length > 0) console.error(`targets missed: ${missed.join(', ')}`);
const broken = [catalog.real, catalog.memory].some((r) => r.non2xx + r.errors + r.mismatches > 0);
if (broken) {
  console.error('some benchmark responses were errors or differed from the captured body');
  process.exitCode = 1;
}
