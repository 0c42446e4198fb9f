import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { fetchAvailableEvents } from '../support/catalog';
import {
  acceptTerms,
  checkoutMain,
  fillCard,
  fillPurchaser,
  fillTourQuestions,
  payButton,
  SUCCESS_CARD,
} from '../support/checkout';
import { useBrowserPage } from '../support/page-fixture';
import { fetchCartAsPage, reserveAsThisGuest } from '../support/reserve';

// the demo's link-only tour with the plan "Deposit 25 %, balance 7 days before the visit"
// (apps/api/src/demo/demo-payment-plans.ts; README "Demo scheduled payments")
const TOUR_ID = 'cb8f82e8-88f0-5c74-9d3b-0b2fe9b47442';

// spec: identity §2 Checkout ("scheduled payments"), §3 Cart, §4 "Checkout result" (partial)
// and "Partial payment options"; decisions 0020 and 0021
describe('scheduled payments', () => {
  const fx = useBrowserPage();

  it('a guest pays the deposit, the order keeps a balance, and the balance is paid later', async () => {
    const { page, baseUrl } = fx;
    const listed = await fetchAvailableEvents(baseUrl, 'demo-museum');
    // link-only: never in the listing, yet reachable by its address
    expect(listed.event_template._data.some((e) => e.id === TOUR_ID)).toBe(false);

    await page.goto('/demo-museum/events');
    const inTwoWeeks = new Date(Date.now() + 14 * 86_400_000).toISOString();
    const bundle = await reserveAsThisGuest(page, TOUR_ID, {
      quantity: 1,
      startsAfter: inTwoWeeks,
      codes: ['PARTNER2026'],
    });
    const cartId = bundle.cart._data[0]!.id;
    const fees = bundle.cart_fees._data[0]!;
    expect(fees.total_outstanding).toBe('250.00');
    expect(fees.total_due).toBe('62.50');

    await page.goto('/demo-museum/checkout');
    const main = checkoutMain(page);
    await main.getByRole('heading', { name: 'Scheduled payments' }).first().waitFor();
    await main.getByText('Cart balance: $250.00').waitFor();
    const choice = main.getByRole('radiogroup', { name: 'How much would you like to pay now?' });
    expect(await choice.getByRole('radio', { name: 'Amount due: $62.50' }).isChecked()).toBe(true);

    await fillPurchaser(page, {
      firstName: 'Dora',
      lastName: 'Deposit',
      email: `deposit-${Date.now()}@example.test`,
    });
    await fillTourQuestions(page, 'leader@example.test');
    await acceptTerms(page);
    await fillCard(page, SUCCESS_CARD);
    await expectNoSeriousA11yViolations(page);
    await payButton(page).click();

    await page.waitForURL(/\/demo-museum\/checkout\/complete\?orderIds=/);
    await page.getByRole('link', { name: 'View tickets' }).first().click();
    await page.waitForURL(/\/demo-museum\/ticket_order\//);
    await page.getByText('Balance to pay: $187.50').waitFor();

    await page.getByRole('link', { name: 'Pay balance' }).click();
    await page.waitForURL(new RegExp(`/demo-museum/checkout/${cartId}`));
    await main.getByRole('heading', { name: 'Pay your balance' }).waitFor();
    // nothing is due before a week ahead of the visit: the whole balance is what is offered
    await main.getByRole('radio', { name: 'Outstanding balance: $187.50' }).check();
    await fillCard(page, SUCCESS_CARD);
    await payButton(page).click();

    await page.waitForURL(/\/demo-museum\/ticket_order\//);
    const { bundle: after } = await fetchCartAsPage(page, cartId);
    expect(after!.cart._data[0]!.state).toBe('completed');
    expect(after!.cart_fees._data[0]!.total_outstanding).toBe('0.00');
    await page.getByRole('img', { name: /^QR code of order / }).waitFor();
    expect(await page.getByText(/^Balance to pay/).count()).toBe(0);
  });
});
