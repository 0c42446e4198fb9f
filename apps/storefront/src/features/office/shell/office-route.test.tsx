import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OfficeSessionResponse, StaffRole } from '@admit/contracts/office';
import { renderRoute } from '@/testing/render-route';
import { createFetchStub, errorResponse } from '@/testing/fetch-stub';
import type { StubRequest } from '@/testing/fetch-stub';
import { makeSellerConfig } from '@/testing/seller-config';
import { sectionsFor, type OfficeSection } from '@/features/office/shell/office-routes';

/** The office's route as staff meet it (decision 0087): the login, its code step, the landing. */

const session = (role: StaffRole = 'box_office'): OfficeSessionResponse => ({
  office_session: {
    _count: 1,
    _total: 1,
    _data: [
      {
        staff_user_id: '00000000-0000-4000-8000-000000000001',
        seller_id: '00000000-0000-4000-8000-000000000002',
        expires_at: '2030-01-01T12:00:00.000Z',
      },
    ],
  },
  staff_user: {
    _count: 1,
    _total: 1,
    _data: [
      {
        id: '00000000-0000-4000-8000-000000000001',
        email: 'box-office@demo-museum.test',
        role,
        disabled: false,
        totp_enrolled: true,
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
      },
    ],
  },
});

// the office's chunk loads lazily; load it once first so no test's wait pays for it
beforeAll(async () => {
  await import('@/features/office/shell/office-route');
});

const signedOut = () => errorResponse(401, 'not_authorized', 'Please sign in to the office.');

describe('the office route', () => {
  it('signs in with the code the API asks for, then lands in the office; logs out', async () => {
    const logins: StubRequest[] = [];
    const fetch = createFetchStub({
      'GET /api/office/me': signedOut,
      'POST /api/office/login': (request: StubRequest) => {
        logins.push(request);
        const body = request.body as { password: string; totp?: string };
        if (body.password !== 'Admit-demo-1')
          return errorResponse(
            401,
            'incorrect_password',
            'That e-mail address and password do not match a staff account.',
          );
        if (!body.totp)
          return errorResponse(401, 'otp_incorrect', 'Enter the six-digit code.', {
            field: 'totp',
            totp_required: true,
          });
        if (body.totp !== '123456')
          return errorResponse(
            401,
            'otp_incorrect',
            'That code is not correct. Please try again.',
            { field: 'totp', totp_required: true },
          );
        return session();
      },
      'POST /api/office/logout': () => new Response(null, { status: 204 }),
    });
    const { user, router } = renderRoute('/office/orders', { fetch });
    // signed out, any office page is the login
    const heading = await screen.findByRole('heading', { name: 'Sign in to the back office' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/demo-museum/office/login'));
    expect(heading).toHaveFocus();
    // no visitor frame: the office is staff's own page
    expect(screen.queryByRole('contentinfo')).toBeNull();

    await user.tab();
    expect(screen.getByRole('textbox', { name: /E-mail address/ })).toHaveFocus();
    await user.keyboard('box-office@demo-museum.test');
    await user.tab();
    expect(screen.getByLabelText(/Password/)).toHaveFocus();
    await user.keyboard('wrong{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That e-mail address and password do not match a staff account.',
    );

    await user.clear(screen.getByLabelText(/Password/));
    await user.type(screen.getByLabelText(/Password/), 'Admit-demo-1{Enter}');
    const code = await screen.findByRole('textbox', { name: /Six-digit code/ });
    await waitFor(() => expect(code).toHaveFocus());
    await user.keyboard('654321{Enter}');
    expect(
      await screen.findByText('That code is not correct. Please try again.'),
    ).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, '123456{Enter}');

    // back to the page that sent here; the frame says who is signed in
    await waitFor(() => expect(router.state.location.pathname).toBe('/demo-museum/office/orders'));
    expect(
      await screen.findByText('Signed in as box-office@demo-museum.test (box office)'),
    ).toBeInTheDocument();
    expect(logins.map((r) => r.body)).toEqual([
      { email: 'box-office@demo-museum.test', password: 'wrong' },
      { email: 'box-office@demo-museum.test', password: 'Admit-demo-1' },
      { email: 'box-office@demo-museum.test', password: 'Admit-demo-1', totp: '654321' },
      { email: 'box-office@demo-museum.test', password: 'Admit-demo-1', totp: '123456' },
    ]);
    // every office call names the seller and carries the app header (the API's CSRF check)
    for (const request of logins) {
      expect(request.url.searchParams.get('_seller')).toBe('demo-museum');
      expect(request.headers.get('tix-app')).not.toBeNull();
    }

    await user.click(screen.getByRole('button', { name: 'Log out' }));
    expect(
      await screen.findByRole('heading', { name: 'Sign in to the back office' }),
    ).toBeInTheDocument();
    expect(
      fetch.requests.some((r) => r.method === 'POST' && r.url.pathname === '/api/office/logout'),
    ).toBe(true);
  });

  it('greets a signed-in user on the landing page with the sections of their role', async () => {
    const fetch = createFetchStub({ 'GET /api/office/me': session('door') });
    renderRoute('/office', { fetch });
    expect(
      await screen.findByRole('heading', { name: 'Welcome to the back office' }),
    ).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Office sections' });
    for (const section of sectionsFor('door')) {
      expect(within(nav).getByRole('link', { name: section.label })).toBeInTheDocument();
    }
  });

  it('is the office at /office on the seller’s own domain', async () => {
    const fetch = createFetchStub({ 'GET /api/office/me': signedOut });
    const { router } = renderRoute('/office', {
      fetch,
      config: makeSellerConfig({ router_base: '' }),
    });
    expect(
      await screen.findByRole('heading', { name: 'Sign in to the back office' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/office/login'));
    expect(fetch.requests[0]?.url.searchParams.get('_seller')).toBe('demo-museum');
  });
});

describe('sectionsFor', () => {
  const section = (path: string, roles: OfficeSection['roles']): OfficeSection => ({
    path,
    label: path,
    roles,
    element: null,
  });
  const sections = [
    section('orders', ['owner', 'box_office']),
    section('today', ['owner', 'box_office', 'door']),
    section('staff', ['owner']),
  ];

  it('shows each role only its sections, in the list’s order', () => {
    expect(sectionsFor('owner', sections).map((s) => s.path)).toEqual(['orders', 'today', 'staff']);
    expect(sectionsFor('box_office', sections).map((s) => s.path)).toEqual(['orders', 'today']);
    expect(sectionsFor('door', sections).map((s) => s.path)).toEqual(['today']);
  });
});
