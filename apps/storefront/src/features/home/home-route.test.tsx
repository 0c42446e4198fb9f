import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/testing/render-route';
import { makeSellerConfig } from '@/testing/seller-config';

function blockHeadings(): string[] {
  return within(screen.getByRole('main'))
    .getAllByRole('heading', { level: 2 })
    .map((h) => h.textContent ?? '');
}

describe('home (identity §2 Home)', () => {
  it('shows Welcome and the three blocks in the default order login, join, guest', async () => {
    renderRoute('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome' })).toBeInTheDocument();
    expect(blockHeadings()).toEqual(['Already a member', 'Become a member', 'Continue as a guest']);
    expect(screen.getByRole('link', { name: 'Join now' })).toHaveAttribute(
      'href',
      '/demo-museum/membership',
    );
    expect(screen.getByRole('link', { name: 'Browse events' })).toHaveAttribute(
      'href',
      '/demo-museum/events',
    );
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/demo-museum/login',
    );
    expect(
      screen.getByRole('link', { name: 'Already have tickets? Resend confirmation link' }),
    ).toHaveAttribute('href', '/demo-museum/resend');
  });

  it('follows a custom home_block_order and the configured login path', async () => {
    renderRoute('/', {
      config: makeSellerConfig({
        home_block_order: ['guest', 'login', 'join'],
        login_path: '/members/sign-in',
      }),
    });

    await screen.findByRole('heading', { level: 1, name: 'Welcome' });
    expect(blockHeadings()).toEqual(['Continue as a guest', 'Already a member', 'Become a member']);
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/demo-museum/members/sign-in',
    );
  });

  it('leads "Become a member" to the membership event', async () => {
    const membershipEvent = '00000000-0000-4000-8000-000000000070';
    renderRoute('/', {
      config: makeSellerConfig({
        membership: { presell: true, event_id: membershipEvent, external_url: null },
      }),
    });
    expect(await screen.findByRole('link', { name: 'Join now' })).toHaveAttribute(
      'href',
      `/demo-museum/events/${membershipEvent}`,
    );
  });

  it('shows only the blocks the order names', async () => {
    renderRoute('/', { config: makeSellerConfig({ home_block_order: ['join', 'guest'] }) });

    await screen.findByRole('heading', { level: 1, name: 'Welcome' });
    expect(blockHeadings()).toEqual(['Become a member', 'Continue as a guest']);
  });

  it('redirects to the admission event when membership presell is off', async () => {
    const admission = '00000000-0000-4000-8000-000000000042';
    const { router } = renderRoute('/', {
      config: makeSellerConfig({
        membership: { presell: false, event_id: null, external_url: null },
        admission_event_id: admission,
      }),
    });

    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/demo-museum/events/${admission}`),
    );
    expect(screen.queryByRole('heading', { name: 'Welcome' })).not.toBeInTheDocument();
  });

  it('redirects to /events when presell is off and there is no admission event', async () => {
    const { router } = renderRoute('/', {
      config: makeSellerConfig({
        membership: { presell: false, event_id: null, external_url: null },
      }),
    });

    await waitFor(() => expect(router.state.location.pathname).toBe('/demo-museum/events'));
  });
});
