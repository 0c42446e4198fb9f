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
import { renderSeatMap } from './seat-map-report';
import { traceCpu, type TaskCpu } from './trace-cpu';
import { tracePhases, type FramePhases } from './trace-phases';

const storefrontSrc = fileURLToPath(new URL('../apps/storefront/src', import.meta.url));
const entry = join(storefrontSrc, 'testing/seat-map-bench-page.tsx');
const outDir = join(benchTmpDir, 'seat-map');
const ORIGIN = 'http://seat-map.bench';
/** fresh pages per measure; SEAT_BENCH_RUNS=1 checks the harness quickly (not for RESULTS.md) */
const RUNS = Number(process.env.SEAT_BENCH_RUNS ?? 5);
const FRAMES = 120;
/** from the page's load (and first idle moment) to the map's mount: a visitor's pause, at least */
const SETTLE_MS = 2000;

/** What the harness page (apps/storefront/src/testing/seat-map-bench-page.tsx) puts on window. */
interface BenchWindow {
  seatBench: {
    seats: number;
    mount: () => Promise<{ commitMs: number; firstFrameMs: number }>;
    gridComplete: () => Promise<GridFrames>;
    toggleOne: (id: string) => number;
    gesture: (kind: 'pan' | 'wheel' | 'pinch', frames: number) => Promise<number[]>;
  };
}
// page.evaluate sends a function's source: each one names the harness itself
const HARNESS = 'seatBench';
/** the harness's performance.mark at the first painted frame's start, and at the next frame's */
const PAINTED_MARK = 'seat-bench:painted';
const SECOND_FRAME_MARK = 'seat-bench:second-frame';

/** The frames while the cells are built (wall clock), as the harness reports them. */
export interface GridFrames {
  gridMs: number;
  longestFrameMs: number;
  /** the first frame after the painted one: it also waits for that frame's raster and draw */
  firstFrameMs: number;
  laterLongestFrameMs: number;
}

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
  grid: GridFrames[];
  /**
   * per run, on a fourth page traced with DevTools' timeline categories: where the cells' frames'
   * time goes, for the first frame after the painted one and for all of them
   */
  phases: { firstFrame: FramePhases; all: FramePhases }[];
  toggleMs: number[];
  /** thread CPU time per run (load-independent): the mount, and per frame of each gesture */
  cpu: {
    mount: TaskCpu[];
    /** from the first painted frame until every grid cell is built; longest task = longest frame */
    grid: TaskCpu[];
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
    const phases: SeatMapResult['phases'] = [];
    const frames = { pan: [] as number[], wheel: [] as number[], pinch: [] as number[] };
    const cpu: SeatMapResult['cpu'] = {
      mount: [],
      grid: [],
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

      // a third page, traced from mount to the last cell: the frames that build the cells, from
      // the first painted one (its mark), each one main-thread task (script and rendering)
      const cells = await openPage();
      const grid = await traceCpu(
        browser,
        cells,
        async () => {
          await cells.evaluate(() => (window as unknown as BenchWindow).seatBench.mount());
          await cells.evaluate(() => (window as unknown as BenchWindow).seatBench.gridComplete());
        },
        PAINTED_MARK,
      );
      cpu.grid.push(grid.cpu);
      await cells.close();

      // a fourth, traced in detail (the timeline categories cost the renderer more than the
      // third's): the rendering phases, raster and draw of the same frames
      const detailed = await openPage();
      const traced4 = await tracePhases(
        browser,
        detailed,
        async () => {
          await detailed.evaluate(() => (window as unknown as BenchWindow).seatBench.mount());
          await detailed.evaluate(() =>
            (window as unknown as BenchWindow).seatBench.gridComplete(),
          );
        },
        PAINTED_MARK,
        SECOND_FRAME_MARK,
      );
      phases.push({ firstFrame: traced4.window, all: traced4.total });
      await detailed.close();
    }
    return {
      seats,
      load: [loadBefore, loadavg()[0]!],
      mounts,
      grid: grids,
      phases,
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

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await measureSeatMap();
  const section = renderSeatMap(result, new Date());
  console.log(section);
  if (process.argv.includes('--write')) writeSection(section);
}
