import type { Locator, Page } from 'playwright-core';
import { eventually } from './storefront';

/**
 * The keyboard as a visitor's only input, counted: every press of Tab, Shift+Tab, Enter, Space
 * or an arrow key is one, and typing a field's text is one per field. Nothing here clicks or
 * calls `focus()`.
 */
export class CountedKeyboard {
  presses = 0;

  constructor(protected readonly page: Page) {}

  async press(key: string): Promise<void> {
    await this.page.keyboard.press(key);
    this.presses += 1;
  }

  /**
   * Types one field's text: one press, however long the text. `delayMs` between keys, as a
   * person types, where the page answers each key (a date field's segments).
   */
  async type(text: string, delayMs = 0): Promise<void> {
    await this.page.keyboard.type(text, { delay: delayMs });
    this.presses += 1;
  }

  /**
   * Presses Tab (or Shift+Tab) until `target` has the focus, each press counted; fails after
   * `limit` presses.
   */
  async tabTo(target: Locator, limit = 20, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
    for (let i = 0; i < limit; i++) {
      if (await hasFocus(target)) return;
      await this.press(key);
    }
    await expectFocus(target);
  }
}

function hasFocus(target: Locator): Promise<boolean> {
  return target
    .evaluate((el) => el === document.activeElement, undefined, { timeout: 1_000 })
    .catch(() => false);
}

/** What has the focus, for failure messages: tag, role and the start of its text. */
function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el) return 'nothing';
    const name = el.getAttribute('aria-label') ?? el.textContent ?? '';
    const role = el.getAttribute('role');
    return `<${el.tagName.toLowerCase()}${role ? ` role=${role}` : ''}> "${name.trim().slice(0, 60)}"`;
  });
}

/** Waits until `target` has the keyboard focus; the message names what has it instead. */
export async function expectFocus(target: Locator, timeoutMs = 10_000): Promise<void> {
  await eventually(async () => {
    if (await hasFocus(target)) return;
    const page = target.page();
    throw new Error(`${target.toString()} has no focus; ${await describeFocus(page)} has`);
  }, timeoutMs);
}
