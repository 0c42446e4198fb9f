import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { fetchAvailableEvents } from '../support/catalog';
import { acceptTerms, checkoutMain, fillPurchaser } from '../support/checkout';
import { waitForMail } from '../support/mailbox';
import { useBrowserPage } from '../support/page-fixture';
import { expectImageLoaded } from '../support/storefront';
import { cartWidget, fetchCartAsPage, reserveAsThisGuest } from '../support/reserve';
import { fillDateFirstForm, planReserve, submitAndWaitForCart } from '../support/reserve-flow';

// the demo's free event (apps/api/src/demo/demo-museum-free.ts): tickets at 0.00, no fees
const FREE_EVENT = 'Sketching in the Arcade';

// spec: identity §2 Checkout, Login ("login-or-guest"), Checkout complete; §3 payment entry
// (`free`); issue #5 "a free order completes without a card"
describe('free checkout', () => {
  const fx = useBrowserPage();

  it('a guest completes a free order without a card, sees the QR code and gets the e-mail', async () => {
    const { page, baseUrl } = fx;
    const catalog = await fetchAvailableEvents(baseUrl, 'demo-museum');
    const event = catalog.event_template._data.find((e) => e.name === FREE_EVENT);
    expect(event, `${FREE_EVENT} in the demo catalogue`).toBeDefined();

    await page.goto('/demo-museum/events');
    const bundle = await reserveAsThisGuest(page, event!.id);
    const cartId = bundle.cart._data[0]!.id;
    expect(bundle.cart_fees._data[0]!.grand_totals.total_outstanding).toBe('0.00');
    const email = `free-${Date.now()}@example.test`;

    // arriving from the shop, a guest is asked once: log in or shop as a guest
    await page.goto(`/demo-museum/events/${event!.id}`);
    await cartWidget(page).getByRole('link', { name: 'Checkout' }).click();
    const choice = page.getByRole('dialog', { name: 'Log in or continue as a guest' });
    await choice.getByRole('button', { name: 'Shop as a Guest' }).click();
    await choice.waitFor({ state: 'detached' });

    const main = checkoutMain(page);
    await main.getByRole('heading', { name: 'Payment information' }).waitFor();
    await fillPurchaser(page, { firstName: 'Fay', lastName: 'Free', email });
    // nothing to pay: no card fields, and the button completes the order
    expect(await main.getByLabel('Card number').count()).toBe(0);
    // the demo seller's portal terms (seller meta `portal_terms`)
    await acceptTerms(page);
    const complete = main.getByRole('button', { name: 'Complete order' });
    await expectNoSeriousA11yViolations(page);
    const since = new Date();
    await complete.click();

    await page.waitForURL(/\/demo-museum\/checkout\/complete\?orderIds=/);
    await page.getByRole('heading', { name: 'Thank you for your order' }).waitFor();
    const qr = page.getByRole('img', { name: /^QR code of order / });
    await expectImageLoaded(qr);

    // the server completed the cart with nothing paid
    const { status, bundle: after } = await fetchCartAsPage(page, cartId);
    expect(status).toBe(200);
    expect(after!.cart._data[0]!.state).toBe('completed');
    expect(after!.cart_fees._data[0]!.grand_totals.total_outstanding).toBe('0.00');

    const mail = await waitForMail(baseUrl, email, 'order_confirmation', since);
    expect(mail.subject).toMatch(/order/i);
    expect(mail.text).toContain(FREE_EVENT);
    expect(mail.html ?? '').toContain('cid:');
  });

  // issue #25: the free event is not an add-on — it is booked on its own, through the form
  it('a guest books the free event alone through its page and completes the order', async () => {
    const { page, baseUrl } = fx;
    const plan = await planReserve(page, baseUrl, { places: 1, eventName: FREE_EVENT });
    const form = await fillDateFirstForm(page, plan, [['Attendee', 1]]);
    expect(await form.getByText(/Please add an admission ticket/).count()).toBe(0);
    const cartId = await submitAndWaitForCart(page, plan);

    await cartWidget(page).getByRole('link', { name: 'Checkout' }).click();
    const choice = page.getByRole('dialog', { name: 'Log in or continue as a guest' });
    await choice.getByRole('button', { name: 'Shop as a Guest' }).click();
    await choice.waitFor({ state: 'detached' });
    const main = checkoutMain(page);
    await main.getByRole('heading', { name: 'Payment information' }).waitFor();
    await fillPurchaser(page, {
      firstName: 'Sam',
      lastName: 'Sketch',
      email: `sketch-${Date.now()}@example.test`,
    });
    expect(await main.getByLabel('Card number').count()).toBe(0);
    await acceptTerms(page);
    await main.getByRole('button', { name: 'Complete order' }).click();

    await page.waitForURL(/\/demo-museum\/checkout\/complete\?orderIds=/);
    await page.getByRole('heading', { name: 'Thank you for your order' }).waitFor();
    const { bundle: after } = await fetchCartAsPage(page, cartId);
    expect(after!.cart._data[0]!.state).toBe('completed');
    expect(after!.cart_fees._data[0]!.grand_totals.total_outstanding).toBe('0.00');
  });
});
