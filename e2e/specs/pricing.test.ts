import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readSellerConfig } from '../support/catalog';
import { checkoutMain } from '../support/checkout';
import { useBrowserPage } from '../support/page-fixture';
import { deleteCart, fetchCartAsPage, reserveAsThisGuest } from '../support/reserve';
import { eventually } from '../support/storefront';

// issue 22, decision 0047: discounts apply to tickets, and fees and tax to the price after them
describe('pricing', () => {
  const fx = useBrowserPage();

  /** The cart widget's figure for one totals line ("Total", "Tax", …), as the page shows it. */
  const totalsLine = (page: Page, label: string) =>
    page
      .getByRole('complementary', { name: 'Your cart' })
      .locator('div')
      .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
      .locator('dd');

  async function openPromoDialog(page: Page) {
    await page.goto('/demo-museum/checkout');
    const main = checkoutMain(page);
    await main.getByRole('heading', { name: 'Payment information' }).waitFor();
    await main.getByRole('button', { name: 'Add a promo code' }).click();
    return page.getByRole('dialog', { name: 'Apply a promo code' });
  }

  it('a CityPASS admission totals $0.00: no service charge, no tax', async () => {
    const { page, baseUrl } = fx;
    await page.goto('/demo-museum/events');
    const config = await readSellerConfig(page);
    const bundle = await reserveAsThisGuest(page, config.admission_event_id!, {
      lines: [['Adult', 1]],
      atTypeAmounts: true,
    });
    const cartId = bundle.cart._data[0]!.id;
    try {
      const dialog = await openPromoDialog(page);
      await dialog.getByLabel('Code').fill('CITYPASS');
      await dialog.getByLabel('I have CityPASS vouchers').check();
      await dialog.getByPlaceholder('Enter voucher number').fill('0123456789');
      await dialog.getByRole('button', { name: 'Apply' }).click();

      await eventually(async () => {
        expect((await totalsLine(page, 'Total').textContent())?.trim()).toBe('$0.00');
      });
      const { bundle: after } = await fetchCartAsPage(page, cartId);
      expect(after!.cart_fees._data[0]).toMatchObject({
        total_before_cartmod_price: '25.00',
        total_cartmod_amount: '25.00',
        total_fee_fixed_outside: '0.00',
        total_fee_percent_outside: '0.00',
        total_outstanding: '0.00',
      });
      // zero lines are left out: neither a service charge nor a tax is shown
      expect(await totalsLine(page, 'Service charges').count()).toBe(0);
      expect(await totalsLine(page, 'Tax').count()).toBe(0);
    } finally {
      await deleteCart(baseUrl, cartId);
    }
  });

  it('WELCOME10 with a donation leaves the donation whole', async () => {
    const { page, baseUrl } = fx;
    await page.goto('/demo-museum/events');
    const config = await readSellerConfig(page);
    const bundle = await reserveAsThisGuest(page, config.admission_event_id!, {
      lines: [['Adult', 1]],
      atTypeAmounts: true,
    });
    const cartId = bundle.cart._data[0]!.id;
    try {
      await page.goto('/demo-museum/checkout');
      const main = checkoutMain(page);
      await main.getByRole('heading', { name: 'Add a donation' }).waitFor();
      await main.getByLabel('Other amount').fill('12.50');
      await main.getByRole('button', { name: 'Add donation' }).click();
      await main.getByText(/Your donation of \$12\.50 is in your cart/).waitFor();

      await main.getByRole('button', { name: 'Add a promo code' }).click();
      const dialog = page.getByRole('dialog', { name: 'Apply a promo code' });
      await dialog.getByLabel('Code').fill('WELCOME10');
      await dialog.getByRole('button', { name: 'Apply' }).click();
      // 10 % of the 25.00 admission only, not of the 12.50 gift
      await eventually(async () => {
        expect((await totalsLine(page, 'Discounts').textContent())?.trim()).toMatch(/\$2\.50/);
      });
      const { bundle: after } = await fetchCartAsPage(page, cartId);
      const typeOf = new Map(after!.ticket_type._data.map((t) => [t.id, t]));
      const gift = after!.ticket._data.find((t) => typeOf.get(t.ticket_type_id)?.name !== 'Adult')!;
      expect(gift).toMatchObject({ face_value: '12.50', adjusted_value: '12.50' });
      expect(after!.cart_fees._data[0]).toMatchObject({
        total_before_cartmod_price: '37.50',
        total_cartmod_amount: '2.50',
      });
    } finally {
      await deleteCart(baseUrl, cartId);
    }
  });
});
