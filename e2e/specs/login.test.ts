import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { readSellerConfig } from '../support/catalog';
import {
  AQUARIUM_MEMBER,
  DEMO_PASSWORD,
  logInWithPassword,
  memberGreeting,
  MUSEUM_MEMBER,
} from '../support/identity';
import { passcodeIn, waitForMail } from '../support/mailbox';
import { useBrowserPage } from '../support/page-fixture';
import { cartWidget, deleteCart, fetchCartAsPage, reserveAsThisGuest } from '../support/reserve';

/** Who the page's cookie session acts as (`GET my/session`). */
async function sessionOf(page: Page, slug: string) {
  return page.evaluate(async (s) => {
    const res = await fetch(`/api/my/session?_seller=${s}`, { headers: { 'tix-app': 'ecomm' } });
    return (await res.json()).session._data[0] as { identity_id: string; is_public: boolean };
  }, slug);
}

// spec: identity §2 Login, §4 "Login one-time passcode", "Cart state in the store", §6 methods
describe('logging in', () => {
  const fx = useBrowserPage();

  it('logs in with a passcode read from the e-mail', async () => {
    const { page, baseUrl } = fx;
    await page.goto('/demo-museum/login');
    const main = page.getByRole('main');
    await main.getByLabel('Email address').fill(MUSEUM_MEMBER.email);
    await main.getByRole('button', { name: 'Continue' }).click();
    const since = new Date();
    await main.getByRole('button', { name: 'Send me a passcode instead' }).click();
    await main.getByText(`We have sent a 6-digit passcode to ${MUSEUM_MEMBER.email}`).waitFor();
    await expectNoSeriousA11yViolations(page);

    const mail = await waitForMail(baseUrl, MUSEUM_MEMBER.email, 'otp', since);
    await main.getByLabel('Passcode').fill(passcodeIn(mail));
    await main.getByRole('button', { name: 'Log in', exact: true }).click();

    await memberGreeting(page, MUSEUM_MEMBER.name).waitFor();
    expect((await sessionOf(page, 'demo-museum')).is_public).toBe(false);
  });

  it('logs in with a password', async () => {
    const { page } = fx;
    await logInWithPassword(page, 'demo-museum', MUSEUM_MEMBER.email, DEMO_PASSWORD);
    await memberGreeting(page, MUSEUM_MEMBER.name).waitFor();
    expect((await sessionOf(page, 'demo-museum')).is_public).toBe(false);
  });

  it('says so when the password is wrong, with a forgot-password link', async () => {
    const { page } = fx;
    await logInWithPassword(page, 'demo-museum', MUSEUM_MEMBER.email, 'Not-the-password-1');
    const main = page.getByRole('main');
    await main.getByText('That is not the correct password. Please try again.').waitFor();
    await main.getByRole('link', { name: 'Forgot your password?' }).waitFor();
    expect((await sessionOf(page, 'demo-museum')).is_public).toBe(true);
  });

  it('logs a member in by member ID and last name', async () => {
    const { page } = fx;
    await page.goto('/harbour-aquarium/login');
    const main = page.getByRole('main');
    await main.getByLabel('Member ID').fill(AQUARIUM_MEMBER.memberId);
    await main.getByLabel('Last name').fill(AQUARIUM_MEMBER.lastName);
    await main.getByRole('button', { name: 'Log in', exact: true }).click();
    await memberGreeting(page, AQUARIUM_MEMBER.name).waitFor();
    expect((await sessionOf(page, 'harbour-aquarium')).is_public).toBe(false);
  });

  it("keeps a guest's cart through login: the member now owns it", async () => {
    const { page, baseUrl } = fx;
    await page.goto('/demo-museum/events');
    const config = await readSellerConfig(page);
    if (!config.admission_event_id) throw new Error('the demo museum has no admission event');
    const bundle = await reserveAsThisGuest(page, config.admission_event_id);
    const cartId = bundle.cart._data[0]!.id;
    const eventName = bundle.event_template._data[0]!.name;
    try {
      await logInWithPassword(page, 'demo-museum', MUSEUM_MEMBER.email, DEMO_PASSWORD);
      await memberGreeting(page, MUSEUM_MEMBER.name).waitFor();
      const member = await sessionOf(page, 'demo-museum');

      await page.goto(`/demo-museum/events/${config.admission_event_id}`);
      await cartWidget(page).getByRole('listitem', { name: eventName }).waitFor();
      const { status, bundle: after } = await fetchCartAsPage(page, cartId);
      expect(status).toBe(200);
      expect(after!.cart._data[0]!.identity_id).toBe(member.identity_id);
      expect(after!.ticket._data).toHaveLength(bundle.ticket._data.length);
    } finally {
      await deleteCart(baseUrl, cartId);
    }
  });
});
