import { decimalToMinor } from '@admit/contracts/money';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { fetchAvailableEvents, readSellerConfig } from '../support/catalog';
import { checkoutMain, fillCard, payButton, SUCCESS_CARD } from '../support/checkout';
import { waitForMail } from '../support/mailbox';
import {
  cancelWholeOrder,
  checkOutAsGuest,
  manageLinkFromMail,
  readManagedOrder,
} from '../support/manage';
import { useBrowserPage } from '../support/page-fixture';
import {
  chooseSession,
  escapeRegExp,
  POLL,
  reserveAsThisGuest,
  venueTimeLabel,
} from '../support/reserve';
import { availableDays, sessionsAndPricesOn } from '../support/session-reads';
import { plannableDays, sessionFor } from '../support/session-choice';

// the demo museum lets the secret link's holder change an order up to the day before (self-edit
// rules: horizon 1 day, anonymous editing; apps/api/src/demo/demo-orders.ts). Two days ahead is
// past that horizon whatever the hour the suite runs at.
const PAST_HORIZON_MS = 2 * 24 * 60 * 60_000;
const FREE_EVENT = 'Sketching in the Arcade';

// spec: identity §2 "Manage order", /manage/{orderId}/reschedule/{sessionId}, /manage/{orderId}/
// confirm (the checkout screen), §4 "Manage order", "Reschedule", "Checkout result", §5, §6
describe('manage order', () => {
  const fx = useBrowserPage();

  it('a guest reschedules one of two tickets from the e-mail link to a dearer late opening, pays the difference by card and gets the update e-mail', async () => {
    const { page, baseUrl } = fx;
    await page.goto('/demo-museum/events');
    const config = await readSellerConfig(page);
    const eventId = config.admission_event_id!;
    const startsAfter = new Date(Date.now() + PAST_HORIZON_MS).toISOString();
    // bought at a session selling at the types' amounts (Adult $25.00, Child $12.00)
    const bundle = await reserveAsThisGuest(page, eventId, {
      startsAfter,
      atTypeAmounts: true,
      lines: [
        ['Adult', 1],
        ['Child', 1],
      ],
    });
    const bought = bundle.ticket._data[0]!.event_session_id!;
    const childType = bundle.ticket_type._data.find((t) => t.name === 'Child')!;
    const email = `manage-${Date.now()}@example.test`;
    const since = new Date();
    await checkOutAsGuest(page, { firstName: 'Rita', lastName: 'Schedule', email });
    const link = await manageLinkFromMail(baseUrl, email, since);
    try {
      // the new time: the next session the API prices dearer for a child (the demo's Thursday
      // late opening, decision 0043), keeping the ticket's type
      const target = await dearerSession(baseUrl, eventId, bought, childType);
      const time = await venueTimeLabel(page, target.session.start_datetime, config.timezone);
      const childThere = `Child, $${target.price}`;

      await page.goto(link.path);
      const main = page.getByRole('main');
      await main.getByRole('heading', { level: 1, name: 'Manage your order' }).waitFor();
      await main.getByRole('checkbox', { name: /Child, \$12\.00$/ }).waitFor();
      await expectNoSeriousA11yViolations(page);
      await main.getByRole('link', { name: /^Reschedule General Admission/ }).click();

      await main.getByRole('heading', { level: 1, name: 'Reschedule your visit' }).waitFor();
      const moving = main.getByRole('group', { name: 'Tickets to move' });
      const child = moving.getByRole('checkbox', { name: /Child, \$12\.00$/ });
      // its number on the page ("Ticket 2: Child, $12.00") names its type field
      const childLabel = await child.evaluate((el) => el.closest('label')?.textContent ?? '');
      const n = /^Ticket (\d+)/.exec(childLabel)?.[1];
      await moving.getByText(/Adult, \$25\.00$/).click();
      await expect
        .poll(() => moving.getByRole('checkbox', { name: /Adult/ }).isChecked(), POLL)
        .toBe(false);
      await main
        .getByRole('group', { name: 'Date' })
        .getByRole('button', { name: target.day.longFormat })
        .click();
      await chooseSession(main, time);
      // the type stays Child, at the late opening's own price, and the page warns
      const typeField = main.getByLabel(`Ticket ${n}: type at the new time`);
      await expect
        .poll(
          () => typeField.evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.text),
          POLL,
        )
        .toBe(childThere);
      await main
        .getByRole('status')
        .getByText(
          'The new time costs more than your current tickets: you pay the difference when you confirm your changes.',
          { exact: true },
        )
        .waitFor();
      await expectNoSeriousA11yViolations(page);
      await main.getByRole('button', { name: 'Reschedule tickets' }).click();

      // back on the order: the change is held in the edit, and costs the difference
      await main.getByRole('heading', { level: 1, name: 'Manage your order' }).waitFor();
      // the museum's admission shows its end time (`ticket_date_time: show-end`, decision 0066)
      await main
        .getByText(
          new RegExp(
            `^Moves to .*${escapeRegExp(time)} – \\d{1,2}:\\d{2} [AP]M, ${escapeRegExp(childThere)}$`,
          ),
        )
        .waitFor();
      const footer = page.getByRole('region', { name: 'Your changes' });
      const toPay = await footer.getByText(/^To pay: /).textContent();
      await footer.getByRole('button', { name: 'Confirm Changes' }).click();

      // the checkout screen pays the difference by card
      await page.waitForURL(new RegExp(`/manage/${link.orderId}/confirm`));
      await checkoutMain(page)
        .getByRole('heading', { level: 1, name: 'Pay for your changes' })
        .waitFor();
      expect(await payButton(page).textContent()).toBe(`Pay ${toPay!.replace('To pay: ', '')}`);
      await expectNoSeriousA11yViolations(page);
      const paidAt = new Date();
      await fillCard(page, SUCCESS_CARD);
      await payButton(page).click();

      await main
        .getByText('Your visit has been rescheduled. We have e-mailed you your updated tickets.')
        .waitFor();
      expect(new URL(page.url()).pathname).toBe(`/demo-museum/manage/${link.orderId}`);
      await expectNoSeriousA11yViolations(page);

      const after = await readManagedOrder(baseUrl, link);
      const booked = after.ticket._data.filter((t) => t.state === 'booked');
      const typeName = (id: string) => after.ticket_type._data.find((t) => t.id === id)?.name;
      expect(
        booked.map((t) => [t.event_session_id, typeName(t.ticket_type_id), t.face_value]).sort(),
      ).toEqual(
        [
          [bought, 'Adult', '25.00'],
          [target.session.id, 'Child', target.price],
        ].sort(),
      );
      const fees = after.ticket_order_fees._data[0]!;
      expect(fees.total_outstanding).toBe('0.00');
      const update = await waitForMail(baseUrl, email, 'order_update', paidAt);
      expect(update.text).toContain('General Admission');
    } finally {
      await cancelWholeOrder(baseUrl, link);
    }
  });

  it('a guest cancels selected tickets of a free order, then the rest with Cancel order', async () => {
    const { page, baseUrl } = fx;
    const catalog = await fetchAvailableEvents(baseUrl, 'demo-museum');
    const event = catalog.event_template._data.find((e) => e.name === FREE_EVENT);
    expect(event, `${FREE_EVENT} in the demo catalogue`).toBeDefined();
    await page.goto('/demo-museum/events');
    const startsAfter = new Date(Date.now() + PAST_HORIZON_MS).toISOString();
    await reserveAsThisGuest(page, event!.id, { quantity: 3, startsAfter });
    const email = `free-manage-${Date.now()}@example.test`;
    const since = new Date();
    await checkOutAsGuest(page, { firstName: 'Fay', lastName: 'Free', email }, true);
    const link = await manageLinkFromMail(baseUrl, email, since);
    try {
      await page.goto(link.path);
      const main = page.getByRole('main');
      const visit = main.getByRole('region', { name: FREE_EVENT });
      await visit.getByRole('checkbox', { name: /^Ticket 3: Attendee, \$0\.00$/ }).waitFor();
      await visit.getByText('Select all', { exact: true }).click();
      await visit.getByText('Ticket 3: Attendee, $0.00', { exact: true }).click();
      const cancelSelected = main.getByRole('button', { name: 'Cancel selected tickets' });
      await cancelSelected.click();
      const dialog = page.getByRole('dialog', { name: 'Cancel these tickets?' });
      await dialog
        .getByText('2 tickets will be cancelled when you confirm your changes.')
        .waitFor();
      await expectNoSeriousA11yViolations(page);
      await dialog.getByRole('button', { name: 'Yes, cancel' }).click();
      await expect.poll(() => visit.getByText('To be cancelled').count(), POLL).toBe(2);

      const footer = page.getByRole('region', { name: 'Your changes' });
      await footer.getByText('Nothing to pay').waitFor();
      const changedAt = new Date();
      await footer.getByRole('button', { name: 'Confirm Changes' }).click();
      await main
        .getByText('Your tickets have been cancelled. We have e-mailed you a confirmation.')
        .waitFor();
      const states = (await readManagedOrder(baseUrl, link)).ticket._data.map((t) => t.state);
      expect(states.sort()).toEqual(['booked', 'cancelled', 'cancelled']);
      await waitForMail(baseUrl, email, 'order_update', changedAt);

      // identity §5: every ticket is free, one is still valid: the whole order can be cancelled
      await expect.poll(() => visit.getByText('Cancelled', { exact: true }).count(), POLL).toBe(2);
      await main.getByRole('button', { name: 'Cancel order' }).click();
      const whole = page.getByRole('dialog', { name: 'Cancel your whole order?' });
      await whole.getByRole('button', { name: 'Yes, cancel' }).click();
      await expect.poll(() => visit.getByText('Cancelled', { exact: true }).count(), POLL).toBe(3);
      // the dialog's fade-out may start after the page has updated: judge the page without it
      await whole.waitFor({ state: 'detached' });
      await expectNoSeriousA11yViolations(page);
      const left = (await readManagedOrder(baseUrl, link)).ticket._data.map((t) => t.state);
      expect(left).toEqual(['cancelled', 'cancelled', 'cancelled']);
    } finally {
      await cancelWholeOrder(baseUrl, link);
    }
  });
});

/**
 * The first session, among the days the reschedule page shows as buttons (the first 8 bookable,
 * shopping §9; the first skipped, so it is never inside the 1-day horizon nor passes while the
 * spec runs), that sells `type` dearer than it cost at `current`, with a place: as the API
 * prices it (price_schedule), whatever day the suite runs on.
 */
async function dearerSession(
  baseUrl: string,
  eventId: string,
  current: string,
  type: { id: string; currency_amount: string },
) {
  for (const day of plannableDays(await availableDays(baseUrl, eventId))) {
    const { sessions, schedule } = await sessionsAndPricesOn(baseUrl, eventId, day.date);
    const priceAt = (sessionId: string) =>
      schedule.find((p) => p.event_session_id === sessionId && p.ticket_type_id === type.id)
        ?.currency_amount;
    const dearer = sessions.filter((s) => {
      const price = priceAt(s.id);
      return (
        s.id !== current &&
        price !== undefined &&
        decimalToMinor(price) > decimalToMinor(type.currency_amount)
      );
    });
    const session = sessionFor(dearer, { places: 1, now: Date.now() });
    if (session) return { day, session, price: priceAt(session.id)! };
  }
  throw new Error(`no session of ${eventId} sells ${type.id} dearer among the date buttons`);
}
