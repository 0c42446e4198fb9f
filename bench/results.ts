import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, platform, release, totalmem } from 'node:os';
import type { BundleResult } from './bundle';
import type { CatalogReadResult } from './catalog-read';
import { resultsFile } from './paths';

export interface Machine {
  cpus: number;
  cpuModel: string;
  memoryGiB: number;
  node: string;
  os: string;
}

export function describeMachine(): Machine {
  return {
    cpus: availableParallelism(),
    cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    os: `${platform()} ${release()}`,
  };
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
/** A target's status in RESULTS.md. */
export const mark = (ok: boolean) => (ok ? 'met' : '**missed**');
/** A count as RESULTS.md prints it: rounded, with thousands separators. */
export const int = (n: number) => Math.round(n).toLocaleString('en-US');

/** The text of bench/RESULTS.md for one run. */
export function renderResults(
  when: Date,
  machine: Machine,
  bundle: BundleResult,
  catalog: CatalogReadResult,
): string {
  const bundleOk = bundle.sentBytes <= bundle.targetBytes;
  const catalogOk = catalog.ratio >= catalog.targetRatio;
  const lines = [
    '# Benchmark results',
    '',
    'Written by `npm run bench` (bench/run-all.ts); do not edit by hand. Loopback only.',
    '',
    `- Date: ${when.toISOString()}`,
    `- Machine: ${machine.cpus} CPUs (nproc), ${machine.cpuModel}, ${machine.memoryGiB} GiB, ${machine.os}`,
    `- Node: ${machine.node}`,
    '',
    '| Benchmark | Result | Target | Status |',
    '| --- | --- | --- | --- |',
    `| JavaScript for \`${bundle.page}\` before interaction, as sent | ${kb(bundle.sentBytes)} | ≤ ${kb(bundle.targetBytes)} | ${mark(bundleOk)} |`,
    `| Catalogue read, real route vs the same bytes from memory | ${catalog.ratio.toFixed(2)}× | ≥ ${catalog.targetRatio}× | ${mark(catalogOk)} |`,
    '',
    '## Bundle',
    '',
    `Every JavaScript response Chromium loaded for \`${bundle.page}\` until network idle: the body bytes`,
    "as the server sent them (Chromium's encoded body size, with the Accept-Encoding it sends), summed;",
    `1 KB = 1000 bytes. Decoded total: ${kb(bundle.rawBytes)}. The host sent the page drawn: ${bundle.drawn ? 'yes' : 'no (rendered over its budget, so the listing read ran on first load and brought zod)'}.`,
    '',
    '| File | Content-Encoding | Sent | Decoded |',
    '| --- | --- | --- | --- |',
    ...bundle.files.map(
      (f) => `| \`${f.path}\` | ${f.encoding} | ${kb(f.sentBytes)} | ${kb(f.rawBytes)} |`,
    ),
    '',
    '## Catalogue read',
    '',
    `\`GET ${catalog.path}\` (${kb(catalog.bodyBytes)} body) on the real server`,
    '(`node apps/api/dist/main.mjs`, in-memory PGlite, demo seed) against a bare fastify',
    'process answering `GET /memory` with the same captured bytes. Each: 2 s warm-up, then',
    `${catalog.durationSeconds} s with autocannon, ${catalog.connections} connections, same headers`,
    '(`tix-app: ecomm` and the session cookie); every response body must equal the captured one.',
    '',
    '| Route | Requests/s | p50 latency | p99 latency | Requests | Non-2xx | Errors | Body mismatches |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    loadRow('real', catalog.real),
    loadRow('in-memory', catalog.memory),
    '',
  ];
  return lines.join('\n');
}

function loadRow(name: string, run: CatalogReadResult['real']): string {
  return `| ${name} | ${int(run.requestsPerSecond)} | ${run.latencyP50Ms} ms | ${run.latencyP99Ms} ms | ${int(run.requests)} | ${run.non2xx} | ${run.errors} | ${run.mismatches} |`;
}

/**
 * Puts a section ("## Title" on its first line) into bench/RESULTS.md in place of an earlier
 * one with the same title (or at the end), so one benchmark run alone rewrites only its part.
 */
export function writeSection(section: string) {
  const heading = section.split('\n', 1)[0]!;
  const current = existsSync(resultsFile)
    ? readFileSync(resultsFile, 'utf8')
    : '# Benchmark results\n';
  const start = current.indexOf(heading);
  const next = start < 0 ? -1 : current.indexOf('\n## ', start + 1);
  const before = start < 0 ? current.trimEnd() + '\n\n' : current.slice(0, start);
  const after = next < 0 ? '' : current.slice(next + 1);
  writeFileSync(resultsFile, before + section + (after ? '\n' + after : ''));
}

/**
 * The sections of bench/RESULTS.md that `text` (a full run's) does not write itself, such as a
 * one-off evaluation (decision 0053), so a full `npm run bench` keeps them below its own.
 */
export function keptSections(text: string): string {
  if (!existsSync(resultsFile)) return '';
  const written = new Set(text.split('\n').filter((line) => line.startsWith('## ')));
  const sections = readFileSync(resultsFile, 'utf8')
    .split(/\n(?=## )/)
    .slice(1);
  const kept = sections.filter((section) => !written.has(section.split('\n', 1)[0]!));
  return kept.map((section) => '\n' + section.trimEnd() + '\n').join('');
}
