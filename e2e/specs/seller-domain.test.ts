import { describe, expect, it } from 'vitest';
import { readSellerConfig } from '../support/catalog';
import { acceptTerms, fillCard, fillPurchaser, payButton, SUCCESS_CARD } from '../support/checkout';
import { waitForMail } from '../support/mailbox';
import { useBrowserPage } from '../support/page-fixture';
import { reserveAsThisGuest } from '../support/reserve';

// issue #26 "Seller domains", decision 0071: the demo museum on its own domain, whose root is its
// storefront; Chromium resolves *.localhost to this machine
describe('a seller domain', () => {
  const fx = useBrowserPage();

  it('a guest buys a ticket on http://demo-museum.localhost:{port}/ with no slug anywhere', async () => {
    const { page, baseUrl } = fx;
    const domain = new URL(baseUrl);
    domain.hostname = 'demo-museum.localhost';
    const origin = domain.origin;

    await page.goto(`${origin}/`);
    await page
      .getByRole('link', { name: /events/i })
      .first()
      .waitFor();
    await page.goto(`${origin}/events`);
    const config = await readSellerConfig(page);
    expect(config.seller.slug).toBe('demo-museum');
    expect(config.router_base).toBe('');
    // the listing's cards link to the event pages at the root
    const card = page.getByRole('link', { name: 'General Admission' }).first();
    expect(await card.getAttribute('href')).toBe(`/events/${config.admission_event_id}`);
    // the event pages are the domain's own
    await page.goto(`${origin}/events/${config.admission_event_id}`);
    expect(new URL(page.url()).pathname).toBe(`/events/${config.admission_event_id}`);

    await reserveAsThisGuest(page, config.admission_event_id!);
    const email = `domain-${Date.now()}@example.test`;
    await page.goto(`${origin}/checkout`);
    await fillPurchaser(page, { firstName: 'Dora', lastName: 'Domain', email });
    await acceptTerms(page);
    await fillCard(page, SUCCESS_CARD);
    const since = new Date();
    await payButton(page).click();

    await page.waitForURL((url) => url.origin === origin && url.pathname === '/checkout/complete');
    await page.getByRole('heading', { name: 'Thank you for your order' }).waitFor();
    // the confirmation links to the tickets page on the same domain, at its root
    const mail = await waitForMail(baseUrl, email, 'order_confirmation', since);
    expect(mail.text).toContain(`${origin}/ticket_order/`);
    expect(mail.text).not.toContain('/demo-museum/ticket_order/');
  });
});
