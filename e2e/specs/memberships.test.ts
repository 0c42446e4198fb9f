import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  calendarExtendedResponseSchema,
  sessionsResponseSchema,
} from '@admit/contracts/availability';
import { eventTemplateResponseSchema } from '@admit/contracts/catalog';
import type { EventTemplate } from '@admit/contracts/resources';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { readSellerConfig } from '../support/catalog';
import {
  DEMO_PASSWORD,
  logInWithPasscode,
  logInWithPassword,
  memberGreeting,
} from '../support/identity';
import {
  chooseLevel,
  memberIdIn,
  membershipEventId,
  membershipForm,
  myMemberships,
  payAsGuest,
} from '../support/membership';
import { useBrowserPage } from '../support/page-fixture';
import {
  cartWidget,
  chooseSession,
  dateFirstForm,
  deleteCart,
  POLL,
  reserveAsThisGuest,
  SELLER,
  storedCartId,
  venueTimeLabel,
} from '../support/reserve';
import { calendarPath, plannableDays, sessionFor, sessionsOnPath } from '../support/session-choice';
import { expectImageLoaded } from '../support/storefront';

/** The README's member inside the renewal period: a Dual membership ending about 25 days on. */
const RENEWING_MEMBER = { email: 'renew@demo-museum.test', name: 'Rhea' } as const;

/** GET a read from inside the page: with the page's cookies, so as the logged-in member. */
async function readAsPage(page: Page, path: string): Promise<unknown> {
  return page.evaluate(async (p) => {
    const res = await fetch(p, { headers: { 'tix-app': 'ecomm' } });
    if (!res.ok) throw new Error(`GET ${p} answered ${res.status}: ${await res.text()}`);
    return res.json();
  }, path);
}

// spec: shopping §2 rule 3, §3–§6 (membership form, members, members-only, caps); identity §2
// "My membership details", §4 passcode login, §7 my/membership and the membership QR
describe('memberships', () => {
  const fx = useBrowserPage();

  it('a guest buys a Family membership with named members, gets the e-mail, logs in by passcode and sees it with its QR code', async () => {
    const { page, baseUrl } = fx;
    const eventId = await membershipEventId(page);
    const email = `family-${Date.now()}@example.test`;

    await page.goto(`/${SELLER}/events/${eventId}`);
    const form = membershipForm(page);
    await chooseLevel(form, 'Family', { firstName: 'Fran', lastName: 'Family', email });
    await form
      .getByRole('group', { name: 'Add a partner member?' })
      .getByRole('radio', { name: 'Yes' })
      .check();
    const partner = form.getByRole('group', { name: 'Partner' });
    await partner.getByLabel(/^First name/).fill('Pat');
    await partner.getByLabel(/^Last name/).fill('Family');
    await form.getByLabel('How many child members?').selectOption('2');
    await expectNoSeriousA11yViolations(page);
    await form.getByRole('button', { name: 'Add to cart' }).click();
    await cartWidget(page).getByRole('listitem').first().waitFor();
    const cartId = await storedCartId(page);

    try {
      // the confirmation names the member ID of the new membership
      const confirmation = await payAsGuest(page, baseUrl, {
        firstName: 'Fran',
        lastName: 'Family',
        email,
      });
      const memberId = memberIdIn(confirmation, 'Family');

      // the guest's account (made at checkout) logs in by passcode
      await logInWithPasscode(page, baseUrl, SELLER, { email, name: 'Fran' });

      await page.goto(`/${SELLER}/my/membership`);
      await page.getByRole('heading', { level: 1, name: 'My membership details' }).waitFor();
      await page.getByText(memberId, { exact: true }).waitFor();
      const card = page.getByRole('region', { name: 'Family' });
      await card.getByText('Fran Family, Pat Family').waitFor();
      await expectImageLoaded(
        card.getByRole('img', { name: `QR code of membership ID ${memberId}` }),
      );
      await expectNoSeriousA11yViolations(page);
    } finally {
      if (cartId) await deleteCart(baseUrl, cartId);
    }
  });

  it('a member books a members-only event at member prices; the stepper stops at the benefit cap', async () => {
    const { page, baseUrl } = fx;
    await logInWithPassword(page, SELLER, RENEWING_MEMBER.email, DEMO_PASSWORD);
    await memberGreeting(page, RENEWING_MEMBER.name).waitFor();
    const config = await readSellerConfig(page);

    // the members-only event and a session inside the member's term, as the member reads them
    const listing = eventTemplateResponseSchema.parse(
      await readAsPage(
        page,
        `/api/events/available?_seller=${SELLER}&_embed=ticket_group,ticket_type`,
      ),
    );
    const event = listing.event_template._data.find((e) => e.hidden_type === 'public_member_only');
    if (!event) throw new Error('the member sees no members-only event');
    const validTo = Date.parse((await myMemberships(page))[0]!.valid_to);
    const calendar = calendarExtendedResponseSchema.parse(
      // live, as the member: the cache path answers as the public, who has no such event
      await readAsPage(page, calendarPath(SELLER, event.id).replace('/cached_api/', '/api/')),
    );
    let plan: { date: string; longFormat: string; start: string } | null = null;
    for (const day of plannableDays(calendar.calendar._data)) {
      const sessions = sessionsResponseSchema.parse(
        await readAsPage(page, sessionsOnPath(SELLER, event.id, day.date)),
      ).event_session._data;
      const session = sessionFor(sessions, { places: 3, now: Date.now() });
      if (session && Date.parse(session.end_datetime) < validTo) {
        plan = { date: day.date, longFormat: day.longFormat!, start: session.start_datetime };
        break;
      }
    }
    if (!plan) throw new Error(`no session of ${event.name} fits inside the member's term`);

    // the preview is an add-on of the museum's visit: an admission goes into the cart first
    // (shopping §2 rule 2)
    const admission = await reserveAsThisGuest(page, config.admission_event_id!);
    const cartId = admission.cart._data[0]!.id;
    try {
      await bookThePreview(page, event, plan, config.timezone);
    } finally {
      await deleteCart(baseUrl, cartId);
    }
  });

  it('the gift, renew, redeem and cancel-auto-renew pages are accessible', async () => {
    const { page } = fx;
    const membershipEvent = await membershipEventId(page);

    // a guest who gives a membership is asked to log in or shop as a guest first (shopping §6)
    await page.goto(`/${SELLER}/events/${membershipEvent}/gift`);
    const choice = page.getByRole('dialog');
    await choice.getByRole('button', { name: 'Shop as a Guest' }).click();
    const gift = membershipForm(page, 'Give a membership');
    await gift.getByRole('group', { name: 'Who is the gift for?' }).waitFor();
    expect(await gift.locator('input[type="password"]').count()).toBe(0);
    await expectNoSeriousA11yViolations(page);

    await page.goto(`/${SELLER}/membership/redeem?gift_code=NOSUCHCODE`);
    await page.getByRole('alert').getByText('You must enter a valid code').waitFor();
    await expectNoSeriousA11yViolations(page);

    // inside the renewal period the member's level is preselected
    await logInWithPassword(page, SELLER, RENEWING_MEMBER.email, DEMO_PASSWORD);
    await memberGreeting(page, RENEWING_MEMBER.name).waitFor();
    await page.goto(`/${SELLER}/membership/renew`);
    const renew = page.getByRole('region', { name: 'Renew your membership' });
    await expect
      .poll(() => renew.getByRole('radio', { name: /^Dual/ }).isChecked(), POLL)
      .toBe(true);
    await expectNoSeriousA11yViolations(page);

    await page.goto(`/${SELLER}/manage/${crypto.randomUUID()}/cancel-auto-renew`);
    await page.getByRole('heading', { level: 1, name: 'Cancel auto-renew' }).waitFor();
    await page.getByRole('button', { name: 'Confirm unenrollment' }).waitFor();
    await expectNoSeriousA11yViolations(page);
  });
});

/** From the preview's page: the notices, the member prices, the capped stepper, the reserve. */
async function bookThePreview(
  page: Page,
  event: EventTemplate,
  plan: { longFormat: string; start: string },
  timeZone: string,
) {
  await page.goto(`/${SELLER}/events/${event.id}`);
  await page.getByRole('heading', { level: 1, name: event.name }).waitFor();
  // shopping §1 — a welcome banner and, inside the renewal period, the renewal notice
  await page.getByText(`Welcome back, ${RENEWING_MEMBER.name}!`, { exact: false }).waitFor();
  await page
    .getByRole('complementary', { name: 'Membership renewal' })
    .getByText(/Your Dual membership expires in \d+ days?\./)
    .waitFor();
  const form = dateFirstForm(page);
  await form
    .getByRole('group', { name: 'Date' })
    .getByRole('button', { name: plan.longFormat })
    .click();
  await chooseSession(form, await venueTimeLabel(page, plan.start, timeZone));

  // member prices: the member's own ticket is free, a guest of the member pays
  const memberStepper = form.getByRole('group', { name: 'Member', exact: true });
  await expect.poll(() => memberStepper.textContent(), POLL).toContain('$0.00');
  const guestUp = form.getByRole('button', { name: 'Increase Member Guest', exact: true });
  const guestCount = form.getByRole('status', { name: 'Member Guest quantity', exact: true });
  // Dual: no benefit of its own for guests, a wildcard pool of 2 — the group would allow 4
  await guestUp.click();
  await guestUp.click();
  await expect.poll(() => guestCount.textContent(), POLL).toBe('2');
  await expect.poll(() => guestUp.isDisabled(), POLL).toBe(true);
  await form.getByRole('button', { name: 'Increase Member', exact: true }).click();
  await expectNoSeriousA11yViolations(page);
  await form.getByRole('button', { name: 'Add to cart' }).click();
  await cartWidget(page).getByRole('listitem', { name: event.name }).waitFor();
}
