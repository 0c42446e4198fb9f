import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PKPASS_CONTENT_TYPE } from '@admit/contracts/wallet';
import {
  makeAppleSigner,
  writeAppleSignerFiles,
} from '../../apps/api/src/testing/wallet-credentials';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { launchBrowser, newContext, saveFailureScreenshot } from '../support/browser';
import {
  DEMO_PASSWORD,
  logInWithPassword,
  memberGreeting,
  MUSEUM_MEMBER,
} from '../support/identity';
import { waitForMail } from '../support/mailbox';
import { SELLER } from '../support/reserve';
import { startServer, type RunningServer } from '../support/server';

// spec: identity §2 "Account area (/my)" (upcoming tickets, session detail, recent orders, order
// detail, resend), §7 my/order_session, my/ticket_order, POST ticket_order/{id}/email,
// walletprecheck and pkpass. The demo member has a past and an upcoming order (README "Demo
// orders"). The demo has no wallet credentials, so this spec starts its own server whose demo
// sellers sign Apple passes with a throw-away CA and certificate made here (SEED_WALLET_DIR).
describe('the account area of a member, with Apple Wallet passes', () => {
  let walletDir: string;
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;

  beforeAll(async () => {
    walletDir = mkdtempSync(join(tmpdir(), 'admit-wallet-'));
    writeAppleSignerFiles(walletDir, makeAppleSigner());
    [server, browser] = await Promise.all([
      startServer({ env: { SEED_WALLET_DIR: walletDir }, logName: 'server-account.log' }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(walletDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    context = await newContext(browser!, server!.baseUrl);
    page = await context.newPage();
  });
  afterEach(async ({ task }) => {
    if (page && task.result?.state === 'fail') await saveFailureScreenshot(page, task.name);
    await context?.close();
  });

  const main = () => page!.getByRole('main');
  const sidebar = () => page!.getByRole('navigation', { name: 'My account' });

  async function logIn() {
    await logInWithPassword(page!, SELLER, MUSEUM_MEMBER.email, DEMO_PASSWORD);
    await memberGreeting(page!, MUSEUM_MEMBER.name).waitFor();
  }

  it('lists the upcoming visit, opens it, resends its tickets and downloads a pkpass', async () => {
    await logIn();
    // a current member lands on the membership page, keeping query and hash
    await page!.goto(`/${SELLER}/my?from=e2e#top`);
    await page!.waitForURL(new RegExp(`/${SELLER}/my/membership\\?from=e2e#top$`));

    await sidebar().getByRole('link', { name: 'My upcoming tickets' }).click();
    await main().getByRole('heading', { level: 1, name: 'My upcoming tickets' }).waitFor();
    const row = main().getByRole('row', { name: /General Admission/ });
    // the demo's upcoming order: 2 Adults and 1 Child (the past visit is not listed)
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getByRole('cell').nth(1).textContent()).toBe('3');
    await expectNoSeriousA11yViolations(page!);

    await row.getByRole('link', { name: /^View General Admission/ }).click();
    await main().getByRole('heading', { level: 1, name: 'General Admission' }).waitFor();
    const tickets = main().getByRole('table', { name: 'Your tickets' });
    const codes = tickets.getByRole('cell').filter({ hasText: /^#[0-9A-Z-]+$/ });
    await expect.poll(() => codes.count()).toBe(3);
    const apple = tickets.getByRole('link', { name: /^Add to Apple Wallet: Adult #/ }).first();
    await apple.waitFor();
    // the demo configures Apple only: no Google button
    expect(await tickets.getByRole('link', { name: /Google Wallet/ }).count()).toBe(0);
    await expectNoSeriousA11yViolations(page!);

    const since = new Date();
    await main().getByRole('button', { name: 'Resend my tickets' }).click();
    await main()
      .getByRole('status')
      .filter({ hasText: 'Your order confirmation and tickets have been resent.' })
      .waitFor();
    const mail = await waitForMail(
      server!.baseUrl,
      MUSEUM_MEMBER.email,
      'order_confirmation',
      since,
    );
    expect(mail.text).toContain('General Admission');

    // the pass: served as application/vnd.apple.pkpass, and the browser downloads it
    const href = (await apple.getAttribute('href'))!;
    const response = await context!.request.get(href);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe(PKPASS_CONTENT_TYPE);
    const [download] = await Promise.all([page!.waitForEvent('download'), apple.click()]);
    expect(download.suggestedFilename()).toMatch(/^ticket-[0-9a-f-]+\.pkpass$/);
    const bytes = readFileSync((await download.path())!);
    // a .pkpass is a zip: its first entry's signature
    expect(bytes.subarray(0, 4).toString('hex')).toBe('504b0304');
  });

  it('lists both orders newest first, opens each, and resends only the upcoming one', async () => {
    await logIn();
    await page!.goto(`/${SELLER}/my/orders`);
    await main().getByRole('heading', { level: 1, name: 'My recent orders' }).waitFor();
    const rows = main().getByRole('table').getByRole('row');
    await expect.poll(() => rows.count()).toBe(3); // the header and two orders
    expect(await rows.nth(1).getByRole('cell').nth(1).textContent()).toBe('1 events – 3 tickets');
    expect(await rows.nth(2).getByRole('cell').nth(1).textContent()).toBe('1 events – 2 tickets');
    await expectNoSeriousA11yViolations(page!);

    const upcomingNumber = (await rows.nth(1).getByRole('rowheader').textContent())!;
    await rows
      .nth(1)
      .getByRole('link', { name: `View order ${upcomingNumber}` })
      .click();
    await main()
      .getByRole('heading', { level: 1, name: `Order ${upcomingNumber}` })
      .waitFor();
    await main().getByText('Total amount').waitFor();
    await main().getByRole('region', { name: 'Events' }).getByText('2 × Adult').waitFor();
    await expectNoSeriousA11yViolations(page!);
    const since = new Date();
    await main().getByRole('button', { name: 'Resend my order' }).click();
    await main()
      .getByRole('status')
      .filter({ hasText: 'Your order confirmation has been resent.' })
      .waitFor();
    await waitForMail(server!.baseUrl, MUSEUM_MEMBER.email, 'order_confirmation', since);

    await main().getByRole('link', { name: 'Back to all recent orders' }).click();
    const pastNumber = (await rows.nth(2).getByRole('rowheader').textContent())!;
    await rows
      .nth(2)
      .getByRole('link', { name: `View order ${pastNumber}` })
      .click();
    await main()
      .getByRole('heading', { level: 1, name: `Order ${pastNumber}` })
      .waitFor();
    await main().getByRole('region', { name: 'Events' }).getByText('2 × Adult').waitFor();
    expect(await main().getByRole('button', { name: 'Resend my order' }).count()).toBe(0);

    await page!.goto(`/${SELLER}/my/orders/00000000-0000-4000-8000-000000000000`);
    await main().getByRole('alert').filter({ hasText: 'Order not found' }).waitFor();
    await page!.goto(`/${SELLER}/my/upcoming/session/00000000-0000-4000-8000-000000000000`);
    await main().getByRole('alert').filter({ hasText: 'Session not found' }).waitFor();
  });

  it('shows the profile with the name read-only and saves a contact field', async () => {
    await logIn();
    await page!.goto(`/${SELLER}/my/profile`);
    const form = main().getByRole('form', { name: 'Personal details' });
    await form.waitFor();
    expect(await form.getByLabel('Email').inputValue()).toBe(MUSEUM_MEMBER.email);
    expect(await form.getByLabel('First name').getAttribute('readonly')).not.toBeNull();
    await form.getByText('Please contact us to change the name on your account.').waitFor();
    await expectNoSeriousA11yViolations(page!);
    await form.getByLabel('City').fill('Springfield');
    await form.getByRole('button', { name: 'Update details' }).click();
    await main()
      .getByRole('status')
      .filter({ hasText: 'Your details have been updated.' })
      .waitFor();
    await page!.reload();
    await expect.poll(() => form.getByLabel('City').inputValue()).toBe('Springfield');
  });

  /**
   * The member's header on a 390 px phone (decision 0080 added "View membership details" to it):
   * every item of its navigation lies inside the screen, none overlaps the next, and the button
   * opens the details.
   */
  async function expectHeaderFitsPhone(path: string) {
    const nav = page!.getByRole('banner').getByRole('navigation');
    const button = nav.getByRole('button', { name: 'View membership details' });
    await button.waitFor();
    const boxes = await nav
      .locator('li')
      .evaluateAll((items) =>
        items.map((item) => item.getBoundingClientRect().toJSON() as DOMRect),
      );
    expect(boxes.length, path).toBeGreaterThanOrEqual(4);
    for (const [i, box] of boxes.entries()) {
      expect(box.left, `${path} item ${i}`).toBeGreaterThanOrEqual(0);
      expect(box.right, `${path} item ${i}`).toBeLessThanOrEqual(390);
      const next = boxes[i + 1];
      // items on one row do not overlap; a wrapped one starts on a row below
      if (next && next.top < box.bottom - 1)
        expect(next.left, `${path} items ${i} and ${i + 1}`).toBeGreaterThanOrEqual(box.right - 1);
    }
    const own = await button.boundingBox();
    expect(own!.x + own!.width, path).toBeLessThanOrEqual(390);
    expect(own!.height, path).toBeGreaterThanOrEqual(44);
    await button.click();
    const dialog = page!.getByRole('dialog', { name: 'My membership details' });
    await dialog.waitFor();
    const shown = await dialog.boundingBox();
    expect(shown!.x, path).toBeGreaterThanOrEqual(0);
    expect(shown!.x + shown!.width, path).toBeLessThanOrEqual(390);
    await page!.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  }

  it('keeps every account page inside a phone screen and the page width on a desktop (issue #25)', async () => {
    await logIn();
    for (const path of ['membership', 'upcoming', 'orders', 'profile']) {
      await page!.setViewportSize({ width: 390, height: 844 });
      await page!.goto(`/${SELLER}/my/${path}`);
      await main().getByRole('heading', { level: 1 }).first().waitFor();
      await expectHeaderFitsPhone(path);
      // no sideways scrolling: the document is no wider than the screen
      const widths = await page!.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
      }));
      expect(widths.scroll, path).toBeLessThanOrEqual(widths.client);
      // a desktop keeps the shop's content width, not edge to edge
      await page!.setViewportSize({ width: 1920, height: 1080 });
      const box = await sidebar().boundingBox();
      expect(box!.x, path).toBeGreaterThan(100);
    }
  });
});
