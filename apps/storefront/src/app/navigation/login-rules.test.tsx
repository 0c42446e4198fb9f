import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toCollection } from '@admit/contracts/envelope';
import { FIXTURE_SELLER_ID } from '@/testing/api-fixtures';
import { renderRoute } from '@/testing/render-route';
import { createFetchStub, errorResponse } from '@/testing/fetch-stub';
import { makeSellerConfig } from '@/testing/seller-config';
import {
  clearAuthCookie,
  loggingIn,
  loginResponse,
  MEMBER_IDENTITY_ID,
  seedLoggedIn,
  setAuthCookie,
  storedMember,
} from '@/features/login/login-test-kit';
import { readLoginParams } from '@/app/navigation/login-rules';

beforeEach(() => {
  localStorage.clear();
  clearAuthCookie();
});
afterEach(() => {
  clearAuthCookie();
  vi.unstubAllGlobals();
});

const sessionAnswer = (isPublic: boolean) => ({
  session: toCollection([
    {
      identity_id: MEMBER_IDENTITY_ID,
      seller_id: FIXTURE_SELLER_ID,
      is_public: isPublic,
      expires_at: null,
    },
  ]),
});

const myUserAnswer = () => ({
  user: toCollection([
    {
      id: MEMBER_IDENTITY_ID,
      identity_id: MEMBER_IDENTITY_ID,
      email: 'ada@example.com',
      first_name: 'Ada',
      last_name: 'Lovelace',
      has_password: true,
      needs_email: false,
    },
  ]),
  identity: loginResponse().identity,
});

describe('readLoginParams (identity §2 rules 5 and 6)', () => {
  it('reads member fields, login.* fields and the rule 6 flags, and keeps the rest', () => {
    const found = readLoginParams(
      '?x=1&member_code=M-7&login.last_name=Lovelace&login=1&otp=123456&auth_error=boom',
    );
    expect(found?.params).toEqual({
      member: { member_code: 'M-7', last_name: 'Lovelace' },
      login: true,
      requireLogin: false,
      authCallback: false,
      authError: 'boom',
      otp: '123456',
    });
    expect(found?.rest).toBe('?x=1');
    expect(readLoginParams('?x=1&otp=1')).toBeNull();
  });
});

describe('rule 6: login, requirelogin, auth_callback, auth_error', () => {
  it('opens the login dialog on ?login=1 and removes the parameter', async () => {
    const { router } = renderRoute('/resend?login=1&keep=yes');
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    expect(await within(dialog).findByLabelText('Email or username')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?keep=yes');
    expect(router.state.location.pathname).toBe('/demo-museum/resend');
  });

  it('logs in inside the dialog and stays on the page', async () => {
    const fetch = createFetchStub({ 'POST /api/login': loggingIn() });
    const { router, user } = renderRoute('/resend?login=1', { fetch });
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    await user.type(await within(dialog).findByLabelText('Email or username'), 'ada');
    await user.type(within(dialog).getByLabelText('Password'), 'Correct-horse-1');
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/demo-museum/resend');
    expect(storedMember()?.loggedIn).toBe(true);
  });

  it('only removes the parameters for a visitor already logged in', async () => {
    seedLoggedIn();
    setAuthCookie();
    const { router } = renderRoute('/resend?login=1');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('fills the magic-link passcode in the dialog when the flow data is stored', async () => {
    seedLoggedIn({
      loggedIn: false,
      identity: null,
      loginFlow: { email: 'ada@example.com', token: 'tok-1', redirectPath: '/resend' },
    });
    const fetch = createFetchStub({ 'POST /api/login/otp': loggingIn() });
    const { router } = renderRoute('/resend?login=1&otp=654321', {
      fetch,
      config: makeSellerConfig({ authentication_method: 'otp' }),
    });
    await waitFor(() => expect(storedMember()?.loggedIn).toBe(true));
    expect(fetch.requests.find((r) => r.url.pathname === '/api/login/otp')?.body).toEqual({
      token: 'tok-1',
      otp: '654321',
    });
    // the passcode is a secret: it leaves the address with `login`
    expect(router.state.location.search).toBe('');
  });

  it('shows the passcode in the dialog when the flow data is not stored', async () => {
    renderRoute('/resend?login=1&otp=654321', {
      config: makeSellerConfig({ authentication_method: 'otp' }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    expect(await within(dialog).findByText('654321')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copy passcode' })).toBeInTheDocument();
  });

  it("shows 'SFEC error: {error}' for auth_error", async () => {
    const { router } = renderRoute('/resend?auth_error=token_refused');
    const dialog = await screen.findByRole('dialog', { name: 'Login' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('SFEC error: token_refused');
    expect(router.state.location.search).toBe('');
  });

  it('handles auth_callback by asking the server who is logged in', async () => {
    const fetch = createFetchStub({
      'GET /api/my/session': () => (setAuthCookie(), sessionAnswer(false)),
      'GET /api/my/user': myUserAnswer(),
    });
    const { router } = renderRoute('/resend?auth_callback=1', { fetch });
    await waitFor(() => expect(storedMember()?.loggedIn).toBe(true));
    expect(storedMember()?.identity).toMatchObject({ first_name: 'Ada', is_member: true });
    expect(router.state.location.search).toBe('');
    expect(
      fetch.requests.find((r) => r.url.pathname === '/api/my/user')?.url.searchParams.get('_embed'),
    ).toBe('identity');
  });

  it("says 'SFEC Authentication failed' when the callback finds no member", async () => {
    const fetch = createFetchStub({ 'GET /api/my/session': sessionAnswer(true) });
    renderRoute('/resend?auth_callback=1', { fetch });
    const dialog = await screen.findByRole('dialog', { name: 'Login' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('SFEC Authentication failed');
    expect(storedMember()?.loggedIn ?? false).toBe(false);
  });

  it('starts the external login on requirelogin', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const config = makeSellerConfig({
      authentication_method: 'external',
      external_urls: { login: 'https://sso.example.com/in', logout: null },
    });
    renderRoute('/resend?requirelogin=1&x=2', { config });
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    const url = new URL(assign.mock.calls[0]![0] as string, 'http://localhost');
    expect(url.pathname).toBe('/api/sso/start');
    expect(url.searchParams.get('redirect')).toBe(
      `/auth/callback?next=${encodeURIComponent('/resend?x=2')}`,
    );
  });
});

describe('rule 5: member_code, zip_code, login.*', () => {
  it('tries a member-ID login and removes the parameters', async () => {
    const fetch = createFetchStub({ 'POST /api/login': loggingIn() });
    const config = makeSellerConfig({ authentication_method: 'member_id_zip' });
    const { router } = renderRoute('/resend?member_code=M-7&zip_code=12345&x=1', {
      fetch,
      config,
    });
    await waitFor(() => expect(storedMember()?.loggedIn).toBe(true));
    expect(fetch.requests.find((r) => r.url.pathname === '/api/login')?.body).toEqual({
      member_code: 'M-7',
      zip_code: '12345',
    });
    expect(router.state.location.search).toBe('?x=1');
  });

  it('reads login.* fields and opens the login dialog with the message when refused', async () => {
    const fetch = createFetchStub({ 'POST /api/login': errorResponse(401, 'not_authorized') });
    const config = makeSellerConfig({ authentication_method: 'member_id_last_name' });
    const { router } = renderRoute('/resend?login.member_code=M-7&login.last_name=Byron', {
      fetch,
      config,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Member details not found. Please check your member ID and last name.',
    );
    expect(fetch.requests.find((r) => r.url.pathname === '/api/login')?.body).toEqual({
      member_code: 'M-7',
      last_name: 'Byron',
    });
    expect(router.state.location.search).toBe('');
  });
});

describe('passcode requested in the login dialog', () => {
  it('asks for a magic link back to this page with the dialog open', async () => {
    const fetch = createFetchStub({
      'POST /api/login/request_otp': {
        otp: toCollection([{ token: 'tok-9', expires_at: '2026-06-01T14:15:00.000Z', length: 6 }]),
      },
    });
    const { user } = renderRoute('/resend?login=1&x=2', {
      fetch,
      config: makeSellerConfig({ authentication_method: 'otp' }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    await user.type(await within(dialog).findByLabelText('Email address'), 'ada@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send me a passcode' }));
    expect(await within(dialog).findByLabelText('Passcode')).toBeInTheDocument();

    const request = fetch.requests.find((r) => r.url.pathname === '/api/login/request_otp');
    expect(request?.body).toMatchObject({ redirect_path: '/demo-museum/resend?x=2&login=1' });
    expect(storedMember()?.loginFlow).toEqual({
      email: 'ada@example.com',
      token: 'tok-9',
      redirectPath: '/resend?x=2',
    });
  });
});
