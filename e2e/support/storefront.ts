import type { EventTemplate } from '@admit/contracts/resources';
import type { Locator, Page } from 'playwright-core';

// Locators for the storefront, written against the spec's texts and ARIA roles only.

/** The card link of one event on a listing: it names the event and points at /events/{id}. */
export function eventLink(page: Page, event: EventTemplate): Locator {
  return page
    .getByRole('link', { name: event.name })
    .and(page.locator(`a[href*="/events/${event.id}"]`))
    .first();
}

/** A filter choice such as "See all" or a category: a button, a radio or a link by exact name. */
export function filterChoice(page: Page, name: string): Locator {
  return page
    .getByRole('button', { name, exact: true })
    .or(page.getByRole('radio', { name, exact: true }))
    .or(page.getByRole('link', { name, exact: true }))
    .first();
}

/** Polls until `check` holds or the timeout passes; the last failure is rethrown. */
export async function eventually(check: () => Promise<void>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

/**
 * The colour a visitor sees behind the main content: the computed background of the `main`
 * landmark or of the first ancestor that paints one (white when nothing does).
 */
export function effectiveBackground(page: Page): Promise<string> {
  return page.evaluate(() => {
    let el: Element | null = document.querySelector('main') ?? document.body;
    while (el) {
      const colour = getComputedStyle(el).backgroundColor;
      if (colour && colour !== 'transparent' && colour !== 'rgba(0, 0, 0, 0)') return colour;
      el = el.parentElement;
    }
    return 'rgb(255, 255, 255)';
  });
}

/** Pathnames of the links inside `scope` (e.g. the main landmark), resolved against the page URL. */
export function linkPathnames(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) =>
    Array.from(
      root.querySelectorAll('a[href]'),
      (a) => new URL((a as HTMLAnchorElement).href).pathname,
    ),
  );
}

/** Waits until an image has been fetched and decoded (visible is not loaded yet). */
export async function expectImageLoaded(img: Locator): Promise<void> {
  await img.waitFor();
  await eventually(async () => {
    const loaded = await img.evaluate(
      (el) => el instanceof HTMLImageElement && el.naturalWidth > 0,
    );
    if (!loaded) throw new Error(`${img.toString()} did not load`);
  });
}

/** An image is loaded when `complete` and decoded to a non-zero size. */
export async function isImageLoaded(page: Page, selector: string): Promise<boolean> {
  return page
    .locator(selector)
    .first()
    .evaluate((img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0);
}

/**
 * The first words of a description as a reader sees them: the HTML (sanitised on the server)
 * is parsed by the browser's DOMParser, which runs no scripts, and the first block's text used.
 */
export function firstWordsOf(page: Page, html: string, count: number): Promise<string> {
  return page.evaluate(
    ({ html, count }) => {
      const body = new DOMParser().parseFromString(html, 'text/html').body;
      const block = body.firstElementChild ?? body;
      return (block.textContent ?? '')
        .replace(/\s+/g, ' ')
        .trim()
        .split(' ')
        .slice(0, count)
        .join(' ');
    },
    { html, count },
  );
}
