import { pathToFileURL } from 'node:url';
import type { Response } from 'playwright-core';
import { SERVER_RENDER_ATTRIBUTE } from '@admit/contracts/storefront-pages';
import { launchBrowser, newContext } from '../e2e/support/browser';
import { startServer } from '../e2e/support/server';
import { benchTmpDir } from './paths';

/** Target: the JavaScript bytes the server sends for the listing before any interaction. */
export const BUNDLE_TARGET_BYTES = 120_000;
export const BUNDLE_PAGE = '/demo-museum/events';

export interface BundleFile {
  path: string;
  /** the body as the page uses it (decoded) */
  rawBytes: number;
  /** the body as it crossed the wire, in its Content-Encoding */
  sentBytes: number;
  /** the response's Content-Encoding; 'identity' when none */
  encoding: string;
}

export interface BundleResult {
  page: string;
  files: BundleFile[];
  rawBytes: number;
  sentBytes: number;
  targetBytes: number;
  /**
   * whether the host sent the listing drawn (decision 0044): an undrawn one (its render over
   * STOREFRONT_SSR_BUDGET_MS, e.g. on a loaded machine) runs the listing's read on first load,
   * which brings zod (~23 KB), so runs are compared drawn with drawn
   */
  drawn: boolean;
}

function isJavaScript(response: Response): boolean {
  const type = response.headers()['content-type'] ?? '';
  return (
    response.request().resourceType() === 'script' ||
    /javascript|ecmascript/.test(type) ||
    /\.m?js(\?|$)/.test(new URL(response.url()).pathname)
  );
}

/**
 * Loads the listing in Chromium against the built server and sums, over every JavaScript
 * response until network idle, the body bytes as the server sent them (Chromium's encoded body
 * size, with the Accept-Encoding Chromium sends): what a visitor downloads, not an estimate.
 */
export async function measureBundle(): Promise<BundleResult> {
  const server = await startServer({ logDir: benchTmpDir, logName: 'bundle-server.log' });
  const browser = await launchBrowser();
  try {
    const context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    const pending: Promise<BundleFile | undefined>[] = [];
    page.on('response', (response) => {
      if (!isJavaScript(response)) return;
      pending.push(
        Promise.all([response.body(), response.request().sizes(), response.finished()]).then(
          ([body, sizes]) => ({
            path: new URL(response.url()).pathname,
            rawBytes: body.byteLength,
            sentBytes: sizes.responseBodySize,
            encoding: response.headers()['content-encoding'] ?? 'identity',
          }),
          () => undefined,
        ),
      );
    });
    const answer = await page.goto(BUNDLE_PAGE, { waitUntil: 'networkidle' });
    const html = (await answer?.text()) ?? '';
    const drawn = html.includes(`<div id="root" ${SERVER_RENDER_ATTRIBUTE}=`);
    const files = (await Promise.all(pending)).filter((f): f is BundleFile => f !== undefined);
    if (files.length === 0) throw new Error(`no JavaScript was loaded for ${BUNDLE_PAGE}`);
    files.sort((a, b) => b.sentBytes - a.sentBytes);
    return {
      page: BUNDLE_PAGE,
      files,
      rawBytes: files.reduce((sum, f) => sum + f.rawBytes, 0),
      sentBytes: files.reduce((sum, f) => sum + f.sentBytes, 0),
      targetBytes: BUNDLE_TARGET_BYTES,
      drawn,
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await measureBundle();
  for (const f of result.files)
    console.log(`${f.sentBytes.toString().padStart(8)} B ${f.encoding.padEnd(8)} ${f.path}`);
  console.log(
    `total ${result.sentBytes} B sent (${result.rawBytes} B decoded), target ≤ ${result.targetBytes} B`,
  );
  console.log(
    `page drawn by the host: ${result.drawn ? 'yes' : 'no (its read ran on first load)'}`,
  );
}
