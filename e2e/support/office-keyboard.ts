import type { Locator, Page } from 'playwright-core';
import { CountedKeyboard, expectFocus } from './keyboard';
import { STAFF_PASSWORD } from './office';
import { SELLER } from './reserve';
import { eventually } from './storefront';

/**
 * The office by keyboard alone (issue #27 audit gap 6): after the one navigation to the office,
 * every step is a key press (`CountedKeyboard`); nothing clicks and nothing calls focus().
 */
export class OfficeKeyboard extends CountedKeyboard {
  readonly nav: Locator;
  readonly main: Locator;

  constructor(page: Page) {
    super(page);
    this.nav = page.getByRole('navigation', { name: 'Office sections' });
    this.main = page.getByRole('main');
  }

  /** Signs in as the README's demo staff: e-mail, Tab, password, Enter; focus on the welcome. */
  async signIn(email: string): Promise<void> {
    await this.page.goto(`/${SELLER}/office`);
    await this.tabTo(this.page.getByLabel('E-mail'));
    await this.type(email);
    await this.press('Tab');
    await expectFocus(this.page.getByLabel('Password'));
    await this.type(STAFF_PASSWORD);
    await this.press('Enter');
    await expectFocus(
      this.page.getByRole('heading', { level: 1, name: 'Welcome to the back office' }),
    );
  }

  /** Back (Shift+Tab) to the section's link in the navigation, Enter: its page's heading. */
  async openSection(name: string): Promise<void> {
    const link = this.nav.getByRole('link', { name, exact: true });
    await this.tabTo(link, 30, 'Shift+Tab');
    await this.press('Enter');
    await this.main.getByRole('heading', { level: 1, name, exact: true }).waitFor();
  }

  /** Tab to what opens a dialog, Enter: the dialog named `name`, with the focus inside it. */
  async openDialog(opener: Locator, name: string): Promise<Locator> {
    await this.tabTo(opener, 40);
    await this.press('Enter');
    const dialog = this.page.getByRole('dialog', { name });
    await expectFocusWithin(dialog);
    return dialog;
  }
}

/** Waits until the focus is inside `scope` (a dialog takes it on opening). */
export async function expectFocusWithin(scope: Locator): Promise<void> {
  await eventually(async () => {
    const inside = await scope
      .evaluate((el) => el.contains(document.activeElement), undefined, { timeout: 1_000 })
      .catch(() => false);
    if (!inside) throw new Error(`the focus is not inside ${scope.toString()}`);
  });
}
