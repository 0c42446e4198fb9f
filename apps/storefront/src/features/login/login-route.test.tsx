import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/testing/render-route';
import { createFetchStub, errorResponse } from '@/testing/fetch-stub';
import { makeSellerConfig } from '@/testing/seller-config';
import { clearAuthCookie, loggingIn, storedMember } from '@/features/login/login-test-kit';

beforeEach(() => {
  localStorage.clear();
  clearAuthCookie();
});

afterEach(() => clearAuthCookie());

const main = () => within(screen.getByRole('main'));

async function fillPasswordForm(user: ReturnType<typeof renderRoute>['user']) {
  await user.type(await main().findByLabelText('Email or username'), '  ada@example.com ');
  await user.type(main().getByLabelText('Password'), 'Correct-horse-1');
  await user.click(main().getByRole('button', { name: 'Log in' }));
}

describe('login route, password method (identity §2 Login, §5, §8)', () => {
  it('validates before submitting: required fields, focus on the first invalid one', async () => {
    const fetch = createFetchStub();
    const { user } = renderRoute('/login', { fetch });
    await user.click(await main().findByRole('button', { name: 'Log in' }));

    const username = main().getByLabelText('Email or username');
    await waitFor(() => expect(username).toHaveFocus());
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(username).toHaveAttribute('maxlength', '100');
    expect(
      main()
        .getAllByRole('alert')
        .map((a) => a.textContent),
    ).toEqual(['Input must not be empty.', 'Input must not be empty.']);
    expect(fetch.requests.some((r) => r.url.pathname === '/api/login')).toBe(false);
  });

  it('logs in with trimmed fields, then goes to /events and shows the member in the header', async () => {
    const fetch = createFetchStub({ 'POST /api/login': loggingIn() });
    const { user, router } = renderRoute('/login', { fetch });
    await fillPasswordForm(user);

    await waitFor(() => expect(router.state.location.pathname).toBe('/demo-museum/events'));
    const login = fetch.requests.find((r) => r.url.pathname === '/api/login');
    expect(login?.body).toEqual({ username: 'ada@example.com', password: 'Correct-horse-1' });
    expect(login?.url.searchParams.get('_seller')).toBe('demo-museum');
    expect(storedMember()).toMatchObject({
      loggedIn: true,
      identity: { first_name: 'Ada', last_name: 'Lovelace', is_member: true },
    });
    const header = within(screen.getByRole('banner'));
    expect(header.getByText('Hi, Ada Lovelace')).toBeInTheDocument();
    expect(header.getByRole('link', { name: 'Log out' })).toHaveAttribute(
      'href',
      '/demo-museum/logout',
    );
    expect(header.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
  });

  it('returns to the page the visitor came from through the header login link', async () => {
    const fetch = createFetchStub({ 'POST /api/login': loggingIn() });
    const { user, router } = renderRoute('/resend?x=1', { fetch });
    await user.click(within(screen.getByRole('banner')).getByRole('link', { name: 'Log in' }));
    await fillPasswordForm(user);

    await waitFor(() => expect(router.state.location.pathname).toBe('/demo-museum/resend'));
    expect(router.state.location.search).toBe('?x=1');
  });

  it('shows the incorrect-password text with a forgot-password link', async () => {
    const fetch = createFetchStub({
      'POST /api/login': errorResponse(401, 'incorrect_password', 'Wrong password'),
    });
    const { user } = renderRoute('/login', { fetch });
    await fillPasswordForm(user);

    const alert = await main().findByRole('alert');
    expect(alert).toHaveTextContent('That is not the correct password. Please try again.');
    expect(within(alert).getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/demo-museum/user/forgot-password',
    );
    expect(storedMember()?.loggedIn ?? false).toBe(false);
  });

  it('says a guest account has no password yet and to check the e-mail', async () => {
    const fetch = createFetchStub({ 'POST /api/login': errorResponse(401, 'guest_account') });
    const { user } = renderRoute('/login', { fetch });
    await fillPasswordForm(user);

    expect(await main().findByRole('alert')).toHaveTextContent(
      'No password has been set for this account yet. We have sent you an e-mail with a link to set one: please check your e-mail.',
    );
  });

  it('asks to wait when rate limited', async () => {
    const fetch = createFetchStub({
      'POST /api/login': errorResponse(429, 'rate_limited', 'slow down', {
        retry_after_seconds: 42,
      }),
    });
    const { user } = renderRoute('/login', { fetch });
    await fillPasswordForm(user);

    expect(await main().findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait 42 seconds before trying again.',
    );
  });
});

describe('login methods (identity §6)', () => {
  it("says 'Login is disabled' for the none method", async () => {
    renderRoute('/login', { config: makeSellerConfig({ authentication_method: 'none' }) });
    expect(await main().findByText('Login is disabled')).toBeInTheDocument();
    expect(main().queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('asks to enable cookies when the browser has them off', async () => {
    vi.spyOn(navigator, 'cookieEnabled', 'get').mockReturnValue(false);
    renderRoute('/login');
    expect(await main().findByRole('alert')).toHaveTextContent(
      'Enable cookies and reload to login.',
    );
    expect(main().queryByLabelText('Password')).not.toBeInTheDocument();
    vi.restoreAllMocks();
  });

  it.each(['external', 'external_ecommerce'] as const)(
    'shows a login link to /api/sso/start for the %s method',
    async (method) => {
      const config = makeSellerConfig({
        authentication_method: method,
        external_urls: { login: 'https://sso.example.com/login', logout: null },
      });
      renderRoute('/login', { config });
      const link = await main().findByRole('link', { name: 'Log in' });
      const url = new URL(link.getAttribute('href')!, 'http://localhost');
      expect(url.pathname).toBe('/api/sso/start');
      expect(url.searchParams.get('_seller')).toBe('demo-museum');
      // the server comes back to /{slug}{redirect}&auth_callback=1: the callback route, then next
      expect(url.searchParams.get('redirect')).toBe('/auth/callback?next=%2Fevents');
      expect(url.searchParams.has('cart_id')).toBe(false);
      expect(main().queryByRole('textbox')).not.toBeInTheDocument();
    },
  );

  it("says 'External login URL missing' when the external method has no login address", async () => {
    renderRoute('/login', { config: makeSellerConfig({ authentication_method: 'external' }) });
    expect(await main().findByRole('alert')).toHaveTextContent('External login URL missing');
  });

  it.each([
    [
      'member_id_zip',
      'ZIP code',
      '12345',
      'zip_code',
      'Member details not found. Please check your member ID and ZIP code.',
    ],
    [
      'member_id_last_name',
      'Last name',
      'Lovelace',
      'last_name',
      'Member details not found. Please check your member ID and last name.',
    ],
    [
      'member_id_email',
      'Email address',
      'ada@example.com',
      'email',
      'Member details not found. Please check your email address and member ID.',
    ],
  ] as const)(
    '%s: member ID plus %s, and its own not-found message',
    async (method, label, value, field, message) => {
      const fetch = createFetchStub({ 'POST /api/login': errorResponse(401, 'not_authorized') });
      const { user } = renderRoute('/login', {
        fetch,
        config: makeSellerConfig({ authentication_method: method }),
      });
      await user.type(await main().findByLabelText('Member ID'), ' M-100 ');
      await user.type(main().getByLabelText(label), value);
      await user.click(main().getByRole('button', { name: 'Log in' }));

      expect(await main().findByRole('alert')).toHaveTextContent(message);
      const body = fetch.requests.find((r) => r.url.pathname === '/api/login')?.body;
      // the spec's field name for the member card's code (decision 0077)
      expect(body).toEqual({ scan_code: 'M-100', [field]: value });
    },
  );

  it('limits the ZIP code to 5 characters', async () => {
    renderRoute('/login', { config: makeSellerConfig({ authentication_method: 'member_id_zip' }) });
    expect(await main().findByLabelText('ZIP code')).toHaveAttribute('maxlength', '5');
  });
});
