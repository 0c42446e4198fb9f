import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/testing/render-route';
import { makeSellerConfig } from '@/testing/seller-config';

const root = () => document.documentElement;
const cssVar = (name: string) => root().style.getPropertyValue(name);

describe('theme from the seller config (shopping §1)', () => {
  it('puts a light seller theme on :root', async () => {
    renderRoute('/resend');
    await screen.findByRole('heading', { level: 1 });

    expect(root().dataset.theme).toBe('light');
    expect(root().dataset.tier).toBe('1');
    expect(root().style.getPropertyValue('color-scheme')).toBe('light');
    expect(cssVar('--color-primary')).toBe('#1f4e79');
    expect(cssVar('--color-background')).toBe('#fbfaf7');
    expect(cssVar('--font-heading')).toBe('Georgia, serif');
    expect(cssVar('--radius')).toBe('4px');
    expect(cssVar('--header-height')).toBe('105px');
    expect(cssVar('--logo-height')).toBe('32px');
    expect(root().lang).toBe('en');
  });

  it('puts a dark seller theme on :root', async () => {
    const config = makeSellerConfig({
      theme: {
        mode: 'dark',
        tier: 3,
        colors: { primary: '#f2c14e', background: '#101418', text: '#f4f4f0' },
        fonts: { heading: '"Playfair Display", serif' },
        border_radius_px: 8,
      },
    });
    renderRoute('/resend', { config });
    await screen.findByRole('heading', { level: 1 });

    expect(root().dataset.theme).toBe('dark');
    expect(root().dataset.tier).toBe('3');
    expect(root().style.getPropertyValue('color-scheme')).toBe('dark');
    expect(cssVar('--color-primary')).toBe('#f2c14e');
    expect(cssVar('--color-background')).toBe('#101418');
    expect(cssVar('--color-text')).toBe('#f4f4f0');
    expect(cssVar('--font-heading')).toBe('"Playfair Display", serif');
    expect(cssVar('--radius')).toBe('8px');
  });
});

describe('page frame', () => {
  it('gives the header logo its width and height, so the navigation never moves (issue 13)', async () => {
    const config = makeSellerConfig({
      theme: {
        logo_url: '/api/image/demo-museum/zoo-logo.png',
        logo_alt: 'City Zoo',
        logo_height_px: 40,
        logo_width_px: 225,
      },
    });
    renderRoute('/resend', { config });
    await screen.findByRole('heading', { level: 1 });
    const logo = within(screen.getByRole('banner')).getByRole('img', { name: 'City Zoo' });
    expect(logo).toHaveAttribute('width', '225');
    expect(logo).toHaveAttribute('height', '40');
  });

  it('shows the seller logo linking home, the navigation and the footer text', async () => {
    const config = makeSellerConfig({
      theme: {
        logo_url: '/api/image/demo-museum/zoo-logo.svg',
        logo_alt: 'City Zoo',
        footer_text: 'City Zoo, Park Lane 4',
      },
    });
    renderRoute('/resend', { config });
    await screen.findByRole('heading', { level: 1 });

    const banner = screen.getByRole('banner');
    const logo = within(banner).getByRole('img', { name: 'City Zoo' });
    expect(logo).toHaveAttribute('src', '/api/image/demo-museum/zoo-logo.svg?height=64');
    expect(within(banner).getByRole('link', { name: 'City Zoo home' })).toHaveAttribute(
      'href',
      '/demo-museum',
    );
    const nav = within(banner).getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Events' })).toHaveAttribute(
      'href',
      '/demo-museum/events',
    );
    expect(within(nav).getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/demo-museum/login',
    );
    expect(
      within(screen.getByRole('contentinfo')).getByText('City Zoo, Park Lane 4'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute(
      'href',
      '#main',
    );
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
  });

  it('shows content blocks for the current route and the anonymous role only, sanitised', async () => {
    const config = makeSellerConfig({
      content_blocks: [
        {
          id: 'b1',
          route: 'resend',
          roles: ['anonymous'],
          position: 'top',
          html: '<p>Resend notice</p><script>window.hacked = 1</script>',
        },
        {
          id: 'b2',
          route: 'resend',
          roles: ['member'],
          position: 'top',
          html: '<p>Members only notice</p>',
        },
        {
          id: 'b3',
          route: 'home',
          roles: ['anonymous'],
          position: 'top',
          html: '<p>Home notice</p>',
        },
        {
          id: 'b4',
          route: 'resend',
          roles: ['anonymous', 'member'],
          position: 'bottom',
          html: '<p>Bottom notice</p>',
        },
      ],
    });
    renderRoute('/resend', { config });

    const main = await screen.findByRole('main');
    expect(await within(main).findByText('Resend notice')).toBeInTheDocument();
    expect(within(main).getByText('Bottom notice')).toBeInTheDocument();
    expect(within(main).queryByText('Members only notice')).not.toBeInTheDocument();
    expect(within(main).queryByText('Home notice')).not.toBeInTheDocument();
    expect(main.querySelector('script')).toBeNull();
  });

  it('serves the login screen on the configured login path', async () => {
    renderRoute('/members/sign-in', {
      config: makeSellerConfig({ login_path: '/members/sign-in' }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
  });

  it('sets the page title to "{name} - {product name}"', async () => {
    renderRoute('/', { config: makeSellerConfig({ product_name: 'City Zoo Tickets' }) });
    await screen.findByRole('heading', { level: 1, name: 'Welcome' });
    await waitFor(() => expect(document.title).toBe('Welcome - City Zoo Tickets'));
  });
});
