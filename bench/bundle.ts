import { gzipSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';
import type { Response } from 'playwright-core';
import { launchBrowser, newContext } from '../e2e/support/browser';
import { startServer } from '../e2e/support/server';
import { benchTmpDir } from './paths';

/** Target: the JavaScript loaded for the listing before any interaction, gzip-compressed. */
export const BUNDLE_TARGET_BYTES = 120_000;
export const BUNDLE_PAGE = '/demo-museum/events';

export interface BundleFile {
  path: string;
  rawBytes: number;
  gzipBytes: number;
}

export interface BundleResult {
  page: string;
  files: BundleFile[];
  rawBytes: number;
  gzipBytes: number;
  targetBytes: number;
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
 * response until network idle, the size of its body compressed with gzip (zlib default level).
 * Compressing here rather than reading Content-Length keeps the number independent of
 * whether the server compresses.
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
        response.body().then(
          (body) => ({
            path: new URL(response.url()).pathname,
            rawBytes: body.byteLength,
            gzipBytes: gzipSync(body).byteLength,
          }),
          () => undefined,
        ),
      );
    });
    await page.goto(BUNDLE_PAGE, { waitUntil: 'networkidle' });
    const files = (await Promise.all(pending)).filter((f): f is BundleFile => f !== undefined);
    if (files.length === 0) throw new Error(`no JavaScript was loaded for ${BUNDLE_PAGE}`);
    files.sort((a, b) => b.gzipBytes - a.gzipBytes);
    return {
      page: BUNDLE_PAGE,
      files,
      rawBytes: files.reduce((sum, f) => sum + f.rawBytes, 0),
      gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
      targetBytes: BUNDLE_TARGET_BYTES,
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await measureBundle();
  for (const f of result.files)
    console.log(`${f.gzipBytes.toString().padStart(8)} B gz  ${f.path}`);
  console.log(
    `total ${result.gzipBytes} B gzip (${result.rawBytes} B raw), target ≤ ${result.targetBytes} B`,
  );
}
