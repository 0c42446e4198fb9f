import type { Locator, Page } from 'playwright-core';
import { passcodeIn, waitForMail } from './mailbox';

// Helpers for the identity specs: the demo accounts of the README and the login screen by its
// texts (identity §2 Login, §8).

export const DEMO_PASSWORD = 'Admit-demo-1';
export const MUSEUM_MEMBER = { email: 'member@demo-museum.test', name: 'Mia' } as const;
export const AQUARIUM_MEMBER = { memberId: 'HA100001', lastName: 'Visitor', name: 'Vic' } as const;

/** The header's logged-in mark: "Hi, {name}" and a "Log out" link (identity §2). */
export function memberGreeting(page: Page, name: string): Locator {
  return page.getByRole('banner').getByText(`Hi, ${name}`);
}

export function headerLoginLink(page: Page): Locator {
  return page.getByRole('banner').getByRole('link', { name: 'Log in', exact: true });
}

/** The museum's login (otp_or_password): e-mail, then the password step. */
export async function logInWithPassword(
  page: Page,
  slug: string,
  email: string,
  password: string,
): Promise<void> {
  await page.goto(`/${slug}/login`);
  const main = page.getByRole('main');
  await main.getByLabel('Email address').fill(email);
  await main.getByRole('button', { name: 'Continue' }).click();
  await main.getByLabel('Password').fill(password);
  await main.getByRole('button', { name: 'Log in with your password' }).click();
}

/**
 * The museum's login by a passcode mailed to `email` (identity §2 Login, §4 passcode): what a
 * guest whose account was made at checkout does. Waits for the header's greeting.
 */
export async function logInWithPasscode(
  page: Page,
  baseUrl: string,
  slug: string,
  who: { email: string; name: string },
): Promise<void> {
  await page.goto(`/${slug}/login`);
  const main = page.getByRole('main');
  await main.getByLabel('Email address').fill(who.email);
  await main.getByRole('button', { name: 'Continue' }).click();
  const since = new Date();
  await main.getByRole('button', { name: 'Send me a passcode instead' }).click();
  const mail = await waitForMail(baseUrl, who.email, 'otp', since);
  await main.getByLabel('Passcode').fill(passcodeIn(mail));
  await main.getByRole('button', { name: 'Log in', exact: true }).click();
  await memberGreeting(page, who.name).waitFor();
}

/** A fresh account with a password, made through the public API (`POST user`). */
export async function createAccount(
  baseUrl: string,
  slug: string,
  email: string,
  password: string,
): Promise<void> {
  const res = await fetch(`${baseUrl}/api/user?_seller=${slug}`, {
    method: 'POST',
    headers: { 'tix-app': 'ecomm', 'content-type': 'application/json' },
    body: JSON.stringify({ first_name: 'Rita', last_name: 'Reset', email, password }),
  });
  if (res.status !== 201) throw new Error(`POST user answered ${res.status}: ${await res.text()}`);
}
