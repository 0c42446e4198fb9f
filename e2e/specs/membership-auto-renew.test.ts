import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { logInWithPasscode } from '../support/identity';
import { waitForMail } from '../support/mailbox';
import { buyMembershipAsGuest, membershipEventId, myMemberships } from '../support/membership';
import { useBrowserPage } from '../support/page-fixture';
import { POLL, SELLER } from '../support/reserve';

// spec: shopping §4 "Membership form" (auto-renew); identity §2 "My membership details",
// "Cancel auto-renew", §3 Payment entry (`auto_renew`, `save_card`), §4 "Cancel auto-renew",
// §7 DELETE ticket_order/{id}/auto_renew. Issue #14: "a member cancels auto-renew".
describe('cancelling auto-renew', () => {
  const fx = useBrowserPage();

  it('a member who bought with auto-renew cancels it from My membership details', async () => {
    const { page, baseUrl } = fx;
    const eventId = await membershipEventId(page);
    // a member of the test's own: the demo members' auto-renew stays as the README says
    const person = {
      firstName: 'Ari',
      lastName: 'Renew',
      email: `auto-renew-${Date.now()}@example.test`,
    };
    const memberId = await buyMembershipAsGuest(page, baseUrl, {
      eventId,
      level: 'Individual',
      person,
      autoRenew: true,
    });
    await logInWithPasscode(page, baseUrl, SELLER, { email: person.email, name: person.firstName });

    // the card paid with is kept, so the membership is enrolled (decision 0038)
    await page.goto(`/${SELLER}/my/membership`);
    await page.getByText(memberId, { exact: true }).waitFor();
    const card = page.getByRole('region', { name: 'Individual' });
    await card.getByText('Auto-renew: On').waitFor();
    expect((await myMemberships(page)).map((m) => m.auto_renew_state)).toEqual(['scheduled']);
    const expires = (await card.getByText(/^Expires /).textContent())!.replace(/^Expires /, '');

    await card.getByRole('link', { name: 'Cancel auto-renew' }).click();
    await page.waitForURL(/\/manage\/[0-9a-f-]+\/cancel-auto-renew$/);
    const cancelPage = page.url();
    await page.getByRole('heading', { level: 1, name: 'Cancel auto-renew' }).waitFor();
    await page.getByText('Your membership will no longer renew automatically').waitFor();
    await expectNoSeriousA11yViolations(page);
    const cancelledAt = new Date();
    await page.getByRole('button', { name: 'Confirm unenrollment' }).click();

    // the level and the valid-to date (identity §2), the same day My membership shows
    const done = page.getByRole('status').filter({ hasText: 'Auto-renew is cancelled' });
    await done.getByText('Auto-renew is cancelled for your Individual membership.').waitFor();
    await done.getByText(`Your membership stays valid to ${expires}.`).waitFor();
    // issue #25: an e-mail confirms the cancellation, naming the same last day as the account
    const mail = await waitForMail(baseUrl, person.email, 'auto_renew_cancelled', cancelledAt);
    expect(mail.text).toContain('Your Individual membership will no longer renew automatically');
    expect(mail.text).toContain(`Member ID ${memberId} stays valid until ${expires}.`);
    await expectNoSeriousA11yViolations(page);
    expect((await myMemberships(page)).map((m) => m.auto_renew_state)).toEqual(['cancelled']);

    // Done goes back to the membership, now without auto-renew or a way to cancel it
    await page.getByRole('button', { name: 'Done' }).click();
    await page.waitForURL(new RegExp(`/${SELLER}/my/membership$`));
    await card.getByText('Auto-renew: Cancelled').waitFor();
    await expect
      .poll(() => card.getByRole('link', { name: 'Cancel auto-renew' }).count(), POLL)
      .toBe(0);
    await card.getByText(`Expires ${expires}`).waitFor();

    // the page again (an old link): the member's not-enrolled warning and no button
    await page.goto(cancelPage);
    await page
      .getByRole('alert')
      .getByText('Your membership is not enrolled in auto-renew', { exact: false })
      .waitFor();
    expect(await page.getByRole('button', { name: 'Confirm unenrollment' }).count()).toBe(0);
    await expectNoSeriousA11yViolations(page);
    // a purchase, a passcode login and the cancel: more than one spec's default time under load
  }, 120_000);
});
