import { readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { chromium, type Page } from 'playwright-core';
import { build } from 'vite';
import { CHROMIUM_ARGS, chromiumPath, DESKTOP_VIEWPORT } from '../e2e/support/browser';
import { benchTmpDir } from './paths';
import { writeSection } from './results';
import { traceCpu, type TaskCpu } from './trace-cpu';

/** Targets of issue #24 for a 5,000-seat map in Chromium on this machine. */
export const SEAT_MAP_TARGETS = { firstRenderMs: 150, frameMs: 16 } as const;

const storefrontSrc = fileURLToPath(new URL('../apps/storefront/src', import.meta.url));
const entry = join(storefrontSrc, 'testing/seat-map-bench-page.tsx');
const outDir = join(benchTmpDir, 'seat-map');
const ORIGIN = 'http://seat-map.bench';
const RUNS = 5;
const FRAMES = 120;
/** from the page's load (and first idle moment) to the map's mount: a visitor's pause, at least */
const SETTLE_MS = 2000;

/** What the harness page (apps/storefront/src/testing/seat-map-bench-page.tsx) puts on window. */
interface BenchWindow {
  seatBench: {
    seats: number;
    mount: () => Promise<{ commitMs: number; firstFrameMs: number }>;
    gridComplete: () => Promise<{ gridMs: number; longestFrameMs: number }>;
    toggleOne: (id: string) => number;
    gesture: (kind: 'pan' | 'wheel' | 'pinch', frames: number) => Promise<number[]>;
  };
}
// page.evaluate sends a function's source: each one names the harness itself
const HARNESS = 'seatBench';

export interface FrameStats {
  frames: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

export interface SeatMapResult {
  seats: number;
  /** the machine's 1-minute load average before and after (it is shared: say how busy it was) */
  load: [number, number];
  /** per run: React commit, and to the first painted frame after it */
  mounts: { commitMs: number; firstFrameMs: number }[];
  /** per run: from mount until every seat's grid cell is built (the cells come after the paint) */
  grid: { gridMs: number; longestFrameMs: number }[];
  toggleMs: number[];
  /** thread CPU time per run (load-independent): the mount, and per frame of each gesture */
  cpu: {
    mount: TaskCpu[];
    toggle: TaskCpu[];
    pan: TaskCpu[];
    wheel: TaskCpu[];
    pinch: TaskCpu[];
  };
  pan: FrameStats;
  wheelZoom: FrameStats;
  pinch: FrameStats;
}

/** The harness page, built as production code is (Vite, React's production build). */
async function buildPage(): Promise<void> {
  rmSync(outDir, { recursive: true, force: true });
  await build({
    configFile: false,
    logLevel: 'warn',
    mode: 'production',
    plugins: [react()],
    resolve: { alias: { '@': storefrontSrc } },
    build: {
      outDir,
      emptyOutDir: true,
      rollupOptions: {
        input: entry,
        output: { entryFileNames: 'bench.js', assetFileNames: 'bench[extname]' },
      },
    },
  });
}

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Seat map bench</title>
<link rel="stylesheet" href="/bench.css"></head><body><div id="root"></div>
<script type="module" src="/bench.js"></script></body></html>`;

async function servePage(page: Page) {
  await page.route(`${ORIGIN}/**`, (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path === '/') return route.fulfill({ contentType: 'text/html', body: PAGE });
    if (path === '/favicon.ico') return route.fulfill({ status: 404, body: '' });
    const type = path.endsWith('.css') ? 'text/css' : 'text/javascript';
    // a missing file is a broken harness (a page without its styles measures something else)
    return route.fulfill({ contentType: type, body: readFileSync(join(outDir, path)) });
  });
}

function stats(intervals: number[]): FrameStats {
  const sorted = [...intervals].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    frames: sorted.length,
    p50Ms: round(at(0.5)),
    p95Ms: round(at(0.95)),
    maxMs: round(sorted.at(-1)!),
  };
}

/**
 * One gesture for FRAMES frames, driven inside the page (the harness's `gesture`). Chromium runs
 * without its frame-rate cap, so a frame interval is what a frame costs (script, style, layout,
 * paint, composite), not the 16.7 ms of a display's vsync.
 */
function gesture(page: Page, kind: 'pan' | 'wheel' | 'pinch'): Promise<number[]> {
  return page.evaluate(
    ([kind, frames]) => (window as unknown as BenchWindow).seatBench.gesture(kind, frames),
    [kind, FRAMES] as const,
  );
}

export async function measureSeatMap(): Promise<SeatMapResult> {
  await buildPage();
  const loadBefore = loadavg()[0]!;
  const browser = await chromium.launch({
    executablePath: await chromiumPath(),
    args: [...CHROMIUM_ARGS, '--disable-frame-rate-limit', '--disable-gpu-vsync'],
    headless: true,
  });
  try {
    const mounts: SeatMapResult['mounts'] = [];
    const toggleMs: number[] = [];
    const grids: SeatMapResult['grid'] = [];
    const frames = { pan: [] as number[], wheel: [] as number[], pinch: [] as number[] };
    const cpu: SeatMapResult['cpu'] = {
      mount: [],
      toggle: [],
      pan: [],
      wheel: [],
      pinch: [],
    };
    let seats = 0;
    const openPage = async () => {
      const page = await browser.newPage({ viewport: DESKTOP_VIEWPORT });
      await servePage(page);
      await page.goto(`${ORIGIN}/`);
      await page.waitForFunction((name) => name in window, HARNESS);
      // the map opens on a page that has loaded and settled, as when a visitor presses "Find
      // Seats" seconds after the page came: the page's own start-up is not the map's. Idle alone is
      // not settled: mounted within ~50 ms of the load, the commit took twice as long (220–270 ms
      // against 100–130 ms 1.5 s later), the engine still busy with the page's script
      await page.evaluate(
        () =>
          new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 2000 })),
      );
      await page.waitForTimeout(SETTLE_MS);
      return page;
    };
    for (let run = 0; run < RUNS; run += 1) {
      // wall-clock time as a visitor meets it, on a page with no trace running: a trace's own
      // buffering costs the renderer time, and showed as slow frames no visitor has
      const page = await openPage();
      seats = await page.evaluate(() => (window as unknown as BenchWindow).seatBench.seats);
      mounts.push(await page.evaluate(() => (window as unknown as BenchWindow).seatBench.mount()));
      grids.push(
        await page.evaluate(() => (window as unknown as BenchWindow).seatBench.gridComplete()),
      );
      toggleMs.push(
        await page.evaluate(() => (window as unknown as BenchWindow).seatBench.toggleOne('C-T-12')),
      );
      for (const kind of ['pan', 'wheel', 'pinch'] as const) {
        frames[kind].push(...(await gesture(page, kind)));
      }
      await page.close();

      // the same actions on a second page, traced: what the renderer's threads spent
      const traced = await openPage();
      const mount = await traceCpu(browser, traced, () =>
        traced.evaluate(() => (window as unknown as BenchWindow).seatBench.mount()),
      );
      cpu.mount.push(mount.cpu);
      await traced.evaluate(() => (window as unknown as BenchWindow).seatBench.gridComplete());
      const toggle = await traceCpu(browser, traced, () =>
        traced.evaluate(() => (window as unknown as BenchWindow).seatBench.toggleOne('C-T-12')),
      );
      cpu.toggle.push(toggle.cpu);
      for (const kind of ['pan', 'wheel', 'pinch'] as const) {
        const gestureCpu = await traceCpu(browser, traced, () => gesture(traced, kind));
        const perFrame = (ms: number) => ms / gestureCpu.result.length;
        cpu[kind].push({
          mainMs: perFrame(gestureCpu.cpu.mainMs),
          rasterMs: perFrame(gestureCpu.cpu.rasterMs),
          longestTaskMs: gestureCpu.cpu.longestTaskMs,
        });
      }
      await traced.close();
    }
    return {
      seats,
      load: [loadBefore, loadavg()[0]!],
      mounts,
      grid: grids,
      toggleMs,
      cpu,
      pan: stats(frames.pan),
      wheelZoom: stats(frames.wheel),
      pinch: stats(frames.pinch),
    };
  } finally {
    await browser.close();
  }
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (n: number) => `${n.toFixed(1)} ms`;
const mark = (ok: boolean) => (ok ? 'met' : '**missed**');

/** The targets a run missed, in wall-clock time as a visitor meets them. */
export function missedSeatMapTargets(result: SeatMapResult): string[] {
  const firstFrame = median(result.mounts.map((m) => m.firstFrameMs));
  return [
    firstFrame > SEAT_MAP_TARGETS.firstRenderMs ? 'seat map first render' : '',
    [result.pan, result.wheelZoom, result.pinch].some((s) => s.p95Ms > SEAT_MAP_TARGETS.frameMs)
      ? 'seat map frames'
      : '',
  ].filter(Boolean);
}

/** A CPU row: the target holds for main thread plus raster, the whole cost of the work. */
function cpuRow(name: string, runs: TaskCpu[], targetMs: number | null): string {
  const main = median(runs.map((r) => r.mainMs));
  const raster = median(runs.map((r) => r.rasterMs));
  const longest = median(runs.map((r) => r.longestTaskMs));
  const target =
    targetMs === null
      ? '— | —'
      : `main + raster ≤ ${targetMs} ms | ${mark(main + raster <= targetMs)}`;
  return `| ${name} | ${ms(main)} | ${ms(raster)} | ${ms(longest)} | ${target} |`;
}

/** The RESULTS.md section of a seat map run. */
export function renderSeatMap(result: SeatMapResult, when: Date): string {
  const commit = median(result.mounts.map((m) => m.commitMs));
  const firstFrame = median(result.mounts.map((m) => m.firstFrameMs));
  const row = (name: string, s: FrameStats) =>
    `| ${name} | ${s.frames} | ${ms(s.p50Ms)} | ${ms(s.p95Ms)} | ${ms(s.maxMs)} | ${mark(s.p95Ms <= SEAT_MAP_TARGETS.frameMs)} |`;
  return [
    '## Seat map',
    '',
    `\`bench/seat-map.ts\` (${when.toISOString()}): the seat map panel`,
    '(`apps/storefront/src/features/seats/map/`) with a synthetic hall of',
    `${result.seats.toLocaleString('en-US')} seats (5 sections × 40 rows × 25), built by Vite in production`,
    'mode and mounted alone in headless Chromium (1280×800), median of',
    `${result.mounts.length} fresh pages. Gestures go through the real handlers, one input per frame, with`,
    "Chromium's frame-rate cap off (`--disable-frame-rate-limit --disable-gpu-vsync`), so a frame",
    'interval is the cost of a frame, not the display rate. Wall-clock figures come from pages',
    'with no trace running (a trace costs the renderer time of its own). 1-minute load average of this 2-core',
    `machine during the run: ${result.load[0].toFixed(1)} before, ${result.load[1].toFixed(1)} after.`,
    '',
    '| Measure | Result | Target | Status |',
    '| --- | --- | --- | --- |',
    `| First render: React commit of ${result.seats.toLocaleString('en-US')} seats | ${ms(commit)} | — | — |`,
    `| First render: to the first painted frame after it | ${ms(firstFrame)} | ≤ ${SEAT_MAP_TARGETS.firstRenderMs} ms | ${mark(firstFrame <= SEAT_MAP_TARGETS.firstRenderMs)} |`,
    `| Every seat's grid cell built (from mount; in tasks after the first frame) | ${ms(median(result.grid.map((g) => g.gridMs)))} | — | — |`,
    `| Longest frame while the cells are built | ${ms(median(result.grid.map((g) => g.longestFrameMs)))} | ≤ ${SEAT_MAP_TARGETS.frameMs} ms | ${mark(median(result.grid.map((g) => g.longestFrameMs)) <= SEAT_MAP_TARGETS.frameMs)} |`,
    `| One seat selected (commit, memoised layer) | ${ms(median(result.toggleMs))} | — | — |`,
    '',
    '| Gesture | Frames | p50 | p95 | max | p95 ≤ 16 ms |',
    '| --- | --- | --- | --- | --- | --- |',
    row('Drag to pan (at ×4)', result.pan),
    row('Wheel zoom at the pointer', result.wheelZoom),
    row('Pinch (two pointers, at ×4)', result.pinch),
    '',
    "The same actions on a second, traced page per run, in thread CPU time (a Chromium trace's `tdur` of top-level tasks, `bench/trace-cpu.ts`):",
    'what the renderer itself spent, which waiting for a core on a loaded machine does not inflate.',
    'Median over the runs; gestures per frame (main thread and raster threads), and the longest task.',
    '',
    '| CPU time | Main thread | Raster | Longest main-thread task | Target | Status |',
    '| --- | --- | --- | --- | --- | --- |',
    cpuRow('First render (mount to first frame)', result.cpu.mount, SEAT_MAP_TARGETS.firstRenderMs),
    // issue #24 sets no target for a selection; shown to prove the memoised rows
    cpuRow('One seat selected (no target set)', result.cpu.toggle, null),
    cpuRow('Drag to pan, per frame', result.cpu.pan, SEAT_MAP_TARGETS.frameMs),
    cpuRow('Wheel zoom, per frame', result.cpu.wheel, SEAT_MAP_TARGETS.frameMs),
    cpuRow('Pinch, per frame', result.cpu.pinch, SEAT_MAP_TARGETS.frameMs),
    '',
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await measureSeatMap();
  const section = renderSeatMap(result, new Date());
  console.log(section);
  if (process.argv.includes('--write')) writeSection(section);
}
