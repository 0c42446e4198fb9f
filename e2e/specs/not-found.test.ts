import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { useBrowserPage } from '../support/page-fixture';
import { linkPathnames } from '../support/storefront';

// spec: identity §2 "404 page"; shopping §2 — a missing event redirects to the 404 route
describe('404 page', () => {
  const fx = useBrowserPage();

  async function expectNotFoundPage() {
    const { page } = fx;
    await page.getByText('Oops!', { exact: true }).waitFor();
    await page.getByText('We could not find anything at this URL. (404 Not Found)').waitFor();
    // the 404 page's own link home, not the header logo's
    const home = await linkPathnames(page.getByRole('main'));
    expect(home.some((p) => p === '/demo-museum' || p === '/demo-museum/')).toBe(true);
  }

  it('shows for an event id that does not exist', async () => {
    await fx.page.goto('/demo-museum/events/00000000-0000-4000-8000-000000000000');
    await expectNotFoundPage();
    await expectNoSeriousA11yViolations(fx.page);
  });

  it('shows for an event id the API rejects as malformed (400 means not found)', async () => {
    await fx.page.goto('/demo-museum/events/not-an-event');
    await expectNotFoundPage();
  });

  it('shows for an unknown route', async () => {
    await fx.page.goto('/demo-museum/no-such-page');
    await expectNotFoundPage();
  });
});
