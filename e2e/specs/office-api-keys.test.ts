import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { OWNER, officeLogin } from '../support/office';
import { useBrowserPage } from '../support/page-fixture';

// issue #27 "API keys": the owner creates a key (shown once), it works against the check-in API,
// the owner revokes it, and it then answers 401. And the office at tablet width: no page of it
// scrolls sideways at 768×1024.

const TABLET = { width: 768, height: 1024 };

describe('the office API keys page', () => {
  const fx = useBrowserPage();

  /** The scanner's lookup of a code no ticket has: its status says whether the key is let in. */
  const checkInWith = async (key: string) =>
    (
      await fetch(`${fx.baseUrl}/admin/api/check_in`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${key}`,
          'content-type': 'application/json',
          'tix-app': 'ecomm',
        },
        body: JSON.stringify({ code: 'E2E-NO-SUCH-CODE' }),
      })
    ).status;

  it('an owner creates a key, seen once, that opens the check-in API until it is revoked', async () => {
    const { page } = fx;
    const name = `E2E scanner ${Date.now()}`;
    await officeLogin(page, OWNER);
    await page
      .getByRole('navigation', { name: 'Office sections' })
      .getByRole('link', { name: 'API keys', exact: true })
      .click();
    await page.getByRole('heading', { level: 1, name: 'API keys' }).waitFor();
    await page.getByRole('button', { name: 'Create key' }).click();
    const create = page.getByRole('dialog');
    await create.getByLabel('Name').fill(name);
    await create.getByRole('button', { name: 'Create the key' }).click();
    const secret = create.getByLabel('The new key');
    await secret.waitFor();
    await create.getByText('you will not see it again').waitFor();
    const key = await secret.inputValue();
    expect(key).toMatch(/^adm_/);
    await expectNoSeriousA11yViolations(page);
    await create.getByRole('button', { name: 'Done' }).click();
    await create.waitFor({ state: 'detached' });
    // listed by its name and first characters only: the key itself is not on the page again
    const row = page.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    expect(await page.locator('body').innerText()).not.toContain(key);

    // the key lets the scanner in (an unknown code is a refusal, not a 401)
    expect(await checkInWith(key)).not.toBe(401);

    await row.getByRole('button', { name: `Revoke ${name}` }).click();
    const revoke = page.getByRole('dialog');
    await revoke.getByRole('textbox', { name: /Reason/ }).fill('e2e: scanner retired');
    await revoke.getByRole('button', { name: 'Revoke the key' }).click();
    await revoke.waitFor({ state: 'detached' });
    await row.getByText(/revoked/).waitFor();
    await expect.poll(() => checkInWith(key)).toBe(401);
  });

  it('no office page scrolls sideways on a tablet (768×1024), and each is axe clean there', async () => {
    const { page } = fx;
    await page.setViewportSize(TABLET);
    await officeLogin(page, OWNER);
    const nav = page.getByRole('navigation', { name: 'Office sections' });
    const sections = await nav.getByRole('link').allTextContents();
    expect(sections.length).toBeGreaterThanOrEqual(9);
    const overflow = async (p: Page) =>
      p.evaluate(() => {
        const root = document.scrollingElement!;
        return root.scrollWidth - root.clientWidth;
      });
    const wide: string[] = [];
    for (const section of sections) {
      await nav.getByRole('link', { name: section, exact: true }).click();
      await page.getByRole('main').getByRole('heading', { level: 1 }).first().waitFor();
      // the page's own reads settle before measuring
      await page.waitForLoadState('networkidle');
      if ((await overflow(page)) > 0) wide.push(`${section}: ${await overflow(page)}px`);
      // issue #27 "axe clean on every page": every section, walked from the navigation
      await expectNoSeriousA11yViolations(page);
    }
    expect(wide).toEqual([]);
  });
});
