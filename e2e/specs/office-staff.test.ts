import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { saveFailureScreenshot } from '../support/browser';
import { OWNER, officeLogin } from '../support/office';
import { useBrowserPage } from '../support/page-fixture';
import { SELLER } from '../support/reserve';

// issue #27 "Staff": the owner adds a door member of staff, who signs in on their own machine
// and sees the door's sections only; the owner disables them, and their session ends.
const PASSWORD = 'Door-e2e-42';

describe('the office staff page', () => {
  const fx = useBrowserPage();

  it('an owner adds a door user, who sees only the door’s sections, then disables them', async () => {
    const { browser, baseUrl } = fx;
    const email = `door-${Date.now()}@demo-museum.test`;
    const owner = await (await browser.newContext({ baseURL: baseUrl, locale: 'en-US' })).newPage();
    const door = await (await browser.newContext({ baseURL: baseUrl, locale: 'en-US' })).newPage();
    try {
      await officeLogin(owner, OWNER);
      const ownerNav = owner.getByRole('navigation', { name: 'Office sections' });
      await ownerNav.getByRole('link', { name: 'Staff', exact: true }).click();
      const main = owner.getByRole('main');
      await main.getByRole('button', { name: 'Add staff member' }).click();
      const add = owner.getByRole('dialog');
      await add.getByLabel('E-mail address').fill(email);
      await add.getByLabel('Role').selectOption('door');
      await add.getByLabel('Initial password').fill(PASSWORD);
      await add.getByRole('button', { name: 'Add', exact: true }).click();
      const row = main.getByRole('row').filter({ hasText: email });
      await row.getByText('active').waitFor();
      await expectNoSeriousA11yViolations(owner);

      // the new member of staff, on another machine: the door's sections only
      await door.goto(`/${SELLER}/office`);
      await door.getByLabel('E-mail').fill(email);
      await door.getByLabel('Password').fill(PASSWORD);
      await door.keyboard.press('Enter');
      const doorNav = door.getByRole('navigation', { name: 'Office sections' });
      await doorNav.getByRole('link', { name: 'Today', exact: true }).waitFor();
      const sections = await doorNav.getByRole('link').allTextContents();
      expect(sections).not.toContain('Orders');
      expect(sections).not.toContain('Staff');

      // disabled by the owner: their session is over, the next page asks them to sign in
      await row.getByRole('button', { name: /^Disable/ }).click();
      await owner.getByRole('dialog').getByRole('button', { name: 'Disable', exact: true }).click();
      await row.getByText('disabled').waitFor();
      await door.reload();
      await door.getByLabel('Password').waitFor();
      expect(await doorNav.count()).toBe(0);
    } catch (error) {
      await saveFailureScreenshot(owner, 'office-staff-owner');
      await saveFailureScreenshot(door, 'office-staff-door');
      throw error;
    } finally {
      await owner.context().close();
      await door.context().close();
    }
  });
});
