import type { EventTemplateResponse } from '@admit/contracts/catalog';
import type { EventTemplate } from '@admit/contracts/resources';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from '../support/axe';
import {
  browsableEvents,
  fetchAvailableEvents,
  metaValue,
  readSellerConfig,
} from '../support/catalog';
import { useBrowserPage } from '../support/page-fixture';
import { eventLink, eventually, firstWordsOf, isImageLoaded } from '../support/storefront';

// spec: shopping §2 "Event detail" (layout: heading, cover image width 1500, description)
describe('event detail', () => {
  const fx = useBrowserPage();
  let catalog: EventTemplateResponse;
  let event: EventTemplate;
  let coverPath: string;

  beforeAll(async () => {
    catalog = await fetchAvailableEvents(fx.baseUrl, 'demo-museum');
    const withCover = browsableEvents(catalog).find(
      (e) => e.description && typeof metaValue(catalog, e.id, 'image_cover') === 'string',
    );
    if (!withCover)
      throw new Error('the demo museum has no event with a cover image and description');
    event = withCover;
    coverPath = String(metaValue(catalog, event.id, 'image_cover')).split('?')[0] ?? '';
  });

  it('opens from the listing and shows heading, description and the loaded cover image', async () => {
    const { page } = fx;
    await page.goto('/demo-museum/events');
    await eventLink(page, event).click();
    await page.waitForURL((url) => url.pathname === `/demo-museum/events/${event.id}`);

    await page.getByRole('heading', { level: 1, name: event.name }).waitFor();

    // the first words of the description, as text (the API keeps sanitised HTML)
    const words = await firstWordsOf(page, event.description ?? '', 8);
    expect(words.length).toBeGreaterThan(0);
    await page.getByText(words).first().waitFor();

    const cover = page.locator(`img[src*=${JSON.stringify(coverPath)}]`).first();
    await cover.waitFor();
    const src = new URL((await cover.getAttribute('src')) ?? '', page.url());
    expect(src.searchParams.get('width')).toBe('1500');
    await eventually(async () => {
      expect(await isImageLoaded(page, `img[src*=${JSON.stringify(coverPath)}]`)).toBe(true);
    });

    // spec: shopping §1 — the page title is the event name, a dash and the product name
    const config = await readSellerConfig(page);
    await eventually(async () => {
      expect(await page.title()).toMatch(
        new RegExp(`^${escapeRegExp(event.name)} [-–—] ${escapeRegExp(config.product_name)}$`),
      );
    });

    await expectNoSeriousA11yViolations(page);
  });

  it('serves the same page on a direct visit, its cover fetched once, as AVIF, from the preload', async () => {
    const { page } = fx;
    const covers: { url: string; type: string | undefined }[] = [];
    page.on('response', (response) => {
      if (response.url().includes(coverPath)) {
        covers.push({ url: response.url(), type: response.headers()['content-type'] });
      }
    });
    await page.goto(`/demo-museum/events/${event.id}`);
    await page.getByRole('heading', { level: 1, name: event.name }).waitFor();
    const selector = `img[src*=${JSON.stringify(coverPath)}]`;
    await eventually(async () => expect(await isImageLoaded(page, selector)).toBe(true));
    // the page's preload and the <picture> name the same candidate: one download, the small one
    expect(covers).toHaveLength(1);
    expect(covers[0]!.type).toBe('image/avif');
    const drawn = await page
      .locator(selector)
      .first()
      .evaluate((img: HTMLImageElement) => img.currentSrc);
    expect(drawn).toBe(covers[0]!.url);
    expect(new URL(drawn).searchParams.get('width')).not.toBe('1500');
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
