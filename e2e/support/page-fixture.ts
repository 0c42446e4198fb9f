import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { launchBrowser, newContext, saveFailureScreenshot } from './browser';

export interface BrowserFixture {
  readonly baseUrl: string;
  readonly page: Page;
  readonly browser: Browser;
}

/**
 * Registers hooks for one spec file: one Chromium per file, a fresh context and page per test,
 * and a screenshot in e2e/.artifacts when a test fails.
 */
export function useBrowserPage(): BrowserFixture {
  const baseUrl = inject('baseUrl');
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    if (!browser) throw new Error('browser did not start');
    context = await newContext(browser, baseUrl);
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
    baseUrl,
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
