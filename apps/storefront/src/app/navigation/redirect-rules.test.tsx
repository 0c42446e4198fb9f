import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SellerConfig } from '@admit/contracts/seller-config';
import { configuredRedirect } from '@/app/navigation/configured-redirect';
import { leaveSite } from '@/app/navigation/leave-site';
import { renderRoute } from '@/testing/render-route';
import { makeSellerConfig } from '@/testing/seller-config';

vi.mock('@/app/navigation/leave-site', () => ({ leaveSite: vi.fn() }));

afterEach(() => vi.mocked(leaveSite).mockClear());

const redirects = (r: Partial<SellerConfig['redirects']>) =>
  makeSellerConfig({
    redirects: { require_seller_prefix: false, disable_home_route: false, target: null, ...r },
  });

describe('rule 2: a redirect can require the seller prefix (identity §2, §3 web.redirects)', () => {
  const config = redirects({
    require_seller_prefix: true,
    target: 'https://tickets.example.com/',
  });

  it.each([
    ['/', 'https://tickets.example.com/demo-museum'],
    [
      '/events?date=2026-06-01#list',
      'https://tickets.example.com/demo-museum/events?date=2026-06-01#list',
    ],
    ['/checkout', 'https://tickets.example.com/demo-museum/checkout'],
  ])('sends %s to the target under the seller prefix', async (path, destination) => {
    renderRoute(path, { config });

    await waitFor(() => expect(leaveSite).toHaveBeenCalledWith(destination));
    expect(leaveSite).toHaveBeenCalledTimes(1);
  });

  it('leaves other routes alone', async () => {
    renderRoute('/resend', { config });

    await screen.findByRole('heading', { level: 1, name: 'Resend order e-mail' });
    expect(leaveSite).not.toHaveBeenCalled();
  });

  it('does nothing on the target itself, without a target or when not required', () => {
    const at = (c: SellerConfig, name: string, pathname: string, origin: string) =>
      configuredRedirect(c, { pathname, search: '', hash: '' }, name, origin);
    expect(at(config, 'events', '/events', 'https://tickets.example.com')).toBeNull();
    expect(at(config, 'events', '/events', 'https://old.example.com')).toBe(
      'https://tickets.example.com/demo-museum/events',
    );
    expect(at(redirects({ require_seller_prefix: true }), 'home', '/', 'https://a.b')).toBeNull();
    expect(
      at(redirects({ target: 'https://tickets.example.com' }), 'home', '/', 'https://a.b'),
    ).toBeNull();
    expect(at(config, 'event', '/events/1', 'https://old.example.com')).toBe(
      'https://tickets.example.com/demo-museum/events/1',
    );
  });
});

describe('rule 3: a redirect can disable the home and events routes', () => {
  const config = redirects({ disable_home_route: true, target: 'https://www.museum.example/' });

  it.each(['/', '/events'])('sends %s to the target', async (path) => {
    renderRoute(path, { config });

    await waitFor(() => expect(leaveSite).toHaveBeenCalledWith('https://www.museum.example/'));
  });

  it('keeps event pages, other routes, and everything without a target', async () => {
    const at = (c: SellerConfig, name: string, pathname: string) =>
      configuredRedirect(c, { pathname, search: '', hash: '' }, name, 'https://shop.example');
    expect(at(config, 'event', '/events/1')).toBeNull();
    expect(at(config, 'checkout', '/checkout')).toBeNull();
    expect(at(redirects({ disable_home_route: true }), 'home', '/')).toBeNull();
    // a target that is the disabled page itself would loop
    expect(
      at(
        redirects({ disable_home_route: true, target: '/demo-museum/events' }),
        'events',
        '/events',
      ),
    ).toBeNull();

    renderRoute('/resend', { config });
    await screen.findByRole('heading', { level: 1, name: 'Resend order e-mail' });
    expect(leaveSite).not.toHaveBeenCalled();
  });

  it('applies rule 2 before rule 3', () => {
    const both = redirects({
      require_seller_prefix: true,
      disable_home_route: true,
      target: 'https://tickets.example.com',
    });
    expect(
      configuredRedirect(both, { pathname: '/', search: '', hash: '' }, 'home', 'https://x.y'),
    ).toBe('https://tickets.example.com/demo-museum');
  });
});
