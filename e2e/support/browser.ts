import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { artifactsDir } from './paths';

/** The system Chromium (Debian's package, or CHROMIUM_PATH); playwright-core never downloads one. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The Chromium that npm installed as a package (@sparticuz/chromium, a devDependency): its
 * brotli-packed binary is unpacked under the temp folder on first use. Nothing is fetched from
 * outside the registry, so `npm install && npm test` works on a machine without a browser.
 */
export async function packagedChromiumPath(): Promise<string> {
  const { default: packaged } = await import('@sparticuz/chromium');
  return packaged.executablePath();
}

/** The system Chromium when there is one, else the packaged build. */
export async function chromiumPath(): Promise<string> {
  return existsSync(CHROMIUM_PATH) ? CHROMIUM_PATH : packagedChromiumPath();
}

/** Flags that keep a headless run quiet and offline apart from the server under test. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const DESKTOP_VIEWPORT = { width: 1280, height: 800 };

export async function launchBrowser(executablePath?: string): Promise<Browser> {
  return chromium.launch({
    executablePath: executablePath ?? (await chromiumPath()),
    args: CHROMIUM_ARGS,
    headless: true,
  });
}

/** A fresh context per test: no cookies or local storage shared between tests. */
export async function newContext(browser: Browser, baseUrl: string): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: DESKTOP_VIEWPORT,
    locale: 'en-US',
    timezoneId: 'UTC',
  });
  // a page that is not there after 15 s is a failure, not a slow machine
  context.setDefaultTimeout(15_000);
  context.on('page', waitForHydrationAfterLoads);
  return context;
}

/** Until a page the server drew has hydrated, its root carries the mark (decision 0045). */
export function hydrated(page: Page): Promise<unknown> {
  return page.waitForFunction(() => !document.querySelector('#root[data-server-render]'));
}

/**
 * A page the server drew is a picture until its code has run after the first frame (decision
 * 0045): after each load, the spec's next step waits for the page to answer, as a visitor waits
 * for a page to respond. A drawn page that never hydrates fails here.
 */
export function waitForHydrationAfterLoads(page: Page): void {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args: Parameters<Page['goto']>) => {
    const response = await goto(...args);
    await hydrated(page);
    return response;
  };
  page.reload = async (...args: Parameters<Page['reload']>) => {
    const response = await reload(...args);
    await hydrated(page);
    return response;
  };
}

/** Saves a full-page screenshot under e2e/.artifacts, named after the failing test. */
export async function saveFailureScreenshot(page: Page, testName: string): Promise<void> {
  mkdirSync(artifactsDir, { recursive: true });
  const file = `${testName.replace(/[^a-z0-9]+/gi, '-').slice(0, 100)}.png`;
  await page.screenshot({ path: join(artifactsDir, file), fullPage: true }).catch(() => undefined);
}
