import type { SellerConfig } from '@admit/contracts/seller-config';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { browsableEvents, fetchAvailableEvents, readSellerConfig } from '../support/catalog';
import { useBrowserPage } from '../support/page-fixture';
import { effectiveBackground, eventLink, eventually } from '../support/storefront';

interface ThemeSnapshot {
  config: SellerConfig;
  background: string;
  logoSrc: string;
}

// spec: shopping §1 — each seller is themed (colours, fonts, logos, footer text)
describe('per-seller theme', () => {
  const fx = useBrowserPage();

  async function snapshot(sellerSlug: string): Promise<ThemeSnapshot> {
    const { page } = fx;
    await page.goto(`/${sellerSlug}/events`);
    const config = await readSellerConfig(page);
    expect(config.seller.slug).toBe(sellerSlug);
    const logo = page.getByRole('img', { name: config.theme.logo_alt }).first();
    await logo.waitFor();
    await eventually(async () => {
      expect(await logo.evaluate((img) => (img as HTMLImageElement).naturalWidth > 0)).toBe(true);
    });
    return {
      config,
      background: await effectiveBackground(page),
      logoSrc: (await logo.getAttribute('src')) ?? '',
    };
  }

  it('shows the aquarium its own events, colours and logo, not the museum’s', async () => {
    const museum = await snapshot('demo-museum');
    const aquarium = await snapshot('harbour-aquarium');

    expect(aquarium.config.theme.colors.background).not.toBe(museum.config.theme.colors.background);
    expect(aquarium.background).not.toBe(museum.background);
    expect(aquarium.logoSrc).not.toBe(museum.logoSrc);

    const { page } = fx;
    const aquariumEvents = browsableEvents(
      await fetchAvailableEvents(fx.baseUrl, 'harbour-aquarium'),
    );
    const museumEvents = browsableEvents(await fetchAvailableEvents(fx.baseUrl, 'demo-museum'));
    expect(aquariumEvents.length).toBeGreaterThan(0);
    for (const event of aquariumEvents) await eventLink(page, event).waitFor();
    for (const event of museumEvents) expect(await eventLink(page, event).count()).toBe(0);

    await expectNoSeriousA11yViolations(page);
  });
});
