import { describe, it } from 'vitest';
import { createAccount, logInWithPassword, memberGreeting } from '../support/identity';
import { linkIn, waitForMail } from '../support/mailbox';
import { useBrowserPage } from '../support/page-fixture';

// spec: identity §2 "Resend, forgot and reset", §5 password rules, §8 "Reset link"
describe('forgot and reset password', () => {
  const fx = useBrowserPage();

  it('sends a reset link by e-mail; the link sets a new password that logs in; it works once', async () => {
    const { page, baseUrl } = fx;
    const email = `reset-${Date.now()}@example.test`;
    await createAccount(baseUrl, 'demo-museum', email, 'Old-password-1');

    await page.goto('/demo-museum/user/forgot-password');
    const main = page.getByRole('main');
    await main.getByLabel('Email address').fill(email);
    const since = new Date();
    await main.getByRole('button', { name: 'Send reset link' }).click();
    await main.getByText(`If an account exists for ${email}`).waitFor();

    const mail = await waitForMail(baseUrl, email, 'password_reset', since);
    const link = linkIn(mail, '/user/reset-password');
    await page.goto(link);
    await main.getByLabel('New password', { exact: true }).fill('New-password-2');
    await main.getByLabel('Confirm new password').fill('New-password-2');
    await main.getByRole('button', { name: 'Set new password' }).click();
    await main.getByText('Your password has been changed.').waitFor();

    await logInWithPassword(page, 'demo-museum', email, 'New-password-2');
    await memberGreeting(page, 'Rita').waitFor();

    // the link is single-use; opened again (logged out) it is refused
    await page.goto('/demo-museum/logout');
    await page.waitForURL(/\/demo-museum\/?$/);
    await page.goto(link);
    await main.getByText('This reset link is not valid. It may have expired.').waitFor();
  });
});
