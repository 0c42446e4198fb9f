import { beforeAll, describe, expect, it } from 'vitest';
import type { EventTemplate } from '@admit/contracts/resources';
import { browsableEvents, fetchAvailableEvents, readSellerConfig } from '../support/catalog';
import { useBrowserPage } from '../support/page-fixture';
import { reserveAsThisGuest } from '../support/reserve';
import { eventually } from '../support/storefront';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };

// issue 13 rough edges that only a browser's layout shows
describe('layout finish', () => {
  const fx = useBrowserPage();
  let event: EventTemplate;

  beforeAll(async () => {
    const catalog = await fetchAvailableEvents(fx.baseUrl, 'demo-museum');
    const events = browsableEvents(catalog);
    // the date-first page the issue was seen on; else any event
    const first = events.find((e) => e.name === 'General Admission') ?? events[0];
    if (!first) throw new Error('the demo museum has no browsable event');
    event = first;
  });

  for (const [name, viewport] of Object.entries({ desktop: DESKTOP, phone: PHONE })) {
    it(`draws the header logo at its configured height (${name})`, async () => {
      const { page } = fx;
      await page.setViewportSize(viewport);
      await page.goto('/demo-museum/events');
      const config = await readSellerConfig(page);
      const logo = page.getByRole('img', { name: config.theme.logo_alt }).first();
      await logo.waitFor();
      await eventually(async () => {
        expect(await logo.evaluate((img) => (img as HTMLImageElement).naturalWidth > 0)).toBe(true);
      });
      // the picture itself, not its box: object-fit may shrink the drawing inside the box
      const drawn = await logo.evaluate((node) => {
        const img = node as HTMLImageElement;
        const box = img.getBoundingClientRect();
        const scale = Math.min(box.width / img.naturalWidth, box.height / img.naturalHeight);
        return img.naturalHeight * scale;
      });
      expect(drawn).toBeGreaterThanOrEqual(config.theme.logo_height_px * 0.75);
      // and the header's logo and navigation still fit the screen
      const headerRight = await page.evaluate(() =>
        Math.max(
          ...Array.from(document.querySelectorAll('header img, header nav a')).map(
            (el) => el.getBoundingClientRect().right,
          ),
        ),
      );
      expect(headerRight).toBeLessThanOrEqual(viewport.width);
    });
  }

  it('keeps the empty cart box at the top of the event page on desktop', async () => {
    const { page } = fx;
    await page.setViewportSize(DESKTOP);
    await page.goto(`/demo-museum/events/${event.id}`);
    const heading = page.getByRole('heading', { level: 1, name: event.name });
    await heading.waitFor();
    const cart = page.getByRole('complementary', { name: 'Your cart' });
    await cart.waitFor();
    await page.getByRole('button', { name: 'Add to cart' }).waitFor();
    // read where each sits on the page after scrolling to its end
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const pageTop = (locator: typeof cart) =>
      locator.evaluate((node) => node.getBoundingClientRect().top + window.scrollY);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    expect(Math.abs((await pageTop(cart)) - (await pageTop(heading)))).toBeLessThanOrEqual(48);
  });

  for (const [name, viewport] of Object.entries({ desktop: DESKTOP, phone: PHONE })) {
    it(`shows a whole card number in the card field (${name})`, async () => {
      const { page } = fx;
      await page.setViewportSize(viewport);
      await page.goto('/demo-museum/events');
      const config = await readSellerConfig(page);
      await reserveAsThisGuest(page, config.admission_event_id!, { quantity: 1 });
      await page.goto('/demo-museum/checkout');
      const number = page.getByLabel('Card number');
      await number.fill('4242 4242 4242 4242');
      // the text fits the box: nothing of the 19 characters is scrolled out of view
      const fits = await number.evaluate((input) => input.scrollWidth <= input.clientWidth);
      expect(fits).toBe(true);
      // the fields after it share the next row, not a quarter each of a row too wide for them
      const row = await Promise.all(
        [number, page.getByLabel('Expiry (MM/YY)'), page.getByLabel('CVC')].map((l) =>
          l.boundingBox(),
        ),
      );
      const [whole, expiry, cvc] = row.map((box) => box!);
      expect(expiry!.y).toBe(cvc!.y);
      expect(expiry!.width + cvc!.width).toBeGreaterThan(whole!.width * 0.9);
    });
  }

  it("keeps the cover image's place before the picture arrives (no layout shift, phone)", async () => {
    const { page } = fx;
    await page.setViewportSize(PHONE);
    // the picture never arrives: the box must still be there, 16:9 of the page's width
    await page.route('**/api/image/**/*cover*', () => undefined);
    // the page arrives drawn (decision 0044): its cover is in the HTML, so the load event would
    // wait for the picture that never comes
    await page.goto(`/demo-museum/events/${event.id}`, { waitUntil: 'domcontentloaded' });
    const cover = page.locator('article img').first();
    await cover.waitFor({ state: 'attached' });
    await eventually(async () => {
      const box = await cover.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.height).toBeGreaterThan(box!.width * 0.5);
    });
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  it('draws the checkout without moving it (layout shift under 0.05, phone)', async () => {
    const { page } = fx;
    await page.setViewportSize(PHONE);
    await page.goto('/demo-museum/events');
    const config = await readSellerConfig(page);
    await reserveAsThisGuest(page, config.admission_event_id!, { quantity: 1 });
    // the browser's own record of every layout shift, from the first paint of the page on
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { shifts: number[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          const shift = entry as PerformanceEntry & { value: number; hadRecentInput: boolean };
          if (!shift.hadRecentInput) shifts.push(shift.value);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/demo-museum/checkout');
    await page.getByRole('heading', { name: 'Payment information' }).waitFor();
    // the demo museum offers a donation: the section the form used to be pushed down by
    await page
      .getByRole('heading', { name: /donation/i })
      .first()
      .waitFor();
    await page.waitForTimeout(500);
    const total = await page.evaluate(() =>
      (window as unknown as { shifts: number[] }).shifts.reduce((sum, v) => sum + v, 0),
    );
    expect(total).toBeLessThan(0.05);
  });

  it('draws the terms checkbox at the 24 px target size, with one pay button (phone, issue #25)', async () => {
    const { page } = fx;
    await page.setViewportSize(PHONE);
    await page.goto('/demo-museum/events');
    const config = await readSellerConfig(page);
    await reserveAsThisGuest(page, config.admission_event_id!, { quantity: 1 });
    await page.goto('/demo-museum/checkout');
    const terms = page.getByRole('checkbox', { name: 'I accept the terms and conditions' });
    await terms.waitFor();
    // WCAG 2.2 2.5.8: a target at least 24 × 24 CSS px (the browser's own box is 13 px)
    const box = await terms.boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(24);
    expect(box!.height).toBeGreaterThanOrEqual(24);
    // the footer's pay button is the page's only one once the page has hydrated
    await eventually(async () => {
      expect(await page.getByRole('button', { name: /^Pay \$\d/ }).count()).toBe(1);
    });
  });
});
