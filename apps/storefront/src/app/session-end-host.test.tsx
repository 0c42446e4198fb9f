import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSellerSlug } from '@/config/seller-slug';
import { getCartState, setCartFromBundle } from '@/stores/cart-store';
import { setLoggedIn } from '@/stores/member-store';
import { renderRoute } from '@/testing/render-route';
import { createFetchStub, errorResponse } from '@/testing/fetch-stub';
import { makeSellerConfig } from '@/testing/seller-config';
import { cartBundle, makeTicket } from '@/testing/cart-fixtures';
import {
  clearAuthCookie,
  MEMBER_KEY,
  seedLoggedIn,
  setAuthCookie,
  storedMember,
} from '@/features/login/login-test-kit';

beforeEach(() => {
  localStorage.clear();
  clearAuthCookie();
  setSellerSlug('demo-museum');
});
afterEach(() => {
  clearAuthCookie();
  vi.useRealTimers();
});

describe('session end (identity §4 "Session")', () => {
  it('checks the auth cookie every second and ends the session when it vanishes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    seedLoggedIn();
    setAuthCookie();
    setCartFromBundle(cartBundle({ ticket: [makeTicket()] }));
    const { router } = renderRoute('/resend');
    const header = within(screen.getByRole('banner'));
    expect(await header.findByRole('link', { name: 'Log out' })).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(storedMember()?.loggedIn).toBe(true);
    expect(router.state.location.pathname).toBe('/demo-museum/resend');

    clearAuthCookie();
    await act(() => vi.advanceTimersByTimeAsync(1_100));
    await waitFor(() => expect(router.state.location.pathname).toBe('/demo-museum'));
    expect(storedMember()?.loggedIn ?? false).toBe(false);
    expect(getCartState().cartId).toBeNull();
    expect(await header.findByRole('link', { name: 'Log in' })).toBeInTheDocument();
  });

  it('closes an open login dialog when the session ends', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { router } = renderRoute('/resend?login=1');
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeInTheDocument();
    // logged in meanwhile (another tab), then the cookie goes: the dialog must not stay
    setAuthCookie();
    act(() => setLoggedIn({ first_name: 'Ada', last_name: null, email: null, is_member: true }));
    clearAuthCookie();
    await act(() => vi.advanceTimersByTimeAsync(1_100));
    await waitFor(() => expect(router.state.location.pathname).toBe('/demo-museum'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('follows a logout written by another tab', async () => {
    seedLoggedIn();
    setAuthCookie();
    const { router } = renderRoute('/resend');
    const header = within(screen.getByRole('banner'));
    await header.findByRole('link', { name: 'Log out' });

    localStorage.removeItem(MEMBER_KEY);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: MEMBER_KEY, newValue: null }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/demo-museum'));
    expect(await header.findByRole('link', { name: 'Log in' })).toBeInTheDocument();
  });
});

describe('logout route (identity §2, §4 "Login methods")', () => {
  it('calls POST logout, clears member and cart state and goes to /', async () => {
    seedLoggedIn();
    setAuthCookie();
    setCartFromBundle(cartBundle({ ticket: [makeTicket()] }));
    const fetch = createFetchStub({ 'POST /api/logout': () => (clearAuthCookie(), {}) });
    const { router } = renderRoute('/logout', { fetch });

    await waitFor(() => expect(router.state.location.pathname).toBe('/demo-museum'));
    expect(fetch.requests.filter((r) => r.url.pathname === '/api/logout')).toHaveLength(1);
    expect(fetch.requests.find((r) => r.url.pathname === '/api/logout')?.method).toBe('POST');
    expect(storedMember()?.loggedIn ?? false).toBe(false);
    expect(getCartState().cartId).toBeNull();
  });

  it('clears the state even when the server call fails', async () => {
    seedLoggedIn();
    const fetch = createFetchStub({ 'POST /api/logout': errorResponse(500, 'internal_error') });
    const { router } = renderRoute('/logout', { fetch });
    await waitFor(() => expect(router.state.location.pathname).toBe('/demo-museum'));
    expect(storedMember()?.loggedIn ?? false).toBe(false);
  });

  it('goes to the external logout address for the external method', async () => {
    seedLoggedIn();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const config = makeSellerConfig({
      authentication_method: 'external',
      external_urls: { login: 'https://sso.example.com/in', logout: 'https://sso.example.com/out' },
    });
    renderRoute('/logout', { config, fetch: createFetchStub({ 'POST /api/logout': {} }) });
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://sso.example.com/out'));
    expect(storedMember()?.loggedIn ?? false).toBe(false);
  });

  it('logs out here and stays for the external ecommerce provider (an SSO kind)', async () => {
    seedLoggedIn();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const config = makeSellerConfig({
      authentication_method: 'external_ecommerce',
      external_urls: {
        login: 'https://shop.example.com/in',
        logout: 'https://shop.example.com/out',
      },
    });
    const fetch = createFetchStub({ 'POST /api/logout': {} });
    const { router } = renderRoute('/logout', { config, fetch });
    await waitFor(() => expect(router.state.location.pathname).toBe('/demo-museum'));
    expect(fetch.requests.filter((r) => r.url.pathname === '/api/logout')).toHaveLength(1);
    expect(storedMember()?.loggedIn ?? false).toBe(false);
    expect(assign).not.toHaveBeenCalled();
  });

  it("says 'External logout URL missing' when there is none", async () => {
    seedLoggedIn();
    const config = makeSellerConfig({ authentication_method: 'external' });
    renderRoute('/logout', { config, fetch: createFetchStub({ 'POST /api/logout': {} }) });
    expect(await screen.findByRole('alert')).toHaveTextContent('External logout URL missing');
    expect(storedMember()?.loggedIn ?? false).toBe(false);
  });
});
