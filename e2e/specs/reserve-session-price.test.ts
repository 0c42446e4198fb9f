import { decimalToMinor, minorToDecimal } from '@admit/contracts/money';
import { advertisedPrice } from '@admit/contracts/rules/advertised-price';
import { storedFeesOf } from '@admit/contracts/rules/fees';
import { afterEach, describe, expect, it } from 'vitest';
import { browsableEvents, fetchAvailableEvents, readSellerConfig } from '../support/catalog';
import { useBrowserPage } from '../support/page-fixture';
import {
  cartWidget,
  deleteCart,
  fetchCartAsPage,
  moneyLabel,
  POLL,
  SELLER,
  venueTimeLabel,
} from '../support/reserve';
import { fillDateFirstForm, submitAndWaitForCart, type ReservePlan } from '../support/reserve-flow';
import { availableDays, sessionsAndPricesOn, sessionTicketTypes } from '../support/session-reads';
import { plannableDays, sessionFor } from '../support/session-choice';
import type { Page } from 'playwright-core';

/**
 * The plan of a visit to a session with its own price of the first ticket type (the demo's
 * Thursday late opening, decision 0043), found among the date buttons from the running API's
 * price_schedule, whatever day the suite runs on.
 */
async function planSessionPricedVisit(page: Page, baseUrl: string) {
  await page.goto(`/${SELLER}/events`);
  const config = await readSellerConfig(page);
  const eventId = config.admission_event_id;
  if (!eventId) throw new Error(`${SELLER} has no admission event`);
  const event = browsableEvents(await fetchAvailableEvents(baseUrl, SELLER)).find(
    (e) => e.id === eventId,
  );
  if (!event) throw new Error(`the admission event ${eventId} is not on the listing`);
  for (const day of plannableDays(await availableDays(baseUrl, eventId))) {
    const { sessions, schedule } = await sessionsAndPricesOn(baseUrl, eventId, day.date);
    for (const session of sessions) {
      if (!sessionFor([session], { places: 1, now: Date.now() })) continue;
      const types = await sessionTicketTypes(baseUrl, eventId, session.id);
      const type = types[0];
      const own = schedule.find(
        (p) => p.event_session_id === session.id && p.ticket_type_id === type?.id,
      );
      if (!type || !own || own.currency_amount === type.currency_amount) continue;
      const time = await venueTimeLabel(
        page,
        session.start_datetime,
        config.timezone,
        config.locale,
      );
      const plan: ReservePlan = { config, event, day, session, time, types };
      return { plan, type, sessionPrice: own.currency_amount };
    }
  }
  throw new Error(`no session of ${event.name} among the date buttons has its own prices`);
}

// spec: shopping §2 (ticket step prices and total); issue #22 "the price shown is the price
// charged"; decisions 0043 (session prices) and 0048 (all-in prices)
describe('the price shown is the price charged', () => {
  const fx = useBrowserPage();
  const carts: string[] = [];
  afterEach(async () => {
    for (const id of carts.splice(0)) await deleteCart(fx.baseUrl, id);
  });

  it("a late-opening visit shows the session's own price in the ticket step and charges it in the cart", async () => {
    const { page, baseUrl } = fx;
    const { plan, type, sessionPrice } = await planSessionPricedVisit(page, baseUrl);
    const { currency, locale, all_in_prices: allIn } = plan.config;
    const money = (amount: string) => moneyLabel(page, amount, currency, locale);
    // the ticket as shown: the session's price with the fees the seller's prices include
    const shown = minorToDecimal(
      advertisedPrice(decimalToMinor(sessionPrice), storedFeesOf(type.outside_fees), allIn),
    );
    const form = await fillDateFirstForm(page, plan, [[type.name, 1]]);
    const stepper = form.getByRole('group', { name: type.name, exact: true });
    await expect.poll(() => stepper.textContent(), POLL).toContain(await money(shown));
    await form
      .getByTestId('reserve-footer')
      .getByText(await money(shown))
      .waitFor();

    const cartId = await submitAndWaitForCart(page, plan);
    carts.push(cartId);
    // the cart holds the ticket at the session's price, and its fees make up the shown figure
    const { bundle } = await fetchCartAsPage(page, cartId);
    const ticket = bundle!.ticket._data.find((t) => t.ticket_type_id === type.id)!;
    expect(ticket.event_session_id).toBe(plan.session.id);
    const fees = bundle!.cart_fees._data[0]!;
    expect(fees.total_before_cartmod_price).toBe(sessionPrice);
    const included =
      decimalToMinor(fees.total_fee_fixed_outside) +
      (allIn === 'fees_and_tax' ? decimalToMinor(fees.total_fee_percent_outside) : 0);
    expect(decimalToMinor(sessionPrice) + (allIn === 'off' ? 0 : included)).toBe(
      decimalToMinor(shown),
    );
    // and the cart widget lists the session's price
    const totals = cartWidget(page).getByRole('definition');
    await expect
      .poll(() => totals.allTextContents(), POLL)
      .toEqual(expect.arrayContaining([await money(sessionPrice)]));
  });
});
