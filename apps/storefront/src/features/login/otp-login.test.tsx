import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toCollection } from '@admit/contracts/envelope';
import { renderRoute } from '@/testing/render-route';
import { createFetchStub, errorResponse } from '@/testing/fetch-stub';
import type { Fixture } from '@/testing/fetch-stub';
import { makeSellerConfig } from '@/testing/seller-config';
import {
  clearAuthCookie,
  loggingIn,
  seedLoggedIn,
  storedMember,
} from '@/features/login/login-test-kit';

const TOKEN = 'challenge-token-1';
const otpConfig = makeSellerConfig({ authentication_method: 'otp' });
const requestOtpAnswer = (token = TOKEN) =>
  ({ otp: toCollection([{ token, expires_at: '2026-06-01T14:15:00.000Z', length: 6 }]) }) as const;

const main = () => within(screen.getByRole('main'));

beforeEach(() => {
  localStorage.clear();
  clearAuthCookie();
});

afterEach(() => {
  clearAuthCookie();
  vi.useRealTimers();
});

/** Renders /login for the otp method and asks for a passcode for ada@example.com. */
async function toPasscodeForm(fixtures: Record<string, Fixture>, path = '/login') {
  const fetch = createFetchStub({
    'POST /api/login/request_otp': requestOtpAnswer(),
    ...fixtures,
  });
  const view = renderRoute(path, { fetch, config: otpConfig });
  await view.user.type(await main().findByLabelText('Email address'), 'ada@example.com');
  await view.user.click(main().getByRole('button', { name: 'Send me a passcode' }));
  await main().findByLabelText('Passcode');
  return { ...view, fetch };
}

async function enterCode(user: ReturnType<typeof renderRoute>['user'], code: string) {
  const input = main().getByLabelText('Passcode');
  await user.clear(input);
  await user.type(input, code);
  await user.click(main().getByRole('button', { name: 'Log in' }));
}

describe('one-time passcode login (identity §2 Login, §4, §8 Passcode)', () => {
  it('requests a code with the seller slug and stores the login flow data', async () => {
    const { fetch } = await toPasscodeForm({});
    const request = fetch.requests.find((r) => r.url.pathname === '/api/login/request_otp');
    expect(request?.body).toEqual({
      provider: 'email',
      email: 'ada@example.com',
      state: 'demo-museum',
      // the magic link opens the login route, which finishes and goes to the stored path
      redirect_path: '/demo-museum/login',
    });
    expect(storedMember()?.loginFlow).toEqual({
      email: 'ada@example.com',
      token: TOKEN,
      redirectPath: '/events',
    });
    const input = main().getByLabelText('Passcode');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    expect(input).toHaveAttribute('maxlength', '6');
  });

  it('counts down the attempts, then forces a new code after the last one', async () => {
    let attemptsLeft = 2;
    let challenges = 0;
    const { user, fetch } = await toPasscodeForm({
      'POST /api/login/request_otp': () => requestOtpAnswer(`challenge-token-${++challenges}`),
      'POST /api/login/otp': () =>
        errorResponse(401, 'otp_incorrect', 'wrong', { attempts_left: attemptsLeft-- }),
    });

    await enterCode(user, '111111');
    const alert = await main().findByRole('alert');
    expect(alert).toHaveTextContent('The passcode you entered is invalid');
    expect(alert).toHaveTextContent(
      'You have 2 more attempt(s) before you need to request a new login link',
    );

    await enterCode(user, '222222');
    expect(
      await main().findByText(
        'You have 1 more attempt(s) before you need to request a new login link',
      ),
    ).toBeInTheDocument();

    await enterCode(user, '333333');
    expect(
      await main().findByText('This passcode can no longer be used. Please request a new one.'),
    ).toBeInTheDocument();
    expect(main().getByLabelText('Passcode')).toBeDisabled();
    expect(main().queryByRole('button', { name: 'Log in' })).not.toBeInTheDocument();
    const submits = fetch.requests.filter((r) => r.url.pathname === '/api/login/otp');
    expect(submits.map((r) => r.body)).toEqual([
      { token: TOKEN, otp: '111111' },
      { token: TOKEN, otp: '222222' },
      { token: TOKEN, otp: '333333' },
    ]);

    // a new code is a new challenge: the entry works again with the new token
    await user.click(main().getByRole('button', { name: 'Send a new passcode' }));
    await waitFor(() => expect(main().getByLabelText('Passcode')).toBeEnabled());
    expect(main().queryByRole('alert')).not.toBeInTheDocument();
    expect(storedMember()?.loginFlow.token).toBe('challenge-token-2');
    await enterCode(user, '444444');
    await waitFor(() =>
      expect(
        fetch.requests.filter((r) => r.url.pathname === '/api/login/otp').at(-1)?.body,
      ).toEqual({
        token: 'challenge-token-2',
        otp: '444444',
      }),
    );
  });

  it.each([
    ['not_authorized', 401],
    ['otp_token_expired', 410],
    ['something_new', 500],
  ])('%s forces requesting a new code', async (code, status) => {
    const { user } = await toPasscodeForm({ 'POST /api/login/otp': errorResponse(status, code) });
    await enterCode(user, '123456');
    expect(await main().findByRole('alert')).toHaveTextContent(
      'This passcode can no longer be used. Please request a new one.',
    );
    expect(main().getByRole('button', { name: 'Send a new passcode' })).toBeInTheDocument();
  });

  it('retries by itself 5 s after not_available_yet, then logs in', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let calls = 0;
    const { user, fetch, router } = await toPasscodeForm({
      'POST /api/login/otp': () => {
        calls += 1;
        return calls === 1 ? errorResponse(422, 'not_available_yet') : loggingIn()();
      },
    });
    await enterCode(user, '123456');
    expect(
      await main().findByText('Your passcode is on its way. Trying again in a moment…'),
    ).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(4_000));
    expect(calls).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1_100));

    await waitFor(() => expect(router.state.location.pathname).toBe('/demo-museum/events'));
    expect(calls).toBe(2);
    const last = fetch.requests.filter((r) => r.url.pathname === '/api/login/otp').at(-1);
    expect(last?.body).toEqual({ token: TOKEN, otp: '123456' });
    expect(storedMember()).toMatchObject({
      loggedIn: true,
      loginFlow: { email: null, token: null, redirectPath: null },
    });
  });

  it('hints after 30 s without success that the code may not have arrived', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await toPasscodeForm({});
    const hint =
      'The passcode may not have arrived. Check your spam folder, or go back and ask for a new one.';
    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(main().queryByText(hint)).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(main().getByText(hint)).toBeInTheDocument();
  });

  it('goes back to the e-mail step', async () => {
    const { user } = await toPasscodeForm({});
    await user.click(main().getByRole('button', { name: 'Back' }));
    expect(await main().findByLabelText('Email address')).toHaveValue('ada@example.com');
  });
});

describe('magic link (identity §2 Login)', () => {
  it('fills and submits the code when e-mail, token and redirect path are stored', async () => {
    seedLoggedIn({
      loggedIn: false,
      identity: null,
      loginFlow: { email: 'ada@example.com', token: TOKEN, redirectPath: '/resend' },
    });
    const fetch = createFetchStub({ 'POST /api/login/otp': loggingIn() });
    const { router } = renderRoute('/login?otp=654321', { fetch, config: otpConfig });

    await waitFor(() => expect(router.state.location.pathname).toBe('/demo-museum/resend'));
    const submit = fetch.requests.find((r) => r.url.pathname === '/api/login/otp');
    expect(submit?.body).toEqual({ token: TOKEN, otp: '654321' });
    expect(storedMember()?.loggedIn).toBe(true);
  });

  it('shows the code with a copy button when the flow data is not stored here', async () => {
    const fetch = createFetchStub();
    const { user } = renderRoute('/login?otp=654321', { fetch, config: otpConfig });

    expect(await main().findByRole('heading', { name: 'Your passcode' })).toBeInTheDocument();
    expect(main().getByText('654321')).toBeInTheDocument();
    await user.click(main().getByRole('button', { name: 'Copy passcode' }));
    expect(await main().findByText('Passcode copied')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe('654321');
    expect(fetch.requests.some((r) => r.url.pathname === '/api/login/otp')).toBe(false);
  });
});

describe('otp_or_password (identity §2 Login)', () => {
  const config = makeSellerConfig({ authentication_method: 'otp_or_password' });

  it('goes from the e-mail to the password step and logs in with the e-mail as username', async () => {
    const fetch = createFetchStub({ 'POST /api/login': loggingIn() });
    const { user, router } = renderRoute('/login', { fetch, config });
    await user.type(await main().findByLabelText('Email address'), 'ada@example.com');
    await user.click(main().getByRole('button', { name: 'Continue' }));
    await user.type(await main().findByLabelText('Password'), 'Correct-horse-1');
    await user.click(main().getByRole('button', { name: 'Log in with your password' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/demo-museum/events'));
    expect(fetch.requests.find((r) => r.url.pathname === '/api/login')?.body).toEqual({
      username: 'ada@example.com',
      password: 'Correct-horse-1',
    });
  });

  it('sends a passcode instead from the password step', async () => {
    const fetch = createFetchStub({ 'POST /api/login/request_otp': requestOtpAnswer() });
    const { user } = renderRoute('/login', { fetch, config });
    await user.type(await main().findByLabelText('Email address'), 'ada@example.com');
    await user.click(main().getByRole('button', { name: 'Continue' }));
    await user.click(await main().findByRole('button', { name: 'Send me a passcode instead' }));
    expect(await main().findByLabelText('Passcode')).toBeInTheDocument();
  });

  it('rejects an e-mail without a domain before asking the server', async () => {
    const fetch = createFetchStub();
    const { user } = renderRoute('/login', { fetch, config });
    await user.type(await main().findByLabelText('Email address'), 'ada');
    await user.click(main().getByRole('button', { name: 'Continue' }));
    expect(await main().findByRole('alert')).toHaveTextContent('Email address is not valid.');
    expect(main().getByLabelText('Email address')).toHaveFocus();
  });
});
