import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { launchBrowser, newContext, saveFailureScreenshot } from './browser';
import { startServer, type RunningServer, type StartServerOptions } from './server';

export interface BrowserFixture {
  readonly baseUrl: string;
  readonly page: Page;
  readonly browser: Browser;
}

/**
 * Registers hooks for one spec file: one Chromium per file, a fresh context and page per test,
 * and a screenshot in e2e/.artifacts when a test fails. The pages go to the suite's server, or,
 * with `ownServer`, to a server of the block's own started beside the browser and stopped after
 * it (e.g. on PostgreSQL: `{ database: 'PostgreSQL' }`).
 */
export function useBrowserPage(ownServer?: StartServerOptions): BrowserFixture {
  const sharedUrl = ownServer ? undefined : inject('baseUrl');
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  const baseUrl = () => {
    const url = sharedUrl ?? server?.baseUrl;
    if (!url) throw new Error('the server starts in beforeAll; read baseUrl inside tests');
    return url;
  };

  beforeAll(async () => {
    const [launched, started] = await Promise.allSettled([
      launchBrowser(),
      ownServer ? startServer(ownServer) : undefined,
    ]);
    // kept even when the other failed, so afterAll closes what did start
    if (launched.status === 'fulfilled') browser = launched.value;
    if (started.status === 'fulfilled') server = started.value;
    for (const settled of [launched, started])
      if (settled.status === 'rejected') throw settled.reason;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  beforeEach(async () => {
    if (!browser) throw new Error('browser did not start');
    context = await newContext(browser, baseUrl());
    page = await context.newPage();
  });
  afterEach(async ({ task }) => {
    // the test's outcome is already recorded when afterEach runs
    if (page && task.result?.state === 'fail') await saveFailureScreenshot(page, task.name);
    await context?.close();
    context = undefined;
    page = undefined;
  });

  return {
    get baseUrl() {
      return baseUrl();
    },
    get page() {
      if (!page) throw new Error('no page outside a test');
      return page;
    },
    get browser() {
      if (!browser) throw new Error('no browser outside a test');
      return browser;
    },
  };
}
