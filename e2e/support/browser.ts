import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { artifactsDir } from './paths';

/** The system Chromium; playwright-core never downloads a browser here. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags that keep a headless run quiet and offline apart from the server under test. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const DESKTOP_VIEWPORT = { width: 1280, height: 800 };

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
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
  return context;
}

/** Saves a full-page screenshot under e2e/.artifacts, named after the failing test. */
export async function saveFailureScreenshot(page: Page, testName: string): Promise<void> {
  mkdirSync(artifactsDir, { recursive: true });
  const file = `${testName.replace(/[^a-z0-9]+/gi, '-').slice(0, 100)}.png`;
  await page.screenshot({ path: join(artifactsDir, file), fullPage: true }).catch(() => undefined);
}
