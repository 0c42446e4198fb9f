import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from '../support/axe';
import {
  acceptTerms,
  checkoutMain,
  fillCard,
  fillPurchaser,
  payButton,
  SUCCESS_CARD,
} from '../support/checkout';
import { CountedKeyboard, expectFocus } from '../support/keyboard';
import { useBrowserPage } from '../support/page-fixture';
import {
  cartWidget,
  deleteCart,
  fetchCartAsPage,
  focusedLabel,
  POLL,
  storedCartId,
} from '../support/reserve';
import {
  freeRun,
  increaseStallsAdult,
  readConcert,
  readSeats,
  seatCell,
  seatMap,
  selectedSeatRows,
  shortName,
  ticketsForm,
} from '../support/seats';
import { eventLink } from '../support/storefront';

// spec: shopping §2 "Seat map", §4 "Seat selector" and "Seat states"; issue #24 "Tests that
// must exist": pick seats by mouse and pay, by keyboard only, by the best-available list, axe
// on the open map, a seat held by another cart. Each test takes seats of its own row of the one
// performance, and gives back what it holds but does not buy, so the shared server stays usable.

describe('reserved seating', () => {
  const fx = useBrowserPage();

  it('picks two Stalls seats by mouse (auto-extended), confirms, adds to cart and pays', async () => {
    const { page, baseUrl } = fx;
    const concert = await readConcert(baseUrl);
    const [first, second] = freeRun(await readSeats(baseUrl, concert), 'Stalls', 'F', 2);

    await page.goto('/demo-museum/events');
    await eventLink(page, concert.event).click();
    await page.getByRole('heading', { level: 1, name: concert.event.name }).waitFor();
    const findSeats = ticketsForm(page).getByRole('button', { name: 'Find Seats' });
    await increaseStallsAdult(page).click();
    await increaseStallsAdult(page).click();
    await findSeats.click();
    await page.getByRole('heading', { name: 'Choose your seats' }).waitFor();
    await expect
      .poll(() => seatCell(page, first!).getAttribute('aria-label'), POLL)
      .toMatch(/, available$/);

    // one click: the neighbour along the row completes the quantity
    await seatCell(page, first!).click();
    await page
      .getByText(`Seats ${shortName(first!)}, ${shortName(second!)} selected. 2 of 2 seats chosen.`)
      .waitFor();
    await expect
      .poll(() => seatCell(page, second!).getAttribute('aria-label'), POLL)
      .toMatch(/^Row F, seat \d+, Adult \$[\d.]+, selected$/);
    await page.getByRole('button', { name: 'Confirm Selection' }).click();
    expect(await selectedSeatRows(page)).toEqual([
      `${shortName(first!)}Adult`,
      `${shortName(second!)}Adult`,
    ]);

    await expectNoSeriousA11yViolations(page);

    await ticketsForm(page).getByRole('button', { name: 'Add to cart' }).click();
    await cartWidget(page).getByRole('listitem', { name: concert.event.name }).waitFor();
    const cartId = await storedCartId(page);
    const { bundle } = await fetchCartAsPage(page, cartId!);
    expect(bundle!.ticket._data.map((t) => t.seat_template_id).sort()).toEqual(
      [first!.id, second!.id].sort(),
    );

    if (!/\/checkout$/.test(page.url())) await page.goto('/demo-museum/checkout');
    await checkoutMain(page).getByRole('heading', { name: 'Payment information' }).waitFor();
    await fillPurchaser(page, {
      firstName: 'Sid',
      lastName: 'Seated',
      email: `seats-${Date.now()}@example.test`,
    });
    await acceptTerms(page);
    await fillCard(page, SUCCESS_CARD);
    await payButton(page).click();
    await page.waitForURL(/\/demo-museum\/checkout\/complete\?orderIds=/);
    await page.getByRole('heading', { name: 'Thank you for your order' }).waitFor();

    // the order's tickets name their seats
    await page.getByRole('link', { name: 'View tickets' }).first().click();
    await page.waitForURL(/\/demo-museum\/ticket_order\//);
    for (const seat of [first!, second!]) {
      await page
        .getByText(`Seat: Stalls, Row ${seat.row}, seat ${seat.seat}`, { exact: true })
        .waitFor();
    }

    // sold: the server now states both seats booked
    const after = new Map((await readSeats(baseUrl, concert)).map((s) => [s.id, s.state]));
    expect([after.get(first!.id), after.get(second!.id)]).toEqual(['booked', 'booked']);
  });

  it('picks seats by keyboard alone: Tab into the map, arrows, Enter, confirm, add to cart', async () => {
    const { page, baseUrl } = fx;
    const concert = await readConcert(baseUrl);
    await page.goto(`/demo-museum/events/${concert.event.id}`);
    await page.getByRole('heading', { level: 1, name: concert.event.name }).waitFor();
    const keys = new CountedKeyboard(page);
    const increase = increaseStallsAdult(page);
    await keys.tabTo(increase, 40);
    await keys.press('Enter');
    await keys.press('Enter');
    await expect
      .poll(
        () =>
          ticketsForm(page)
            .getByRole('group', { name: 'Stalls', exact: true })
            .getByRole('status', { name: 'Adult quantity' })
            .textContent(),
        POLL,
      )
      .toBe('2');
    await keys.tabTo(ticketsForm(page).getByRole('button', { name: 'Find Seats' }));
    await keys.press('Enter');
    // focus follows the selector into the opened map's heading
    await expectFocus(page.getByRole('heading', { name: 'Choose your seats' }));

    // one Tab stop for the whole map (a roving tabindex): the first seat of the front row
    await keys.tabTo(seatMap(page).getByRole('gridcell').and(page.locator('[tabindex="0"]')));
    expect(await focusedLabel(page)).toMatch(/^Row A, seat \d+, Adult \$[\d.]+, /);
    // down three rows, then along the row
    for (const key of ['ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowRight', 'ArrowRight']) {
      await keys.press(key);
    }
    const focused = await focusedLabel(page);
    expect(focused).toMatch(/^Row D, seat \d+, Adult \$[\d.]+, available$/);
    await keys.press('Enter');
    const announced = page.getByText(/^Seats D\d+, D\d+ selected\. 2 of 2 seats chosen\.$/);
    await announced.waitFor();
    expect(await focusedLabel(page)).toBe(focused.replace(/available$/, 'selected'));

    await keys.tabTo(page.getByRole('button', { name: 'Confirm Selection' }));
    await keys.press('Enter');
    await expectFocus(page.getByRole('button', { name: 'Change Selected Seats' }));
    const rows = await selectedSeatRows(page);
    expect(rows).toEqual([
      expect.stringMatching(/^D\d+Adult$/),
      expect.stringMatching(/^D\d+Adult$/),
    ]);

    await keys.tabTo(ticketsForm(page).getByRole('button', { name: 'Add to cart' }));
    await keys.press('Enter');
    await cartWidget(page).getByRole('listitem', { name: concert.event.name }).waitFor();
    const cartId = await storedCartId(page);
    try {
      const { bundle } = await fetchCartAsPage(page, cartId!);
      const seats = await readSeats(baseUrl, concert);
      const nameOf = new Map(seats.map((seat) => [seat.id, `${shortName(seat)}Adult`]));
      expect(bundle!.ticket._data.map((t) => nameOf.get(t.seat_template_id ?? '')).sort()).toEqual(
        [...rows].sort(),
      );
    } finally {
      await deleteCart(baseUrl, cartId!);
    }
  });
});
