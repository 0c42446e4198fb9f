import type { Locator, Page } from 'playwright-core';

// Helpers for the checkout specs: the checkout page by its texts (identity §2 Checkout, §3).

export const SUCCESS_CARD = '4242 4242 4242 4242';
export const DECLINED_CARD = '4000 0000 0000 0002';
export const AUTHENTICATION_CARD = '4000 0025 0000 3155';
/** the sandbox keeps it processing for SANDBOX_PROCESSING_MS, then it succeeds */
export const PROCESSING_CARD = '4000 0000 0000 0077';

export interface Purchaser {
  firstName: string;
  lastName: string;
  email: string;
}

export function checkoutMain(page: Page): Locator {
  return page.getByRole('main');
}

/** Fills "Your information" as a guest would. */
export async function fillPurchaser(page: Page, who: Purchaser): Promise<void> {
  const main = checkoutMain(page);
  // required fields carry a visual " *" after their label text
  await main.getByLabel(/^First name/).fill(who.firstName);
  await main.getByLabel(/^Last name/).fill(who.lastName);
  await main.getByLabel(/^Email address/).fill(who.email);
  await main.getByLabel(/^Confirm email address/).fill(who.email);
  // a guest's ZIP is asked once, here: it is also the card's billing postcode (decision 0031)
  await main.getByLabel('ZIP / Postcode', { exact: true }).fill('10001');
}

/**
 * Answers the demo Private Group Tour's checkout questions (its event `identity_form` and group
 * `extra_checkout_fields`, decision 0064).
 */
export async function fillTourQuestions(page: Page, leaderEmail: string): Promise<void> {
  const main = checkoutMain(page);
  await main.getByLabel(/^School or group name/).fill('Hillside Primary School');
  await main.getByLabel(/^Group leader's e-mail/).fill(leaderEmail);
  await main.getByLabel(/^Confirm the group leader's e-mail/).fill(leaderEmail);
  await main.getByLabel(/^Type of group/).selectOption('School');
}

/** Fills the sandbox card form (the card provider's test numbers, README "Test cards"). */
export async function fillCard(page: Page, number: string): Promise<void> {
  const main = checkoutMain(page);
  await main.getByLabel('Card number').fill(number);
  await main.getByLabel('Expiry (MM/YY)').fill('12/34');
  await main.getByLabel('CVC').fill('123');
  // the card asks its own ZIP only where no purchaser form does (a member, a balance payment)
  const zip = main.getByLabel('Billing ZIP / Postcode');
  if ((await zip.count()) > 0) await zip.fill('10001');
}

export function payButton(page: Page): Locator {
  return checkoutMain(page).getByRole('button', { name: /^Pay [^w]/ });
}

/** Ticks the seller's terms checkbox (demo-museum has portal terms; identity §5). */
export async function acceptTerms(page: Page): Promise<void> {
  await checkoutMain(page)
    .getByRole('checkbox', { name: 'I accept the terms and conditions' })
    .check();
}
