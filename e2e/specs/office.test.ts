import { expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { saveFailureScreenshot } from '../support/browser';
import { readSellerConfig } from '../support/catalog';
import { waitForMail } from '../support/mailbox';
import { checkOutAsGuest } from '../support/manage';
import { BOX_OFFICE, officeLogin } from '../support/office';
import { describeEachDatabase } from '../support/each-database';
import { reserveAsThisGuest, SELLER } from '../support/reserve';
import { sessionsOn } from '../support/session-reads';

// issue #27 "Tests that must exist": a box-office user finds an order by the buyer's e-mail,
// refunds one of two tickets (the sandbox refund is recorded, the place comes back, the buyer is
// mailed), and sees the refund in the day's sales table and chart.
// two days ahead: a session still on sale whatever the hour the suite runs at
const AHEAD_MS = 2 * 24 * 60 * 60_000;

/** The session's places in use, as the public sessions read gives them. */
async function usedAt(baseUrl: string, eventId: string, start: string, sessionId: string) {
  const date = start.slice(0, 10);
  const sessions = await sessionsOn(baseUrl, eventId, date);
  const session = sessions.find((s) => s.id === sessionId);
  if (!session) throw new Error(`session ${sessionId} not read on ${date}`);
  return session.used_capacity;
}

// on PGlite (the suite's server) and on PostgreSQL (a server of its own) when TEST_DATABASE_URL
// is set: the refund's transaction and the sales' sums run on each (decision 0108)
describeEachDatabase('the back office', (fx) => {
  it('a box-office user finds an order by e-mail, refunds one of its two tickets, and sees the refund in the sales', async () => {
    const { page, baseUrl, browser } = fx;
    await page.goto(`/${SELLER}/events`);
    const config = await readSellerConfig(page);
    const eventId = config.admission_event_id!;
    const bundle = await reserveAsThisGuest(page, eventId, {
      startsAfter: new Date(Date.now() + AHEAD_MS).toISOString(),
      atTypeAmounts: true,
      lines: [
        ['Adult', 1],
        ['Child', 1],
      ],
    });
    const ticket = bundle.ticket._data[0]!;
    const sessionId = ticket.event_session_id!;
    const start = bundle.event_session._data.find((s) => s.id === sessionId)!.start_datetime;
    const email = `office-${Date.now()}@example.test`;
    await checkOutAsGuest(page, { firstName: 'Ora', lastName: 'Office', email });
    const usedBefore = await usedAt(baseUrl, eventId, start, sessionId);

    // the desk: another browser context, as another person on another machine
    const desk = await (await browser.newContext({ baseURL: baseUrl, locale: 'en-US' })).newPage();
    try {
      await officeLogin(desk, BOX_OFFICE);
      const nav = desk.getByRole('navigation', { name: 'Office sections' });
      await nav.getByRole('link', { name: 'Orders', exact: true }).click();
      const main = desk.getByRole('main');
      await main.getByLabel('E-mail').fill(email);
      await main.getByRole('button', { name: 'Search' }).click();
      await main.getByText('1 of 1 orders').waitFor();
      await expectNoSeriousA11yViolations(desk);
      await main.getByRole('link', { name: /^[A-Z0-9]{6,}$/ }).click();

      await main.getByRole('heading', { level: 1, name: /^Order [A-Z0-9]{6,}$/ }).waitFor();
      await main.getByText(/^Paid \$[\d.]+, refunded \$0\.00$/).waitFor();
      // a ticket is picked by its line, as a person clicks it
      const childLine = main.locator('label').filter({ hasText: ' · Child · ' });
      await childLine.click();
      await expect.poll(() => main.getByRole('checkbox', { name: /Child/ }).isChecked()).toBe(true);
      await main.getByRole('button', { name: 'Cancel and refund the selected tickets' }).click();
      const dialog = desk.getByRole('dialog');
      await dialog.getByLabel('Reason (required)').fill('The school booked one child too many');
      const refundedAt = new Date();
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      // success closes the dialog and shows the order anew
      await dialog.waitFor({ state: 'hidden' });

      // the sandbox refund is recorded against the card, within what was paid
      // the child's ticket with its share of the fees and tax, never more than was paid
      const paidLine = main.getByText(/^Paid \$[\d.]+, refunded \$(?!0\.00)[\d.]+$/);
      const [, paid, refunded] = /Paid \$([\d.]+), refunded \$([\d.]+)/.exec(
        (await paidLine.textContent())!,
      )!;
      expect(Number(refunded)).toBeGreaterThanOrEqual(12);
      expect(Number(refunded)).toBeLessThan(Number(paid));
      await expect.poll(() => childLine.textContent()).toMatch(/cancelled/);
      // the place comes back, once
      expect(await usedAt(baseUrl, eventId, start, sessionId)).toBe(usedBefore - 1);
      // the buyer is mailed, as after their own change
      await waitForMail(baseUrl, email, 'order_cancel', refundedAt);

      // the sales: today's row (the venue's day, as the page defaults to it) shows the refund,
      // and so does the chart beside it
      await nav.getByRole('link', { name: 'Sales', exact: true }).click();
      const periods = main.getByRole('region', { name: 'By period' });
      const today = await desk.evaluate(
        (timeZone) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date()),
        config.timezone,
      );
      const row = periods.getByRole('row').filter({ hasText: today });
      // other specs refund on the shared server too: today's refunds are at least this one
      const refundsToday = async () =>
        Math.max(
          0,
          ...[...((await row.textContent()) ?? '').matchAll(/-\$([\d,]+\.\d\d)/g)].map((m) =>
            Number(m[1]!.replace(/,/g, '')),
          ),
        );
      await expect.poll(refundsToday).toBeGreaterThanOrEqual(Number(refunded));
      // the chart beside the table: the day's refunds bar names its value in its title
      const chart = periods.getByRole('img', { name: 'Revenue and refunds by day', exact: true });
      const refundsBar = chart.locator('title').filter({ hasText: `${today}: Refunds ` });
      const chartRefunds = async () => {
        const title = (await refundsBar.textContent()) ?? '';
        const amount = /: Refunds -\$([\d,]+\.\d\d)$/.exec(title)?.[1];
        return amount === undefined ? 0 : Number(amount.replace(/,/g, ''));
      };
      await expect.poll(chartRefunds).toBeGreaterThanOrEqual(Number(refunded));
      // the same figure as the table's (polled: another spec's refund may refetch both)
      await expect.poll(async () => (await chartRefunds()) - (await refundsToday())).toBe(0);
      await expectNoSeriousA11yViolations(desk);
    } catch (error) {
      await saveFailureScreenshot(desk, 'office-desk');
      throw error;
    } finally {
      await desk.context().close();
    }
  });
});
