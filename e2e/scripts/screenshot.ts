import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser } from '../support/browser';
import { repoRoot } from '../support/paths';
import { startServer } from '../support/server';

/**
 * Takes the README screenshot of /demo-museum/events at desktop size into
 * docs/screenshot-events.png. Needs a built storefront: `npm run build -w @admit/storefront`.
 */
async function main() {
  const server = await startServer({ logName: 'screenshot-server.log' });
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      deviceScaleFactor: 1,
      locale: 'en-US',
      timezoneId: 'UTC',
    });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/demo-museum/events`, { waitUntil: 'networkidle' });
    await page.locator('a[href*="/events/"]').first().waitFor();
    // lazy images decode after network idle; give them a moment before the shot
    await page.evaluate(() =>
      Promise.all(Array.from(document.images, (img) => img.decode().catch(() => undefined))),
    );
    const target = join(repoRoot, 'docs', 'screenshot-events.png');
    mkdirSync(join(repoRoot, 'docs'), { recursive: true });
    await page.screenshot({ path: target });
    console.log(`saved ${target}`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
