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

afterEach(() => vi.mocked(useIsLoggedIn).mockReturnValue(false));

async function resend(user: ReturnType<typeof renderRoute>['user'], email = 'ada@example.org') {
  await user.type(await screen.findByLabelText('Email address'), email);
  await user.click(screen.getByRole('button', { name: 'Resend my tickets' }));
}

describe('resend order e-mail (identity §2 "Resend", §7, §8)', () => {
  it('sends the e-mail and confirms', async () => {
    const fetch = createFetchStub({ 'POST /api/ticket_order/resend': ACCEPTED });
    const { user } = renderRoute('/resend', { fetch });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Resend order e-mail' }),
    ).toBeInTheDocument();

    await resend(user, '  Ada@Example.org ');

    expect(await screen.findByRole('status')).toHaveTextContent(
      'We have sent your order confirmation and tickets to Ada@Example.org.',
    );
    const request = fetch.requests.find((r) => r.url.pathname === '/api/ticket_order/resend');
    // trimmed; no memberships_only on the order resend
    expect(request?.body).toEqual({ email: 'Ada@Example.org' });
  });

  it("says 'No orders could be found for this email address.' on 404", async () => {
    const fetch = createFetchStub({
      'POST /api/ticket_order/resend': errorResponse(404, 'not_found'),
    });
    const { user } = renderRoute('/resend', { fetch });
    await resend(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No orders could be found for this email address.',
    );
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('asks to wait on 429', async () => {
    const fetch = createFetchStub({
      'POST /api/ticket_order/resend': errorResponse(429, 'rate_limited'),
    });
    const { user } = renderRoute('/resend', { fetch });
    await resend(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait a few minutes and try again.',
    );
  });

  it('tells a logged-in member to log out instead of showing the form', async () => {
    vi.mocked(useIsLoggedIn).mockReturnValue(true);
    const fetch = createFetchStub();
    renderRoute('/resend', { fetch });

    expect(await screen.findByText('Log out to resend your tickets')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log out' })).toHaveAttribute(
      'href',
      '/demo-museum/logout',
    );
    expect(screen.queryByLabelText('Email address')).toBeNull();
    expect(fetch.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });
});
