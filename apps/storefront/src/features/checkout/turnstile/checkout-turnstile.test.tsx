import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TURNSTILE_CAPTCHA_PROVIDER, TURNSTILE_ORIGIN } from '@admit/contracts/captcha';
import {
  fillGuestPurchaser,
  renderFreeCheckout,
  renderMemberFreeCheckout,
} from '@/testing/checkout-fixtures';
import { makeSellerConfig } from '@/testing/seller-config';
import type { TurnstileApi } from '@/features/checkout/turnstile/load-turnstile';

/** Cloudflare Turnstile at a guest's checkout (identity §5, §6, §8; decision 0068). */

const SITE_KEY = '0x4AAAAAAATestSiteKey';
const CAPTCHA_MESSAGE = 'Please complete the security check to continue.';
const turnstileConfig = (siteKey: string | null = SITE_KEY) =>
  makeSellerConfig({
    checkout: {
      donation_group_id: null,
      stripe_publishable_key: null,
      captcha_provider: TURNSTILE_CAPTCHA_PROVIDER,
      captcha_site_key: siteKey,
    },
  });

/** A stand-in for Turnstile's script: `solve(token)` is the visitor passing the challenge. */
function fakeTurnstile() {
  let callback: ((token: string) => void) | null = null;
  const api = {
    render: vi.fn<TurnstileApi['render']>((_box, options) => {
      callback = options.callback;
      return 'widget-1';
    }),
    reset: vi.fn<TurnstileApi['reset']>(),
    remove: vi.fn<TurnstileApi['remove']>(),
  };
  window.turnstile = api;
  return { api, solve: (token: string) => callback?.(token) };
}

const guestCheckout = (config = turnstileConfig()) => renderFreeCheckout(config);

const turnstileScripts = () =>
  [...document.querySelectorAll('script')].filter((s) => s.src.startsWith(TURNSTILE_ORIGIN));

beforeEach(() => localStorage.clear());
afterEach(() => {
  delete window.turnstile;
  for (const script of turnstileScripts()) script.remove();
});

describe('Turnstile at checkout', () => {
  it('renders the widget for a guest and sends its token with the order', async () => {
    const turnstile = fakeTurnstile();
    const { user, fetch, router } = guestCheckout();
    await waitFor(() => expect(turnstile.api.render).toHaveBeenCalledTimes(1));
    expect(turnstile.api.render.mock.calls[0]![1]).toMatchObject({ sitekey: SITE_KEY });
    await fillGuestPurchaser(user);
    turnstile.solve('tok-turnstile-1');
    await user.click(screen.getByRole('button', { name: 'Complete order' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/demo-museum/checkout/complete'),
    );
    const request = fetch.requests.find((r) => r.url.pathname.endsWith('/guest_checkout'));
    expect(request?.body).toMatchObject({
      captcha: { provider: TURNSTILE_CAPTCHA_PROVIDER, token: 'tok-turnstile-1' },
    });
    // a token is spent by its call: the widget is made ready for a fresh one
    expect(turnstile.api.reset).toHaveBeenCalledWith('widget-1');
  });

  it('holds the pay back quietly until the challenge is passed', async () => {
    const turnstile = fakeTurnstile();
    const { user, fetch } = guestCheckout();
    await waitFor(() => expect(turnstile.api.render).toHaveBeenCalled());
    await fillGuestPurchaser(user);
    await user.click(screen.getByRole('button', { name: 'Complete order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(CAPTCHA_MESSAGE);
    expect(fetch.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it("loads Turnstile's script on a guest's checkout only", async () => {
    guestCheckout();
    await waitFor(() => expect(turnstileScripts()).toHaveLength(1));
    expect(turnstileScripts()[0]!.src).toBe(
      `${TURNSTILE_ORIGIN}/turnstile/v0/api.js?render=explicit`,
    );
  });

  it('is skipped for a logged-in member: no script, no widget, no token', async () => {
    const turnstile = fakeTurnstile();
    const { user, router, fetch } = renderMemberFreeCheckout(turnstileConfig());
    await user.click(await screen.findByRole('button', { name: 'Complete order' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/demo-museum/checkout/complete'),
    );
    expect(turnstile.api.render).not.toHaveBeenCalled();
    const request = fetch.requests.find((r) => r.url.pathname.endsWith('/checkout'));
    expect(request?.body).not.toHaveProperty('captcha');
  });

  it('shows no widget without a site key', async () => {
    const turnstile = fakeTurnstile();
    guestCheckout(turnstileConfig(null));
    await screen.findByRole('button', { name: 'Complete order' });
    expect(turnstile.api.render).not.toHaveBeenCalled();
  });
});
