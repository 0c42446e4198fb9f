import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useIsLoggedIn } from '@/stores/use-is-logged-in';
import { createFetchStub, errorResponse } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import { ACCEPTED } from '@/features/user/user-test-kit';

vi.mock('@/stores/use-is-logged-in', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useIsLoggedIn: vi.fn(() => false),
}));
// the real home sends a member on to /events; the stand-in shows the redirect lands on "/"
vi.mock('@/features/home/home-route', async () => ({
  HomeRoute: (await import('@/features/user/user-test-kit')).HomeStandIn,
}));

const EMAIL = 'ada@example.org';

afterEach(() => {
  vi.mocked(useIsLoggedIn).mockReturnValue(false);
});

async function submitEmail(user: ReturnType<typeof renderRoute>['user'], button: string) {
  await user.type(await screen.findByLabelText('Email address'), EMAIL);
  await user.click(screen.getByRole('button', { name: button }));
}

describe('forgot password (identity §2, §8)', () => {
  const sent =
    'If an account exists for ada@example.org, we have sent an email with a link to reset your password. The link works once and expires in 60 minutes.';

  it.each([
    ['200', ACCEPTED],
    ['404', errorResponse(404, 'not_found')],
  ])('shows the same confirmation for a %s answer', async (_status, answer) => {
    const fetch = createFetchStub({ 'POST /api/password_reset/request': answer });
    const { user } = renderRoute('/user/forgot-password', { fetch });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Forgot password' }),
    ).toBeInTheDocument();

    await submitEmail(user, 'Send reset link');

    expect(await screen.findByRole('status')).toHaveTextContent(sent);
    const request = fetch.requests.find((r) => r.url.pathname === '/api/password_reset/request');
    expect(request?.method).toBe('POST');
    expect(request?.body).toEqual({ email: EMAIL });
    expect(request?.headers.get('tix-app')).toBeTruthy();
    expect(screen.queryByLabelText('Email address')).toBeNull();
  });

  it('asks to wait on 429', async () => {
    const fetch = createFetchStub({
      'POST /api/password_reset/request': errorResponse(429, 'rate_limited'),
    });
    const { user } = renderRoute('/user/forgot-password', { fetch });
    await submitEmail(user, 'Send reset link');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait a few minutes and try again.',
    );
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('checks the e-mail before sending and focuses the field', async () => {
    const fetch = createFetchStub();
    const { user } = renderRoute('/user/forgot-password', { fetch });
    const field = await screen.findByLabelText('Email address');

    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Input must not be empty.');
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await user.type(field, 'ada@example');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Email address is not valid.');

    await user.clear(field);
    await user.type(field, `${'a'.repeat(250)}@b.co`);
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Use at most 254 characters.');
    expect(fetch.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('redirects a logged-in member to /', async () => {
    vi.mocked(useIsLoggedIn).mockReturnValue(true);
    const { router } = renderRoute('/user/forgot-password');

    expect(await screen.findByRole('heading', { name: 'Home stand-in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/demo-museum');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.queryByLabelText('Email address')).toBeNull();
  });
});

describe('forgot membership (identity §2, §7, §8)', () => {
  const sent =
    'If a membership exists for ada@example.org, we have sent an email with your membership details.';

  it.each([
    ['200', ACCEPTED],
    ['404', errorResponse(404, 'not_found')],
  ])('sends memberships_only and confirms the same for a %s answer', async (_s, answer) => {
    const fetch = createFetchStub({ 'POST /api/ticket_order/resend': answer });
    const { user } = renderRoute('/user/forgot-membership', { fetch });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Forgot membership' }),
    ).toBeInTheDocument();

    await submitEmail(user, 'Send membership details');

    expect(await screen.findByRole('status')).toHaveTextContent(sent);
    const request = fetch.requests.find((r) => r.url.pathname === '/api/ticket_order/resend');
    expect(request?.body).toEqual({ email: EMAIL, memberships_only: true });
  });

  it('shows an error other than 404 instead of the confirmation', async () => {
    const fetch = createFetchStub({
      'POST /api/ticket_order/resend': errorResponse(500, 'internal_error'),
    });
    const { user } = renderRoute('/user/forgot-membership', { fetch });
    await submitEmail(user, 'Send membership details');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Oops! Sorry, something went wrong. Please try again.',
    );
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('redirects a logged-in member to /', async () => {
    vi.mocked(useIsLoggedIn).mockReturnValue(true);
    const { router } = renderRoute('/user/forgot-membership');

    expect(await screen.findByRole('heading', { name: 'Home stand-in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/demo-museum');
    expect(screen.queryByLabelText('Email address')).toBeNull();
  });
});
