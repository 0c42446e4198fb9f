import { pathToFileURL } from 'node:url';
import { userAgents, screenEmulationMetrics } from 'lighthouse/core/config/constants.js';
import type { Browser, BrowserContext, CDPSession } from 'playwright-core';
import { HYDRATED_EVENT } from '@admit/contracts/storefront-pages';
import { launchBrowser, waitForHydrationAfterLoads } from '../e2e/support/browser';
import { readSellerConfig } from '../e2e/support/catalog';
import { reserveAsThisGuest } from '../e2e/support/reserve';
import { startServer, type RunningServer } from '../e2e/support/server';
import { buyHeldCart } from './lighthouse';
import { benchTmpDir } from './paths';
import {
  hotspots,
  kinds,
  mainThreadTasks,
  round,
  type Profile,
  type TraceEvent,
} from './trace-analysis';

/**
 * The main thread's work while a page loads on a phone, in thread CPU time (a trace's `tdur`),
 * so a machine busy with other work inflates it far less than wall-clock time: the page runs in
 * Lighthouse's mobile viewport and user agent with the DevTools 4× CPU throttle on, from a cold
 * cache, until it has hydrated and then been quiet for 3 s. `blockingMs` is Total Blocking
 * Time counted on those CPU durations: Σ max(0, task − 50 ms) over the main thread's top-level
 * tasks. With TRACE_HOTSPOTS set it also prints, within the long tasks, the CPU profile's
 * heaviest functions (wall-clock samples: read them as shares) and the trace's event kinds.
 *
 * `npx tsx bench/trace-page-load.ts [dist…]`: each storefront build given (a folder such as
 * apps/storefront/dist, with its `-ssr` twin beside it, inside the repository so the SSR
 * bundle finds its packages: e.g. bench/.tmp/base/dist) is served by its own server, and the
 * event, checkout and complete pages are loaded from each in turn, `TRACE_ROUNDS` times
 * (default 3; `TRACE_ONLY=event` for one page), so a before/after pair meets the same load. For
 * looking into TBT (issue #25); never a timed test, and its figures are not RESULTS.md's.
 */

const SLOWDOWN = 4;
const LONG_TASK_MS = 50;

export interface PageLoadCpu {
  /** every main-thread task from navigation to quiet, thread CPU ms under the 4× throttle */
  mainCpuMs: number;
  /** Σ max(0, task − 50 ms): Total Blocking Time in thread CPU time */
  blockingMs: number;
  /** the tasks over 50 ms, CPU ms each */
  longTasksMs: number[];
  /** JavaScript bytes (decoded) whose response ended before the page hydrated */
  jsBytesBeforeHydration: number;
  /** the same, as sent on the wire */
  jsWireBytesBeforeHydration: number;
  /** within the long tasks: self CPU by script file and function (ms), the heaviest first */
  hotspots: Array<{ where: string; ms: number }>;
  /** within the long tasks: CPU of the trace's timeline events by kind (nested ones overlap) */
  kinds: Array<{ where: string; ms: number }>;
}

const HYDRATED_MARK = 'admit-bench-hydrated';

/** Loads `url` in a new tab of `context` with a cold cache, traced; its main-thread figures. */
export async function tracePageLoad(
  browser: Browser,
  context: BrowserContext,
  url: string,
): Promise<PageLoadCpu> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const scripts = watchScripts(cdp);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await browser.startTracing(page, {
    categories: ['toplevel', '__metadata', 'blink.user_timing', 'devtools.timeline'],
  });
  await cdp.send('Profiler.start');
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForFunction(() => !document.querySelector('#root[data-server-render]'), null, {
    // an interval, not every frame: the check's own work stays out of the page's tasks
    polling: 250,
    timeout: 120_000,
  });
  // the work after hydration still counts until the page is quiet (Lighthouse's TTI)
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(3_000);
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
  const events = (
    JSON.parse((await browser.stopTracing()).toString('utf8')) as {
      traceEvents: TraceEvent[];
    }
  ).traceEvents;
  await page.close();

  const main = mainThreadTasks(events);
  const long = main.filter((task) => task.cpuMs > LONG_TASK_MS);
  const hydratedAt = events.find((event) => event.name === HYDRATED_MARK)?.ts ?? Infinity;
  const before = scripts.filter((script) => script.endTs <= hydratedAt);
  return {
    mainCpuMs: round(main.reduce((sum, task) => sum + task.cpuMs, 0)),
    blockingMs: round(main.reduce((sum, task) => sum + Math.max(0, task.cpuMs - LONG_TASK_MS), 0)),
    longTasksMs: long.map((task) => round(task.cpuMs)),
    jsBytesBeforeHydration: before.reduce((sum, script) => sum + script.bytes, 0),
    jsWireBytesBeforeHydration: before.reduce((sum, script) => sum + script.wireBytes, 0),
    hotspots: hotspots(profile, long),
    kinds: kinds(events, long),
  };
}

interface ScriptLoad {
  bytes: number;
  wireBytes: number;
  endTs: number;
}

/** Script responses of the tab and when each ended (the trace's clock, µs). */
function watchScripts(cdp: CDPSession): ScriptLoad[] {
  const loads: ScriptLoad[] = [];
  const pending = new Map<string, { bytes: number }>();
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Script') pending.set(event.requestId, { bytes: 0 });
  });
  cdp.on('Network.dataReceived', (event) => {
    const entry = pending.get(event.requestId);
    if (entry) entry.bytes += event.dataLength;
  });
  cdp.on('Network.loadingFinished', (event) => {
    const entry = pending.get(event.requestId);
    if (!entry) return;
    pending.delete(event.requestId);
    loads.push({
      bytes: entry.bytes,
      wireBytes: event.encodedDataLength,
      endTs: event.timestamp * 1e6,
    });
  });
  return loads;
}

/** A phone as Lighthouse's mobile preset emulates it, in a context that keeps the visitor. */
async function phoneContext(browser: Browser, baseUrl: string): Promise<BrowserContext> {
  const screen = screenEmulationMetrics.mobile;
  const context = await browser.newContext({
    baseURL: baseUrl,
    userAgent: userAgents.mobile,
    viewport: { width: screen.width, height: screen.height },
    deviceScaleFactor: screen.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
    timezoneId: 'UTC',
  });
  context.setDefaultTimeout(120_000);
  // tsx keeps function names with an esbuild helper that page.evaluate callbacks carry along
  await context.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
  await context.addInitScript({
    content: `document.addEventListener(${JSON.stringify(HYDRATED_EVENT)}, () => performance.mark(${JSON.stringify(HYDRATED_MARK)}), { once: true });`,
  });
  return context;
}

interface Build {
  dist: string;
  server: RunningServer;
  context: BrowserContext;
  urls: Record<'event' | 'checkout' | 'complete', string>;
}

/** A server for the build, and a visitor in the browser with a held cart and a paid order. */
async function prepareBuild(browser: Browser, dist: string): Promise<Build> {
  const server = await startServer({
    logDir: benchTmpDir,
    logName: `trace-server-${dist.replace(/[^a-z0-9]+/gi, '-')}.log`,
    env: { STOREFRONT_DIST: dist },
    // a loaded machine starts slowly; the figures are CPU time, not this wait
    startupTimeoutMs: 300_000,
  });
  const context = await phoneContext(browser, server.baseUrl);
  const page = await context.newPage();
  waitForHydrationAfterLoads(page);
  await page.goto('/demo-museum/events');
  const admission = (await readSellerConfig(page)).admission_event_id;
  if (!admission) throw new Error('the demo museum has no admission event');
  await reserveAsThisGuest(page, admission);
  await page.reload();
  const completeUrl = new URL(await buyHeldCart(page));
  // a second held cart for the checkout page, after the first was paid
  await reserveAsThisGuest(page, admission);
  await page.reload();
  await page.close();
  return {
    dist,
    server,
    context,
    urls: {
      event: `/demo-museum/events/${admission}`,
      checkout: '/demo-museum/checkout',
      complete: completeUrl.pathname + completeUrl.search,
    },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dists = process.argv.slice(2);
  if (dists.length === 0) dists.push('apps/storefront/dist');
  const rounds = Number(process.env.TRACE_ROUNDS ?? 3);
  const only = process.env.TRACE_ONLY;
  const browser = await launchBrowser();
  const builds: Build[] = [];
  try {
    for (const dist of dists) builds.push(await prepareBuild(browser, dist));
    const results: Record<string, PageLoadCpu[]> = {};
    for (let round = 0; round < rounds; round++) {
      for (const name of ['event', 'checkout', 'complete'] as const) {
        if (only && name !== only) continue;
        for (const build of builds) {
          const cpu = await tracePageLoad(
            browser,
            build.context,
            build.server.baseUrl + build.urls[name],
          );
          const key = `${name} ${build.dist}`;
          (results[key] ??= []).push(cpu);
          console.log(
            `${key}: main ${cpu.mainCpuMs} ms CPU, blocking ${cpu.blockingMs} ms, long tasks [${cpu.longTasksMs.join(', ')}], JS before hydration ${cpu.jsBytesBeforeHydration} B (${cpu.jsWireBytesBeforeHydration} B wire)`,
          );
          if (process.env.TRACE_HOTSPOTS) {
            for (const spot of cpu.hotspots) console.log(`    ${spot.ms} ms  ${spot.where}`);
            for (const kind of cpu.kinds) console.log(`    [trace] ${kind.ms} ms  ${kind.where}`);
          }
        }
      }
    }
    console.log('\nmedians (thread CPU ms under the 4× throttle; blocking = Σ max(0, task − 50)):');
    for (const [key, runs] of Object.entries(results)) {
      const median = (pick: (run: PageLoadCpu) => number) => {
        const sorted = runs.map(pick).sort((a, b) => a - b);
        return sorted[Math.floor(sorted.length / 2)];
      };
      console.log(
        `${key}: main ${median((r) => r.mainCpuMs)} ms, blocking ${median((r) => r.blockingMs)} ms, longest ${median((r) => Math.max(0, ...r.longTasksMs))} ms, JS before hydration ${median((r) => r.jsBytesBeforeHydration)} B`,
      );
    }
  } finally {
    for (const build of builds) {
      await build.context.close();
      await build.server.stop();
    }
    await browser.close();
  }
}
