import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toCollection } from '@admit/contracts/envelope';
import { FIXTURE_SELLER_ID } from '@/testing/api-fixtures';
import { renderRoute } from '@/testing/render-route';
import { createFetchStub } from '@/testing/fetch-stub';
import {
  clearAuthCookie,
  loggingIn,
  loginResponse,
  MEMBER_IDENTITY_ID,
  seedLoggedIn,
  setAuthCookie,
  storedMember,
} from '@/features/login/login-test-kit';

beforeEach(() => {
  localStorage.clear();
  clearAuthCookie();
});
afterEach(() => clearAuthCookie());

const main = () => within(screen.getByRole('main'));

describe('account area login form (identity §2 Login, Account area)', () => {
  it.each([
    // spec: identity §2 — /my then goes on to the profile of someone without a membership
    ['/my', '/my/profile'],
    ['/my/orders', '/my/orders'],
  ])(
    "%s shows 'Log in to view your account' while logged out and stays after login",
    async (path, after) => {
      const fetch = createFetchStub({ 'POST /api/login': loggingIn() });
      const { user, router } = renderRoute(path, { fetch });
      expect(
        await main().findByRole('heading', { level: 1, name: 'Log in to view your account' }),
      ).toBeInTheDocument();
      await user.type(main().getByLabelText('Email or username'), 'ada');
      await user.type(main().getByLabelText('Password'), 'Correct-horse-1');
      await user.click(main().getByRole('button', { name: 'Log in' }));

      // logged in: the account area's frame around the page
      expect(await main().findByRole('navigation', { name: 'My account' })).toBeInTheDocument();
      await waitFor(() => expect(router.state.location.pathname).toBe(`/demo-museum${after}`));
    },
  );

  it('shows the account area when logged in', async () => {
    seedLoggedIn();
    setAuthCookie();
    renderRoute('/my/profile');
    expect(await main().findByRole('navigation', { name: 'My account' })).toBeInTheDocument();
    expect(main().queryByLabelText('Password')).not.toBeInTheDocument();
  });
});

describe('external login callback route (identity §2)', () => {
  it("shows 'Logging in and redirecting…', then goes to next", async () => {
    let answer: (value: unknown) => void = () => undefined;
    const session = new Promise((resolve) => (answer = resolve));
    const fetch = createFetchStub({
      'GET /api/my/session': () => session,
      'GET /api/my/user': { user: toCollection([]), identity: loginResponse().identity },
    });
    const { router } = renderRoute('/auth/callback?next=%2Fresend&auth_callback=1', { fetch });
    expect(await screen.findByText('Logging in and redirecting…')).toBeInTheDocument();
    setAuthCookie();
    answer({
      session: toCollection([
        {
          identity_id: MEMBER_IDENTITY_ID,
          seller_id: FIXTURE_SELLER_ID,
          is_public: false,
          expires_at: null,
        },
      ]),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/demo-museum/resend'));
    expect(storedMember()?.loggedIn).toBe(true);
  });

  it('shows the provider error', async () => {
    const fetch = createFetchStub();
    renderRoute('/auth/callback?auth_error=expired', { fetch });
    expect(await main().findByRole('alert')).toHaveTextContent('SFEC error: expired');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetch.requests.some((r) => r.url.pathname === '/api/my/session')).toBe(false);
  });

  it("shows 'Missing handler arguments' when opened without the server's auth_callback", async () => {
    setAuthCookie();
    const fetch = createFetchStub();
    const { router } = renderRoute('/auth/callback?next=%2Fresend', { fetch });
    expect(await main().findByRole('alert')).toHaveTextContent('Missing handler arguments');
    expect(router.state.location.pathname).toBe('/demo-museum/auth/callback');
    expect(fetch.requests.some((r) => r.url.pathname === '/api/my/session')).toBe(false);
  });
});
