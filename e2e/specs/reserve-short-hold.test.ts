import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, saveFailureScreenshot } from '../support/browser';
import { cartWidget, deleteCart, fetchCartAsPage } from '../support/reserve';
import { fillDateFirstForm, planReserve, submitAndWaitForCart } from '../support/reserve-flow';
import { startServer, type RunningServer } from '../support/server';

// spec: shopping §4 "Cart timer" and §9 — the extension offer shows at ≤ 60 s left; confirming
// adds 2 minutes on the server. cart-widget.test.ts reaches 60 s by fast-forwarding the page's
// clock; here the server itself holds carts for 1 minute (SEED_CART_HOLD_MINUTES, demo seed only),
// so the offer comes from a real, short hold made through the reserve form.
describe('the extension offer on a 1-minute hold', () => {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer({ env: { SEED_CART_HOLD_MINUTES: '1' }, logName: 'server-short-hold.log' }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  beforeEach(async () => {
    context = await newContext(browser!, server!.baseUrl);
    page = await context.newPage();
  });
  afterEach(async ({ task }) => {
    if (page && task.result?.state === 'fail') await saveFailureScreenshot(page, task.name);
    await context?.close();
  });

  it('offers 2 more minutes right after reserving, and the server moves expires_at by 2 minutes', async () => {
    const baseUrl = server!.baseUrl;
    const plan = await planReserve(page!, baseUrl, { places: 1 });
    expect(plan.config.cart_hold_minutes).toBe(1);
    const type = plan.types[0];
    if (!type) throw new Error(`${plan.event.name} offers no ticket type`);
    await fillDateFirstForm(page!, plan, [[type.name, 1]]);
    const cartId = await submitAndWaitForCart(page!, plan);
    try {
      const held = (await fetchCartAsPage(page!, cartId)).bundle!.cart._data[0]!;
      expect(held.expires_in).toBeLessThanOrEqual(60);
      const heldUntil = Date.parse(held.expires_at!);

      // a 1-minute hold is under 60 s once the 5 s margin is taken: the offer shows at once
      const widget = cartWidget(page!);
      await widget.getByText(/^Time left to complete your order: 0:[0-5]\d$/).waitFor();
      const offer = page!.getByRole('dialog', { name: 'Need more time?' });
      await offer.waitFor();
      await offer.getByText('Your cart will expire soon. Would you like 2 more minutes?').waitFor();
      await offer.getByRole('button', { name: 'Add 2 minutes' }).click();
      await offer.waitFor({ state: 'detached' });

      const extended = (await fetchCartAsPage(page!, cartId)).bundle!.cart._data[0]!;
      expect(Date.parse(extended.expires_at!) - heldUntil).toBe(120_000);
      // the widget counts down from the reloaded expires_in: between 2 and 3 minutes now
      await widget.getByText(/^Time left to complete your order: 2:[0-5]\d$/).waitFor();
    } finally {
      await deleteCart(baseUrl, cartId);
    }
  });
});
