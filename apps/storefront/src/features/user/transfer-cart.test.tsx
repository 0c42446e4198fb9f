import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getCartState } from '@/stores/cart-store';
import { cartQueryKey } from '@/api/cart/cart-query-key';
import { useIsLoggedIn } from '@/stores/use-is-logged-in';
import { cartBundle, FIXTURE_CART_ID, makeTicket } from '@/testing/cart-fixtures';
import { createFetchStub, errorResponse } from '@/testing/fetch-stub';
import type { Fixture } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';

vi.mock('@/stores/use-is-logged-in', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useIsLoggedIn: vi.fn(() => false),
}));

const NOW = Date.parse('2026-06-01T14:00:00.000Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  localStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.mocked(useIsLoggedIn).mockReturnValue(false);
});

function renderTransfer(fixtures: Record<string, Fixture>, query = '') {
  const fetch = createFetchStub(fixtures);
  return { ...renderRoute(`/transfer-cart/${FIXTURE_CART_ID}${query}`, { fetch }), fetch };
}

describe('transfer cart (identity §2, §6, §8 "Transfer cart")', () => {
  it.each([
    [403, 'forbidden', '403 Access denied to cart'],
    [404, 'not_found', '404 Cart not found'],
  ])('shows the spec message on %s', async (status, code, text) => {
    const { router } = renderTransfer({ 'GET /api/cart/:id': errorResponse(status, code) });

    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(router.state.location.pathname).toBe(`/demo-museum/transfer-cart/${FIXTURE_CART_ID}`);
    expect(getCartState().cartId).toBeNull();
  });

  it('refuses a guest a cart that belongs to another member', async () => {
    renderTransfer({
      'GET /api/cart/:id': cartBundle({ cart: { ownedByPublicIdentity: false } }),
    });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This cart belongs to another member',
    );
    expect(getCartState().cartId).toBeNull();
  });

  it('adopts the cart and goes to next', async () => {
    const bundle = cartBundle({ ticket: [makeTicket()] });
    const { router, fetch, queryClient } = renderTransfer(
      { 'GET /api/cart/:id': bundle },
      '?next=%2Fresend%3Fref%3Dmail',
    );

    await waitFor(() => expect(router.state.location.pathname).toBe('/demo-museum/resend'));
    expect(router.state.location.search).toBe('?ref=mail');
    expect(router.state.historyAction).toBe('REPLACE');
    const state = getCartState();
    expect(state.cartId).toBe(FIXTURE_CART_ID);
    // shopping §4: local expiry = expires_in (900 s) − 5 s
    expect(state.localExpiresAt).toBe(NOW + 895_000);
    expect(queryClient.getQueryData(cartQueryKey(FIXTURE_CART_ID))).toEqual(bundle);
    const get = fetch.requests.find((r) => r.url.pathname === `/api/cart/${FIXTURE_CART_ID}`);
    expect(get?.url.searchParams.get('_embed')).toBe('ticket_order');
    expect(get?.url.searchParams.get('_limit')).toBe('1000');
  });

  it.each([
    ['without next', ''],
    ['with an address outside the shop', '?next=%2F%2Fevil.example%2Fcheckout'],
    ['with an absolute address', '?next=https%3A%2F%2Fevil.example%2F'],
  ])('goes to /checkout %s', async (_case, query) => {
    const { router } = renderTransfer({ 'GET /api/cart/:id': cartBundle() }, query);

    await waitFor(() => expect(router.state.location.pathname).toBe('/demo-museum/checkout'));
    expect(getCartState().cartId).toBe(FIXTURE_CART_ID);
  });

  it("loads a member's cart through my/cart, whoever owns the public identity", async () => {
    vi.mocked(useIsLoggedIn).mockReturnValue(true);
    const { router, fetch } = renderTransfer({
      'GET /api/my/cart/:id': cartBundle({ cart: { ownedByPublicIdentity: false } }),
    });

    await waitFor(() => expect(router.state.location.pathname).toBe('/demo-museum/checkout'));
    expect(fetch.requests.some((r) => r.url.pathname === `/api/cart/${FIXTURE_CART_ID}`)).toBe(
      false,
    );
    expect(getCartState().cartId).toBe(FIXTURE_CART_ID);
  });
});
