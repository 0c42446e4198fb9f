// Probes of the SSR trial's measurement (decision 0053): Lighthouse, hydration, memory.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import lighthouse, { type Flags } from 'lighthouse';
import { userAgents } from 'lighthouse/core/config/constants.js';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../../e2e/support/browser';
import { freePort } from '../../e2e/support/server';

export const pidOfPort = (port: number): number => {
  const out = execFileSync('ss', ['-ltnpH', `sport = :${port}`]).toString();
  const pid = /pid=(\d+)/.exec(out)?.[1];
  if (!pid) throw new Error(`no process listens on ${port}`);
  return Number(pid);
};
export const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[(values.length - 1) >> 1]!;
/** Lighthouse mobile on the page, cold browser cache (its default storage reset). */
export async function audit(port: number, url: string) {
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
  };
  // the page asked for once with the audit's user agent, as bench/lighthouse.ts warms it
  await fetch(url, { headers: { 'user-agent': userAgents.mobile } }).then((r) => r.arrayBuffer());
  for (let attempt = 1; ; attempt++) {
    const lhr = (await lighthouse(url, flags))!.lhr;
    if (lhr.runtimeError && attempt < 2) continue;
    if (lhr.runtimeError) throw new Error(lhr.runtimeError.message);
    const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const items = (lhr.audits['network-requests']?.details as { items?: object[] }).items ?? [];
    const jsBytes = (items as { resourceType?: string; transferSize?: number }[])
      .filter((i) => i.resourceType === 'Script')
      .reduce((sum, i) => sum + (i.transferSize ?? 0), 0);
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcpMs: Math.round(metric('first-contentful-paint')),
      lcpMs: Math.round(metric('largest-contentful-paint')),
      tbtMs: Math.round(metric('total-blocking-time')),
      cls: metric('cumulative-layout-shift'),
      bytes: Math.round(metric('total-byte-weight')),
      jsBytes,
    };
  }
}

/**
 * Navigation start to the page's hydrated event (`admit:hydrated`, sent by both when React has
 * committed the hydrated page), in a fresh context (cold cache), phone user agent and viewport,
 * CPU 4x slower; the median of 3 loads.
 */
export async function hydration(url: string): Promise<number> {
  const browser = await chromium.launch({
    executablePath: await chromiumPath(),
    args: CHROMIUM_ARGS,
  });
  const times: number[] = [];
  try {
    for (let i = 0; i < 3; i++) {
      const context = await browser.newContext({
        userAgent: userAgents.mobile,
        viewport: { width: 412, height: 823 },
        isMobile: true,
      });
      const page = await context.newPage();
      await page.addInitScript({
        content:
          "document.addEventListener('admit:hydrated', () => { window.__hydratedAt = performance.now(); });",
      });
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(url);
      await page.waitForFunction(() => (window as { __hydratedAt?: number }).__hydratedAt, null, {
        timeout: 60_000,
      });
      times.push(
        await page.evaluate(() => (window as unknown as { __hydratedAt: number }).__hydratedAt),
      );
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return median(times);
}

export async function lighthouseBrowser<T>(run: (port: number) => Promise<T>): Promise<T> {
  const port = await freePort();
  const browser = await chromium.launch({
    executablePath: await chromiumPath(),
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  try {
    return await run(port);
  } finally {
    await browser.close();
  }
}
