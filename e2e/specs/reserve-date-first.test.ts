import { decimalToMinor, minorToDecimal } from '@admit/contracts/money';
import { advertisedPrice } from '@admit/contracts/rules/advertised-price';
import { storedFeesOf } from '@admit/contracts/rules/fees';
import { afterEach, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { cartWidget, deleteCart, fetchCartAsPage, moneyLabel, POLL } from '../support/reserve';
import { fillDateFirstForm, planReserve, submitAndWaitForCart } from '../support/reserve-flow';
import { useBrowserPage } from '../support/page-fixture';
import { eventually } from '../support/storefront';

// spec: shopping §2 "Date-first reserve page", "Cart widget and modals"; §4 "Cart timer",
// "Removing a cart item"; §9 (timer shown under 20 minutes, the demo seller holds 15)
describe('reserving tickets on the date-first page', () => {
  const fx = useBrowserPage();
  // the specs share one server: every cart a test leaves behind gives its places back
  const carts: string[] = [];
  afterEach(async () => {
    for (const id of carts.splice(0)) await deleteCart(fx.baseUrl, id);
  });

  it('reserves 2 + 1 tickets and shows them, the totals and the timer; the server holds them', async () => {
    const { page, baseUrl } = fx;
    const plan = await planReserve(page, baseUrl, { places: 3 });
    const [first, second] = plan.types;
    if (!first || !second) throw new Error(`${plan.event.name} offers fewer than 2 ticket types`);
    const form = await fillDateFirstForm(page, plan, [
      [first.name, 2],
      [second.name, 1],
    ]);
    // the cart's subtotal: 2 × first + 1 × second at face value
    const subtotal = minorToDecimal(
      2 * decimalToMinor(first.currency_amount) + decimalToMinor(second.currency_amount),
    );
    // the form's own total: each ticket as shown, with the fees the seller's prices include
    // (decision 0048 all-in prices, the seller's public config)
    const shown = (type: typeof first) =>
      advertisedPrice(
        decimalToMinor(type.currency_amount),
        storedFeesOf(type.outside_fees),
        plan.config.all_in_prices,
      );
    const formTotal = minorToDecimal(2 * shown(first) + shown(second));
    const { currency, locale } = plan.config;
    await form.getByText(await moneyLabel(page, formTotal, currency, locale)).waitFor();
    await expectNoSeriousA11yViolations(page);

    const cartId = await submitAndWaitForCart(page, plan);
    carts.push(cartId);
    // spec: shopping §2 — with add-ons on sale the visitor moves on to the upsell listing
    await page
      .getByRole('heading', { level: 1, name: 'What other experiences would you like to add?' })
      .waitFor();

    // the server holds exactly what was chosen, for this session, in a pending cart
    const { status, bundle } = await fetchCartAsPage(page, cartId);
    expect(status).toBe(200);
    const cart = bundle!.cart._data[0]!;
    expect(cart.state).toBe('pending');
    const tickets = bundle!.ticket._data;
    expect(tickets.every((t) => t.event_session_id === plan.session.id)).toBe(true);
    expect(tickets.filter((t) => t.ticket_type_id === first.id)).toHaveLength(2);
    expect(tickets.filter((t) => t.ticket_type_id === second.id)).toHaveLength(1);
    const fees = bundle!.cart_fees._data[0]!;
    expect(fees.total_before_cartmod_price).toBe(subtotal);

    const widget = cartWidget(page);
    const item = widget.getByRole('listitem', { name: plan.event.name });
    await item.getByText(`2 × ${first.name}`).waitFor();
    await item.getByText(`1 × ${second.name}`).waitFor();
    await item.getByText(plan.time, { exact: false }).waitFor();
    const totals = widget.getByRole('definition');
    await expect
      .poll(() => totals.allTextContents(), POLL)
      .toEqual(
        expect.arrayContaining([
          await moneyLabel(page, subtotal, currency, locale),
          await moneyLabel(page, fees.grand_totals.total_outstanding, currency, locale),
        ]),
      );
    // a 15-minute hold is under the 20-minute display limit, so the timer shows
    await eventually(async () => {
      expect(await widget.getByText(/^Time left to complete your order: 1[45]:\d\d$/).count()).toBe(
        1,
      );
    });
    await expectNoSeriousA11yViolations(page);
  });

  it('removing the only reserved item empties the cart, on the page and on the server', async () => {
    const { page, baseUrl } = fx;
    const plan = await planReserve(page, baseUrl, { places: 1 });
    const type = plan.types[0];
    if (!type) throw new Error(`${plan.event.name} offers no ticket type`);
    await fillDateFirstForm(page, plan, [[type.name, 1]]);
    const cartId = await submitAndWaitForCart(page, plan);
    carts.push(cartId);
    expect((await fetchCartAsPage(page, cartId)).status).toBe(200);

    const widget = cartWidget(page);
    await widget.getByRole('button', { name: `Remove ${plan.event.name}` }).click();
    await widget.getByText(`Remove ${plan.event.name} from your cart?`).waitFor();
    await widget.getByRole('button', { name: 'Confirm' }).click();
    await widget.getByText('Your visit plan is empty.').waitFor();
    // spec: shopping §4 — the only item goes with the whole cart
    await expect.poll(async () => (await fetchCartAsPage(page, cartId)).status, POLL).toBe(404);
  });
});
