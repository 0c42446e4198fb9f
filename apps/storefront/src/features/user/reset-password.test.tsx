import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toCollection } from '@admit/contracts/envelope';
import { useIsLoggedIn } from '@/stores/use-is-logged-in';
import { createFetchStub, errorResponse } from '@/testing/fetch-stub';
import type { Fixture } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';

vi.mock('@/stores/use-is-logged-in', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useIsLoggedIn: vi.fn(() => false),
}));
vi.mock('@/features/home/home-route', async () => ({
  HomeRoute: (await import('@/features/user/user-test-kit')).HomeStandIn,
}));

afterEach(() => vi.mocked(useIsLoggedIn).mockReturnValue(false));

const IDENTITY = {
  identity: toCollection([
    {
      id: '3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
      seller_id: '5f0b7c1e-8f43-4b53-9a55-2a5c8c2f1a01',
      email: 'ada@example.org',
      first_name: 'Ada',
      last_name: 'Lovelace',
      phone: null,
      address: null,
      address_more: null,
      city: null,
      state: null,
      country: null,
      zip_code: null,
      is_member: false,
    },
  ]),
};
const GOOD = 'Correct-Horse7';

function renderReset(fixtures: Record<string, Fixture>, path = '/user/reset-password?token=t0k3n') {
  const fetch = createFetchStub({ 'POST /api/password_reset/validate': IDENTITY, ...fixtures });
  return { ...renderRoute(path, { fetch }), fetch };
}

async function fillPasswords(
  user: ReturnType<typeof renderRoute>['user'],
  password: string,
  confirm = password,
) {
  await user.type(await screen.findByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Confirm new password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Set new password' }));
}

describe('reset password (identity §2, §5, §8 "Reset link")', () => {
  it('redirects to / without a token', async () => {
    const { router, fetch } = renderReset({}, '/user/reset-password');

    expect(await screen.findByRole('heading', { name: 'Home stand-in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/demo-museum');
    expect(fetch.requests).toEqual([]);
  });

  it('redirects a logged-in member to /', async () => {
    vi.mocked(useIsLoggedIn).mockReturnValue(true);
    const { router, fetch } = renderReset({});

    expect(await screen.findByRole('heading', { name: 'Home stand-in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/demo-museum');
    expect(fetch.requests.some((r) => r.url.pathname.includes('password_reset'))).toBe(false);
  });

  it.each([
    ['404 not_found', errorResponse(404, 'not_found')],
    ['422 validate_failed', errorResponse(422, 'validate_failed')],
  ])('says the link is not valid on %s, with a way to ask again', async (_c, answer) => {
    const { fetch } = renderReset({ 'POST /api/password_reset/validate': answer });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This reset link is not valid. It may have expired.',
    );
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute(
      'href',
      '/demo-museum/user/forgot-password',
    );
    expect(screen.queryByLabelText('New password')).toBeNull();
    const validate = fetch.requests.find((r) => r.url.pathname === '/api/password_reset/validate');
    expect(validate?.body).toEqual({ token: 't0k3n' });
  });

  it('explains the rules and refuses a weak password or a different confirmation', async () => {
    const { user, fetch } = renderReset({});

    await fillPasswords(user, 'short');
    expect(await screen.findByText('Invalid password')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveFocus();
    expect(screen.getByText('have 8 to 254 characters')).toHaveTextContent('(not met yet)');
    expect(
      screen.getByText(/use at least 3 of: uppercase letters, lowercase letters, digits/),
    ).toHaveTextContent('(not met yet)');
    expect(screen.getByText('not start or end with a space')).toHaveTextContent('(met)');

    await user.clear(screen.getByLabelText('New password'));
    await user.clear(screen.getByLabelText('Confirm new password'));
    await fillPasswords(user, GOOD, `${GOOD}x`);
    expect(await screen.findByText('Passwords must match.')).toBeInTheDocument();
    expect(screen.queryByText('Invalid password')).toBeNull();
    expect(fetch.requests.some((r) => r.url.pathname === '/api/password_reset/reset')).toBe(false);
  });

  it("shows 'Invalid password' when the server refuses the password", async () => {
    const { user } = renderReset({
      'POST /api/password_reset/reset': errorResponse(400, 'validation_failed', 'password', {
        field: 'password',
      }),
    });
    await fillPasswords(user, GOOD);

    expect(await screen.findByText('Invalid password')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('sends token and password, then confirms with a link to log in', async () => {
    const { user, fetch } = renderReset({ 'POST /api/password_reset/reset': IDENTITY });
    await fillPasswords(user, GOOD);

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your password has been changed. You can now log in with your new password.',
    );
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/demo-museum/login',
    );
    const reset = fetch.requests.find((r) => r.url.pathname === '/api/password_reset/reset');
    expect(reset?.body).toEqual({ token: 't0k3n', password: GOOD });
  });

  it('says the link is not valid when it expired between opening and saving', async () => {
    const { user } = renderReset({
      'POST /api/password_reset/reset': errorResponse(404, 'not_found'),
    });
    await fillPasswords(user, GOOD);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This reset link is not valid. It may have expired.',
    );
  });
});
