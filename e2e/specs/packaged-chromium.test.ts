import type { Browser } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, packagedChromiumPath } from '../support/browser';

// Issue #13 "Tests on a fresh machine": where no system Chromium is installed, the suite falls
// back to the Chromium npm installs as a package. This spec runs that build on purpose, even
// where Debian's is present, so the fallback is exercised on every run and cannot rot.
describe('the packaged Chromium (fallback without a system browser)', () => {
  let browser: Browser | undefined;
  afterAll(async () => {
    await browser?.close();
  });

  it('launches and renders the storefront', async () => {
    const path = await packagedChromiumPath();
    expect(path).not.toBe('/usr/bin/chromium');
    browser = await launchBrowser(path);
    const context = await newContext(browser, inject('baseUrl'));
    const page = await context.newPage();
    await page.goto('/demo-museum/events');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.title()).not.toBe('');
    await context.close();
  });
});
