import { describe, expect, it } from 'vitest';
import {
  DEMO_PASSWORD,
  headerLoginLink,
  logInWithPassword,
  memberGreeting,
  MUSEUM_MEMBER,
} from '../support/identity';
import { useBrowserPage } from '../support/page-fixture';

// spec: identity §4 "Session" — the cookie gone, every open tab ends the session and goes to /
describe('logging out', () => {
  const fx = useBrowserPage();

  it('logs out in one tab and every other open tab follows', async () => {
    const { page } = fx;
    await logInWithPassword(page, 'demo-museum', MUSEUM_MEMBER.email, DEMO_PASSWORD);
    await memberGreeting(page, MUSEUM_MEMBER.name).waitFor();
    const other = await page.context().newPage();
    await other.goto('/demo-museum/events');
    await memberGreeting(other, MUSEUM_MEMBER.name).waitFor();

    await page.getByRole('banner').getByRole('link', { name: 'Log out' }).click();
    await headerLoginLink(page).waitFor();

    // the other tab notices within the one-second check and goes home, logged out
    await headerLoginLink(other).waitFor();
    await other.waitForURL((url) => /^\/demo-museum\/?$/.test(url.pathname));
    const stored = await other.evaluate(() => localStorage.getItem('admit:demo-museum:member'));
    expect(stored === null || !JSON.parse(stored).loggedIn).toBe(true);
    await other.close();
  });
});
