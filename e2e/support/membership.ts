import type { Locator, Page } from 'playwright-core';
import { myMembershipResponseSchema, type Membership } from '@admit/contracts/membership';
import { readSellerConfig } from './catalog';
import {
  acceptTerms,
  checkoutMain,
  fillCard,
  fillPurchaser,
  payButton,
  SUCCESS_CARD,
  type Purchaser,
} from './checkout';
import { waitForMail, type DevMail } from './mailbox';
import { cartWidget, deleteCart, SELLER, storedCartId } from './reserve';

// Helpers for the membership specs: the membership form by its texts (shopping §4 "Membership
// form", §5) and a membership bought the way a guest buys one (identity §2 Checkout).

/** A person as the membership form and the checkout ask for them. */
export type Person = Purchaser;

/** The demo museum's membership event (seller config `membership.event_id`). */
export async function membershipEventId(page: Page): Promise<string> {
  await page.goto(`/${SELLER}/events`);
  const config = await readSellerConfig(page);
  if (!config.membership.event_id) throw new Error('the demo museum has no membership event');
  return config.membership.event_id;
}

/** The membership form's panel, by its heading ("Choose your membership", "Give a membership"). */
export function membershipForm(page: Page, heading = 'Choose your membership'): Locator {
  return page.getByRole('region', { name: heading });
}

/** Chooses a level ("Individual – $75.00" by its name) and fills its primary member. */
export async function chooseLevel(form: Locator, level: string, primary: Person): Promise<void> {
  await form.getByRole('radio', { name: new RegExp(`^${level}`) }).check();
  const group = form.getByRole('group', { name: 'Primary' });
  await group.getByLabel('First name').fill(primary.firstName);
  await group.getByLabel('Last name').fill(primary.lastName);
  await group.getByLabel('Email').fill(primary.email);
}

/**
 * From a cart holding a membership: the checkout as a guest with the sandbox's success card,
 * up to the complete page. Answers the order confirmation mail (it names the member ID).
 */
export async function payAsGuest(page: Page, baseUrl: string, purchaser: Person) {
  await page.goto(`/${SELLER}/checkout`);
  await checkoutMain(page).getByRole('heading', { name: 'Payment information' }).waitFor();
  await fillPurchaser(page, purchaser);
  await acceptTerms(page);
  await fillCard(page, SUCCESS_CARD);
  const since = new Date();
  await payButton(page).click();
  await page.waitForURL(/\/checkout\/complete\?orderIds=/);
  return waitForMail(baseUrl, purchaser.email, 'order_confirmation', since);
}

/** The member ID the order confirmation names for a level ("Member ID M123…: Family membership"). */
export function memberIdIn(confirmation: DevMail, level: string): string {
  const memberId = new RegExp(`Member ID (\\S+): ${level} membership`).exec(confirmation.text)?.[1];
  if (!memberId) throw new Error(`no ${level} member ID in mail "${confirmation.subject}"`);
  return memberId;
}

/**
 * A fresh guest buys a level for themselves alone through the membership form and the checkout
 * (with or without auto-renew, shopping §4), so a spec has a member of its own whose state it
 * may change. Answers the member ID.
 */
export async function buyMembershipAsGuest(
  page: Page,
  baseUrl: string,
  options: { eventId: string; level: string; person: Person; autoRenew: boolean },
): Promise<string> {
  await page.goto(`/${SELLER}/events/${options.eventId}`);
  const form = membershipForm(page);
  await chooseLevel(form, options.level, options.person);
  const autoRenew = form.getByRole('checkbox', {
    name: 'Renew my membership automatically each year',
  });
  await autoRenew.setChecked(options.autoRenew);
  await form.getByRole('button', { name: 'Add to cart' }).click();
  await cartWidget(page).getByRole('listitem').first().waitFor();
  const cartId = await storedCartId(page);
  try {
    return memberIdIn(await payAsGuest(page, baseUrl, options.person), options.level);
  } catch (err) {
    // the specs share one server: a purchase that failed gives its hold back
    if (cartId) await deleteCart(baseUrl, cartId);
    throw err;
  }
}

/** GET my/membership from inside the page (its cookies: the logged-in member's terms). */
export async function myMemberships(page: Page): Promise<Membership[]> {
  const body = await page.evaluate(async (path) => {
    const res = await fetch(path, { headers: { 'tix-app': 'ecomm' } });
    if (!res.ok) throw new Error(`GET ${path} answered ${res.status}: ${await res.text()}`);
    return res.json();
  }, `/api/my/membership?_seller=${SELLER}`);
  return myMembershipResponseSchema.parse(body).membership._data;
}
