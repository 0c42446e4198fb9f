import type { Browser, Page } from 'playwright-core';

/**
 * CPU time a page's renderer spends on an action, from a Chromium trace: the thread time
 * (`tdur`) of top-level tasks, which, unlike wall-clock time, a busy shared machine does not
 * inflate (a task waiting for a core is not counted). Main thread: script, style, layout, paint
 * recording; raster: the compositor thread's tasks and the `RasterTask`s that turn it into
 * pixels, on whichever worker runs them. Counted by the tile workers' top-level tasks, as this
 * once did, the raster column read 1.5 ms for a first paint that rasterises for 14 ms: a worker's
 * tasks are not `RunTask`s, and this Chromium rasterises on ThreadPoolForegroundWorker threads,
 * not CompositorTileWorker (`trace-phases.ts` counts the same `RasterTask`s).
 */
export interface TaskCpu {
  mainMs: number;
  rasterMs: number;
  /** the longest single main-thread task */
  longestTaskMs: number;
}

interface TraceEvent {
  ph: string;
  name: string;
  cat?: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

const TOP_LEVEL = new Set(['ThreadControllerImpl::RunTask', 'RunTask']);

/**
 * `fromMark`: count only the tasks still running at or after the page's `performance.mark` of
 * that name (the mark's own task included): the work of one phase of an action traced whole.
 */
export async function traceCpu<T>(
  browser: Browser,
  page: Page,
  action: () => Promise<T>,
  fromMark?: string,
): Promise<{ result: T; cpu: TaskCpu }> {
  const categories = ['toplevel', '__metadata', 'cc', ...(fromMark ? ['blink.user_timing'] : [])];
  await browser.startTracing(page, { categories });
  const result = await action();
  const buffer = await browser.stopTracing();
  const events = (JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const threadName = new Map<string, string>();
  for (const event of events)
    if (event.ph === 'M' && event.name === 'thread_name')
      threadName.set(`${event.pid}:${event.tid}`, event.args?.name ?? '');
  const from = fromMark ? events.find((event) => event.name === fromMark)?.ts : -Infinity;
  if (from === undefined) throw new Error(`no mark ${fromMark} in the trace`);
  // per renderer process: its main thread's tasks and its raster threads' tasks
  const byPid = new Map<number, { main: number[]; raster: number }>();
  for (const event of events) {
    if (event.ph !== 'X' || event.tdur === undefined) continue;
    if (event.ts + (event.dur ?? 0) < from) continue;
    const name = threadName.get(`${event.pid}:${event.tid}`) ?? '';
    const topLevel = TOP_LEVEL.has(event.name);
    const entry = byPid.get(event.pid) ?? { main: [], raster: 0 };
    if (topLevel && name === 'CrRendererMain') entry.main.push(event.tdur / 1000);
    else if (topLevel && name === 'Compositor') entry.raster += event.tdur / 1000;
    // on whichever worker runs it (CompositorTileWorker, or this Chromium's
    // ThreadPoolForegroundWorker); never inside a task counted above
    else if (event.name === 'RasterTask' && name !== 'Compositor' && name !== 'CrRendererMain')
      entry.raster += event.tdur / 1000;
    else continue;
    byPid.set(event.pid, entry);
  }
  const busiest = [...byPid.values()].sort(
    (a, b) => b.main.reduce((s, t) => s + t, 0) - a.main.reduce((s, t) => s + t, 0),
  )[0] ?? { main: [], raster: 0 };
  return {
    result,
    cpu: {
      mainMs: busiest.main.reduce((sum, task) => sum + task, 0),
      rasterMs: busiest.raster,
      longestTaskMs: Math.max(0, ...busiest.main),
    },
  };
}
