import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderRoute } from '@/testing/render-route';
import { createFetchStub, errorResponse } from '@/testing/fetch-stub';
import type { StubRequest } from '@/testing/fetch-stub';
import axe from 'axe-core';

/** A staff user's own reset by e-mail, as they meet it (decision 0095). */

const ACCEPTED = { accepted: { _count: 1, _total: 1, _data: [{ accepted: true }] } };
const signedOut = () => errorResponse(401, 'not_authorized', 'Please sign in to the office.');

beforeAll(async () => {
  await import('@/features/office/shell/office-route');
}, 60_000);

describe('the office password reset', () => {
  it('goes from the login to "forgot password", and says the same whoever asks', async () => {
    const asked: StubRequest[] = [];
    const fetch = createFetchStub({
      'GET /api/office/me': signedOut,
      'POST /api/office/password_reset/request': (request: StubRequest) => {
        asked.push(request);
        return ACCEPTED;
      },
    });
    const { user, router } = renderRoute('/office', { fetch });
    await screen.findByRole('heading', { name: 'Sign in to the back office' });
    await user.click(screen.getByRole('link', { name: 'Forgot password?' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/demo-museum/office/forgot-password'),
    );
    const heading = await screen.findByRole('heading', { name: 'Reset your office password' });
    expect(heading).toHaveFocus();
    await user.type(
      screen.getByRole('textbox', { name: /E-mail address/ }),
      ' door@demo-museum.test {Enter}',
    );
    expect(await screen.findByRole('status')).toHaveTextContent(
      'If door@demo-museum.test belongs to a staff account, a link is on its way.',
    );
    expect(asked.map((r) => r.body)).toEqual([{ email: 'door@demo-museum.test' }]);
    expect(asked[0]!.url.searchParams.get('_seller')).toBe('demo-museum');
    expect(asked[0]!.headers.get('tix-app')).not.toBeNull();
  });

  it('tells only that there were too many requests', async () => {
    const fetch = createFetchStub({
      'GET /api/office/me': signedOut,
      'POST /api/office/password_reset/request': () =>
        errorResponse(429, 'rate_limited', 'Too many requests. Please try again later.'),
    });
    const { user } = renderRoute('/office/forgot-password', { fetch });
    await user.type(
      await screen.findByRole('textbox', { name: /E-mail address/ }),
      'door@demo-museum.test{Enter}',
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests. Please try again later.',
    );
  });

  it('checks the link, takes a new password under the rules, then asks to sign in', async () => {
    const resets: StubRequest[] = [];
    const fetch = createFetchStub({
      'GET /api/office/me': signedOut,
      'POST /api/office/password_reset/validate': ACCEPTED,
      'POST /api/office/password_reset/reset': (request: StubRequest) => {
        resets.push(request);
        return ACCEPTED;
      },
    });
    const { user, router } = renderRoute('/office/reset-password?token=abc_123', { fetch });
    const field = await screen.findByLabelText(/^New password/);
    const confirm = screen.getByLabelText(/^Confirm new password/);
    await waitFor(() => expect(field).toHaveFocus());
    await user.type(field, 'short');
    await user.type(confirm, 'short{Enter}');
    expect(await screen.findByText('This password does not follow the rules.')).toBeInTheDocument();
    expect(resets).toHaveLength(0);
    await user.clear(field);
    await user.clear(confirm);
    // by keyboard: the password, Tab past its description to the confirmation, Enter
    await user.type(field, 'New-office-pass-2');
    await user.tab();
    expect(confirm).toHaveFocus();
    await user.keyboard('New-office-pass-2{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'every office session of yours has ended',
    );
    expect(resets.map((r) => r.body)).toEqual([
      { token: 'abc_123', password: 'New-office-pass-2' },
    ]);
    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/demo-museum/office/login'));
  });

  it('asks for the new password twice: a mismatch is said beside the confirmation and nothing is sent', async () => {
    const resets: StubRequest[] = [];
    const fetch = createFetchStub({
      'GET /api/office/me': signedOut,
      'POST /api/office/password_reset/validate': ACCEPTED,
      'POST /api/office/password_reset/reset': (request: StubRequest) => {
        resets.push(request);
        return ACCEPTED;
      },
    });
    const { user, container } = renderRoute('/office/reset-password?token=abc_123', { fetch });
    const field = await screen.findByLabelText(/^New password/);
    const confirm = screen.getByLabelText(/^Confirm new password/);
    expect(confirm).toBeRequired();
    expect(confirm).toHaveAttribute('type', 'password');
    await user.type(field, 'New-office-pass-2');
    await user.type(confirm, 'New-office-pass-3{Enter}');
    // the error belongs to the confirmation field: read out with it, and focus goes there
    await waitFor(() =>
      expect(confirm).toHaveAccessibleDescription(expect.stringContaining('Passwords must match.')),
    );
    expect(confirm).toHaveAttribute('aria-invalid', 'true');
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(confirm).toHaveFocus();
    expect(resets).toHaveLength(0);
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => v.id)).toEqual([]);
    // corrected, it goes
    await user.clear(confirm);
    await user.type(confirm, 'New-office-pass-2{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'every office session of yours has ended',
    );
    expect(resets.map((r) => r.body)).toEqual([
      { token: 'abc_123', password: 'New-office-pass-2' },
    ]);
  });

  it('says a used or expired link is dead and offers a new one', async () => {
    const fetch = createFetchStub({
      'GET /api/office/me': signedOut,
      'POST /api/office/password_reset/validate': () =>
        errorResponse(422, 'validate_failed', 'This reset link has expired or was used.'),
    });
    renderRoute('/office/reset-password?token=used', { fetch });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This reset link has expired or was used.',
    );
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/demo-museum/office/forgot-password',
    );
  });
});
