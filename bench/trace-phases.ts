import type { Browser, Page } from 'playwright-core';

/**
 * Where a frame's time goes, from a Chromium trace with DevTools' timeline categories: thread
 * time (`tdur`, which waiting for a core does not inflate) of the renderer main thread's rendering
 * phases, of raster (`RasterTask`, on whichever worker runs it) and of the display compositor's
 * draw (`viz`, the GPU process's `VizCompositorThread`; software compositing under --disable-gpu).
 * Costlier to trace than `trace-cpu.ts`, so run on a page of its own.
 */
export interface FramePhases {
  /** markup parsed by insertAdjacentHTML */
  parseMs: number;
  /** style recalculation (`UpdateLayoutTree`) */
  styleMs: number;
  layoutMs: number;
  /** pre-paint, paint and layerisation (Blink walks the painted objects) */
  paintMs: number;
  rasterMs: number;
  vizMs: number;
}

interface TraceEvent {
  ph: string;
  name: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

const CATEGORIES = [
  '__metadata',
  'toplevel',
  'blink.user_timing',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'cc',
  'viz',
];
const MAIN_PHASES: Record<string, keyof FramePhases> = {
  ParseHTML: 'parseMs',
  UpdateLayoutTree: 'styleMs',
  Layout: 'layoutMs',
  PrePaint: 'paintMs',
  Paint: 'paintMs',
  Layerize: 'paintMs',
};

/**
 * Traces `action` and sums each phase over the events that start between the page's
 * `performance.mark`s `from` and `to` (to the trace's end when `to` is absent), and from `from`
 * to the end: the first frame after a mark, and all of them.
 */
export async function tracePhases<T>(
  browser: Browser,
  page: Page,
  action: () => Promise<T>,
  from: string,
  to: string,
): Promise<{ result: T; window: FramePhases; total: FramePhases }> {
  await browser.startTracing(page, { categories: CATEGORIES });
  const result = await action();
  const buffer = await browser.stopTracing();
  const events = (JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const threadName = new Map<string, string>();
  for (const event of events)
    if (event.ph === 'M' && event.name === 'thread_name')
      threadName.set(`${event.pid}:${event.tid}`, event.args?.name ?? '');
  const markOf = (name: string) => {
    const mark = events.find((event) => event.name === name);
    if (!mark) throw new Error(`no mark ${name} in the trace`);
    return mark;
  };
  const start = markOf(from);
  const end = markOf(to).ts;
  const empty = (): FramePhases => ({
    parseMs: 0,
    styleMs: 0,
    layoutMs: 0,
    paintMs: 0,
    rasterMs: 0,
    vizMs: 0,
  });
  const window = empty();
  const total = empty();
  for (const event of events) {
    if (event.ph !== 'X' || event.ts < start.ts) continue;
    const thread = threadName.get(`${event.pid}:${event.tid}`) ?? '';
    let phase: keyof FramePhases | undefined;
    if (event.pid === start.pid && thread === 'CrRendererMain') phase = MAIN_PHASES[event.name];
    else if (event.pid === start.pid && event.name === 'RasterTask') phase = 'rasterMs';
    else if (thread === 'VizCompositorThread' && event.name === 'Display::DrawAndSwap')
      phase = 'vizMs';
    if (!phase) continue;
    const ms = (event.tdur ?? event.dur ?? 0) / 1000;
    total[phase] += ms;
    if (event.ts < end) window[phase] += ms;
  }
  return { result, window, total };
}
