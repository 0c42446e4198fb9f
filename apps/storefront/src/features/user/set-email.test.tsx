import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useIsLoggedIn } from '@/stores/use-is-logged-in';
import { createFetchStub, errorResponse } from '@/testing/fetch-stub';
import type { Fixture } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import { myUserBody } from '@/features/user/user-test-kit';

vi.mock('@/stores/use-is-logged-in', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useIsLoggedIn: vi.fn(() => true),
}));
vi.mock('@/features/home/home-route', async () => ({
  HomeRoute: (await import('@/features/user/user-test-kit')).HomeStandIn,
}));

afterEach(() => vi.mocked(useIsLoggedIn).mockReturnValue(true));

function renderSetEmail(fixtures: Record<string, Fixture> = {}, path = '/user/set-email-address') {
  const fetch = createFetchStub({ 'GET /api/my/user': myUserBody(), ...fixtures });
  return { ...renderRoute(path, { fetch }), fetch };
}

async function fill(user: ReturnType<typeof renderRoute>['user'], email: string, confirm: string) {
  await user.type(await screen.findByLabelText('Email address'), email);
  await user.type(screen.getByLabelText('Confirm email address'), confirm);
  await user.click(screen.getByRole('button', { name: 'Save email address' }));
}

describe('set e-mail address (identity §2, §5 "Set e-mail", §6, §8)', () => {
  it('redirects a guest to /', async () => {
    vi.mocked(useIsLoggedIn).mockReturnValue(false);
    const { router, fetch } = renderSetEmail();

    expect(await screen.findByRole('heading', { name: 'Home stand-in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/demo-museum');
    expect(fetch.requests.some((r) => r.url.pathname === '/api/my/user')).toBe(false);
  });

  it('sends a user who already has an e-mail back to next', async () => {
    const { router } = renderSetEmail(
      { 'GET /api/my/user': myUserBody({ email: 'ada@example.org', needs_email: false }) },
      '/user/set-email-address?next=%2Fresend',
    );

    await waitFor(() => expect(router.state.location.pathname).toBe('/demo-museum/resend'));
  });

  it("says 'Email address is not valid.' without a domain part with a dot", async () => {
    const { user, fetch } = renderSetEmail();
    await fill(user, 'ada@example', 'ada@example');

    expect(await screen.findAllByText('Email address is not valid.')).toHaveLength(2);
    expect(screen.getByLabelText('Email address')).toHaveFocus();
    expect(fetch.requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it("says 'Email addresses must match.' and compares without case", async () => {
    const { user, fetch } = renderSetEmail({ 'PUT /api/my/user/email': myUserBody() });
    await fill(user, 'ada@example.org', 'bob@example.org');

    expect(await screen.findByRole('alert')).toHaveTextContent('Email addresses must match.');
    expect(screen.getByLabelText('Confirm email address')).toHaveFocus();

    await user.clear(screen.getByLabelText('Confirm email address'));
    await user.type(screen.getByLabelText('Confirm email address'), 'ADA@example.ORG');
    await user.click(screen.getByRole('button', { name: 'Save email address' }));

    await waitFor(() => expect(fetch.requests.some((r) => r.method === 'PUT')).toBe(true));
    const put = fetch.requests.find((r) => r.method === 'PUT');
    expect(put?.url.pathname).toBe('/api/my/user/email');
    expect(put?.body).toEqual({ email: 'ada@example.org', email_confirm: 'ADA@example.ORG' });
  });

  it('shows the spec text on 409', async () => {
    const { user } = renderSetEmail({
      'PUT /api/my/user/email': errorResponse(409, 'conflict'),
    });
    await fill(user, 'ada@example.org', 'ada@example.org');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Another user account is using ada@example.org. Please contact us...',
    );
  });

  it('returns to next after saving', async () => {
    let saved = false;
    const { user, router } = renderSetEmail(
      {
        'GET /api/my/user': () =>
          myUserBody(saved ? { email: 'ada@example.org', needs_email: false } : {}),
        'PUT /api/my/user/email': () => {
          saved = true;
          return myUserBody({ email: 'ada@example.org', needs_email: false });
        },
      },
      '/user/set-email-address?next=%2Fcheckout',
    );
    await fill(user, 'ada@example.org', 'ada@example.org');

    await waitFor(() => expect(router.state.location.pathname).toBe('/demo-museum/checkout'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('goes one step back after saving without next', async () => {
    const { user, router } = renderSetEmail({
      'PUT /api/my/user/email': myUserBody({ email: 'ada@example.org', needs_email: false }),
    });
    await screen.findByLabelText('Email address');
    await act(() => router.navigate('/resend'));
    await act(() => router.navigate('/user/set-email-address'));
    await fill(user, 'ada@example.org', 'ada@example.org');

    await waitFor(() => expect(router.state.location.pathname).toBe('/demo-museum/resend'));
    expect(router.state.historyAction).toBe('POP');
  });

  it('refuses an unsafe next and goes home instead', async () => {
    const { router } = renderSetEmail(
      { 'GET /api/my/user': myUserBody({ email: 'ada@example.org', needs_email: false }) },
      '/user/set-email-address?next=%2F%2Fevil.example%2F',
    );

    expect(await screen.findByRole('heading', { name: 'Home stand-in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/demo-museum');
  });
});
