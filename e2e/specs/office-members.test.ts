import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { saveFailureScreenshot } from '../support/browser';
import { waitForMail } from '../support/mailbox';
import { BOX_OFFICE, officeLogin } from '../support/office';
import { useBrowserPage } from '../support/page-fixture';

// issue #27 "Members": at the desk, a member asks for their card again. The box office finds
// them by e-mail, sends the card with a reason, and the member's inbox has it. Resending
// changes no membership, so the demo's member stays as other specs expect them.
const MEMBER = 'member@demo-museum.test';

describe('the office members page', () => {
  const fx = useBrowserPage();

  it('a box-office user finds a member by e-mail and resends their member card', async () => {
    const { browser, baseUrl } = fx;
    const desk = await (await browser.newContext({ baseURL: baseUrl, locale: 'en-US' })).newPage();
    try {
      await officeLogin(desk, BOX_OFFICE);
      const nav = desk.getByRole('navigation', { name: 'Office sections' });
      await nav.getByRole('link', { name: 'Members', exact: true }).click();
      const main = desk.getByRole('main');
      await main.getByLabel('Name, e-mail or member ID').fill(MEMBER);
      await main.getByRole('button', { name: 'Search', exact: true }).click();
      const row = main.getByRole('row').filter({ hasText: MEMBER }).filter({ hasText: 'Current' });
      await row.first().waitFor();
      await expectNoSeriousA11yViolations(desk);

      const sentAfter = new Date();
      await row
        .first()
        .getByRole('button', { name: /Resend member card/ })
        .click();
      const dialog = desk.getByRole('dialog');
      await dialog.getByLabel('Reason (required)').fill('asked at the desk');
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await main.getByText(/^Member card .+ sent again\.$/).waitFor();
      const mail = await waitForMail(baseUrl, MEMBER, 'membership_resend', sentAfter);
      expect(mail.to).toBe(MEMBER);
    } catch (error) {
      await saveFailureScreenshot(desk, 'office-members');
      throw error;
    } finally {
      await desk.context().close();
    }
  });
});
