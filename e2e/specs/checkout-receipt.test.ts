import { describe, expect, it } from 'vitest';
import { decimalToMinor, formatMoney, minorToDecimal } from '@admit/contracts/money';
import { storedFeesOf } from '@admit/contracts/rules/fees';
import { receiptItems } from '@admit/contracts/rules/receipt-lines';
import type { CartBundle } from '@admit/contracts/cart';
import { readSellerConfig } from '../support/catalog';
import {
  acceptTerms,
  checkoutMain,
  fillCard,
  fillPurchaser,
  payButton,
  SUCCESS_CARD,
} from '../support/checkout';
import { waitForMail } from '../support/mailbox';
import { useBrowserPage } from '../support/page-fixture';
import { fetchCartAsPage, reserveAsThisGuest } from '../support/reserve';

/** The cart's tickets as receipt lines: the wire's prices and each type's outside fees. */
function cartReceiptItems(bundle: CartBundle) {
  const tickets = bundle.ticket._data.map((ticket) => {
    const type = bundle.ticket_type._data.find((t) => t.id === ticket.ticket_type_id)!;
    return {
      ticket,
      ticketTypeId: type.id,
      typeName: type.name,
      faceValue: decimalToMinor(ticket.face_value),
      adjustedValue: decimalToMinor(ticket.adjusted_value),
      outsideFees: storedFeesOf(type.outside_fees),
      // the fees the cart answer gives each ticket (decision 0047, frozen fees), else its type's
      feeFixedOutside:
        ticket.fee_fixed_outside == null ? null : decimalToMinor(ticket.fee_fixed_outside),
      feePercentOutside:
        ticket.fee_percent_outside == null ? null : decimalToMinor(ticket.fee_percent_outside),
      handler: bundle.ticket_group._data.find((g) => g.id === ticket.ticket_group_id)?.handler,
    };
  });
  return receiptItems(tickets, (t) => `${t.ticket.event_session_id}`);
}

// issue #22 "Receipts a finance team accepts": the mail a buyer gets is a receipt — each line's
// price, discount, service charge and tax, the order's figures and the card that paid. The
// demo museum's timed tickets carry a $2.00 service charge and 8.875 % tax; WELCOME10 takes 10 %.
describe('checkout receipt', () => {
  const fx = useBrowserPage();

  it('the confirmation mail lists the fees, the tax, the discount and the card that paid', async () => {
    const { page, baseUrl } = fx;
    await page.goto('/demo-museum/events');
    const config = await readSellerConfig(page);
    const bundle = await reserveAsThisGuest(page, config.admission_event_id!, {
      lines: [
        ['Adult', 2],
        ['Child', 1],
      ],
      atTypeAmounts: true,
    });
    const cartId = bundle.cart._data[0]!.id;
    const email = `receipt-${Date.now()}@example.test`;

    await page.goto('/demo-museum/checkout');
    const main = checkoutMain(page);
    await main.getByRole('heading', { name: 'Payment information' }).waitFor();
    await main.getByRole('button', { name: 'Add a promo code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Apply a promo code' });
    await dialog.getByLabel('Code').fill('WELCOME10');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await main.getByText('WELCOME10', { exact: false }).first().waitFor();

    // what the server will charge, as the cart states it after the discount
    const { bundle: discounted } = await fetchCartAsPage(page, cartId);
    const fees = discounted!.cart_fees._data[0]!;
    const currency = fees.currency_code;
    const money = (minor: number) => formatMoney(minorToDecimal(minor), currency, 'en-US');
    const discount = decimalToMinor(fees.total_cartmod_amount);
    const serviceCharge = decimalToMinor(fees.total_fee_fixed_outside);
    const tax = decimalToMinor(fees.total_fee_percent_outside);
    const due = decimalToMinor(fees.total_outstanding);
    expect(discount).toBeGreaterThan(0);
    expect(serviceCharge).toBeGreaterThan(0);
    expect(tax).toBeGreaterThan(0);

    await fillPurchaser(page, { firstName: 'Rita', lastName: 'Receipt', email });
    await acceptTerms(page);
    await fillCard(page, SUCCESS_CARD);
    const since = new Date();
    await payButton(page).click();
    await page.waitForURL(/\/demo-museum\/checkout\/complete\?orderIds=/);

    const mail = await waitForMail(baseUrl, email, 'order_confirmation', since);
    const text = mail.text;
    // each line: "2 × Adult $50.00" with its own discount, service charge, tax and total
    const items = cartReceiptItems(discounted!);
    expect(items.map((i) => i.name).sort()).toEqual(['1 × Child', '2 × Adult']);
    for (const { name, figures: f } of items) {
      const block = text.slice(text.indexOf(`${name} ${money(f.face)}`));
      expect(block, name).toContain(`${name} ${money(f.face)}`);
      const own = block.slice(0, block.indexOf('Line total'));
      expect(own, name).toContain(`Discount -${money(f.discount)}`);
      expect(own, name).toContain(`Service charge ${money(f.serviceCharge)}`);
      expect(own, name).toContain(`Tax ${money(f.tax)}`);
      expect(block, name).toContain(`Line total ${money(f.total)}`);
    }
    // the lines add up to what the card paid, and the order's figures are the cart's own totals
    expect(items.reduce((sum, i) => sum + i.figures.total, 0)).toBe(due);
    expect(text).toContain(`Discount -${money(discount)}`);
    expect(text).toContain(`Service charge ${money(serviceCharge)}`);
    expect(text).toContain(`Tax ${money(tax)}`);
    expect(text).toContain(`Total ${money(due)}`);
    // the card that paid, by brand and last four digits only
    expect(text).toContain(`Paid with Visa •••• 4242 ${money(due)}`);
    expect(text).not.toContain('4242 4242');
    expect(text).toContain(`Balance due ${money(0)}`);
    expect(mail.html).toContain(`Service charge ${money(serviceCharge)}`);
  });
});
