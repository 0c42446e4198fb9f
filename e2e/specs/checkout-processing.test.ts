import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { readSellerConfig } from '../support/catalog';
import {
  acceptTerms,
  checkoutMain,
  fillCard,
  fillPurchaser,
  payButton,
  PROCESSING_CARD,
} from '../support/checkout';
import { waitForMail } from '../support/mailbox';
import { useBrowserPage } from '../support/page-fixture';
import { expectImageLoaded } from '../support/storefront';
import { reserveAsThisGuest } from '../support/reserve';

// spec: identity §2 "Checkout pending" (reference number; orders → checkout complete), §4
// "pending" (intent_processing); decision 0018 "Update: settlement"
describe('a payment that is processing', () => {
  const fx = useBrowserPage();

  it('waits on the pending page, then completes on its own when the payment settles', async () => {
    const { page, baseUrl } = fx;
    await page.goto('/demo-museum/events');
    const config = await readSellerConfig(page);
    const bundle = await reserveAsThisGuest(page, config.admission_event_id!);
    const cartNumber = bundle.cart._data[0]!.cart_number;
    const email = `processing-${Date.now()}@example.test`;

    await page.goto('/demo-museum/checkout');
    await checkoutMain(page).getByRole('heading', { name: 'Payment information' }).waitFor();
    await fillPurchaser(page, { firstName: 'Pat', lastName: 'Pending', email });
    await acceptTerms(page);
    await fillCard(page, PROCESSING_CARD);
    const since = new Date();
    await payButton(page).click();

    await page.waitForURL(/\/demo-museum\/checkout\/pending\//);
    await page.getByRole('heading', { name: 'Your order is being processed' }).waitFor();
    await page.getByText(cartNumber).waitFor();
    await expectNoSeriousA11yViolations(page);

    // the sandbox settles it after a few seconds; the page notices and moves on by itself
    await page.waitForURL(/\/demo-museum\/checkout\/complete\?orderIds=/, { timeout: 30_000 });
    await page.getByRole('heading', { name: 'Thank you for your order' }).waitFor();
    const qr = page.getByRole('img', { name: /^QR code of order / });
    await expectImageLoaded(qr);
    const mail = await waitForMail(baseUrl, email, 'order_confirmation', since);
    expect(mail.html ?? mail.text).toContain('cid:');

    // the tickets page opens too (no secret reached this browser: the cart is its key)
    await page.getByRole('link', { name: 'View tickets' }).first().click();
    await page.waitForURL(/\/demo-museum\/ticket_order\//);
    await page.getByRole('button', { name: 'Print tickets' }).waitFor();
  }, 90_000);
});
