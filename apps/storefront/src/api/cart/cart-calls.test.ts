import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSellerSlug } from '@/config/seller-slug';
import { getCartState, setCartFromBundle } from '@/stores/cart-store';
import { deleteCart } from '@/api/cart/delete-cart';
import { loadCart } from '@/api/cart/get-cart';
import { modifyVisitorCart } from '@/api/cart/modify-cart';
import { cartQueryKey } from '@/api/cart/cart-query-key';
import { createFetchStub, errorResponse, jsonResponse } from '@/testing/fetch-stub';
import { cartBundle, FIXTURE_CART_ID, makeTicket } from '@/testing/cart-fixtures';

const NOW = Date.parse('2026-06-01T14:00:00.000Z');
const NEW_CART_ID = 'a7c1e3d5-2b4f-4a6c-8e0d-1f2a3b4c5d6e';
const body = {
  add: [{ ticket_types_required: [{ ticket_type_id: FIXTURE_CART_ID, quantity: 2 }] }],
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  localStorage.clear();
  setSellerSlug('demo-museum');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('loadCart (shopping §4, §8 cart errors)', () => {
  it('GETs /api/my/cart/{id} with _limit=1000 and returns a pending cart', async () => {
    const fetch = createFetchStub({
      'GET /api/my/cart/:id': cartBundle({ ticket: [makeTicket()] }),
    });
    vi.stubGlobal('fetch', fetch);

    const bundle = await loadCart(FIXTURE_CART_ID);

    expect(bundle?.cart._data[0]?.id).toBe(FIXTURE_CART_ID);
    expect(fetch.requests[0]!.url.pathname).toBe(`/api/my/cart/${FIXTURE_CART_ID}`);
    expect(fetch.requests[0]!.url.searchParams.get('_limit')).toBe('1000');
    expect(fetch.requests[0]!.headers.get('tix-app')).toBe('ecomm');
  });

  it('deletes a cart with under 30 s left and forgets it', async () => {
    setCartFromBundle(cartBundle());
    const fetch = createFetchStub({
      'GET /api/my/cart/:id': cartBundle({ cart: { expires_in: 29 } }),
      'DELETE /api/my/cart/:id': {},
    });
    vi.stubGlobal('fetch', fetch);

    expect(await loadCart(FIXTURE_CART_ID)).toBeNull();
    expect(fetch.requests.map((r) => r.method)).toEqual(['GET', 'DELETE']);
    expect(getCartState().cartId).toBeNull();
  });

  it('keeps a cart with exactly 30 s left', async () => {
    vi.stubGlobal(
      'fetch',
      createFetchStub({ 'GET /api/my/cart/:id': cartBundle({ cart: { expires_in: 30 } }) }),
    );
    expect(await loadCart(FIXTURE_CART_ID)).not.toBeNull();
  });

  it('clears the cart on 404 and forgets an expired one', async () => {
    setCartFromBundle(cartBundle());
    vi.stubGlobal('fetch', createFetchStub());
    expect(await loadCart(FIXTURE_CART_ID)).toBeNull();
    expect(getCartState().cartId).toBeNull();

    setCartFromBundle(cartBundle());
    vi.stubGlobal(
      'fetch',
      createFetchStub({ 'GET /api/my/cart/:id': cartBundle({ cart: { state: 'expired' } }) }),
    );
    expect(await loadCart(FIXTURE_CART_ID)).toBeNull();
    expect(getCartState().cartId).toBeNull();
  });

  it('deletes the cart on a 400 scope_error and rethrows anything else', async () => {
    setCartFromBundle(cartBundle());
    const fetch = createFetchStub({
      'GET /api/my/cart/:id': errorResponse(400, 'scope_error'),
      'DELETE /api/my/cart/:id': {},
    });
    vi.stubGlobal('fetch', fetch);
    expect(await loadCart(FIXTURE_CART_ID)).toBeNull();
    expect(fetch.requests.map((r) => r.method)).toEqual(['GET', 'DELETE']);

    vi.stubGlobal(
      'fetch',
      createFetchStub({ 'GET /api/my/cart/:id': errorResponse(403, 'forbidden') }),
    );
    await expect(loadCart(FIXTURE_CART_ID)).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('clears the cart on a 400 not_configured from the card gateway, rethrows it from elsewhere', async () => {
    const notConfigured = (context: string) =>
      jsonResponse(
        {
          _data: [{ _code: 'not_configured', _context: context, _description: '', _extra: null }],
        },
        400,
      );
    setCartFromBundle(cartBundle());
    vi.stubGlobal('fetch', createFetchStub({ 'GET /api/my/cart/:id': notConfigured('stripe') }));
    expect(await loadCart(FIXTURE_CART_ID)).toBeNull();
    expect(getCartState().cartId).toBeNull();

    setCartFromBundle(cartBundle());
    vi.stubGlobal('fetch', createFetchStub({ 'GET /api/my/cart/:id': notConfigured('wallet') }));
    await expect(loadCart(FIXTURE_CART_ID)).rejects.toMatchObject({ code: 'not_configured' });
    expect(getCartState().cartId).toBe(FIXTURE_CART_ID);
  });
});

describe('modifyVisitorCart (shopping §7)', () => {
  it('creates a cart through POST my/cart/modify when there is none', async () => {
    const fetch = createFetchStub({
      'POST /api/my/cart/modify': cartBundle({ cart: { expires_in: 900 } }),
    });
    vi.stubGlobal('fetch', fetch);
    const queryClient = new QueryClient();

    await modifyVisitorCart(queryClient, body);

    expect(fetch.requests[0]!.body).toEqual(body);
    expect(getCartState()).toMatchObject({
      cartId: FIXTURE_CART_ID,
      localExpiresAt: NOW + 895_000,
    });
    expect(queryClient.getQueryData(cartQueryKey(FIXTURE_CART_ID))).toBeDefined();
  });

  it('modifies the live cart through POST my/cart/{id}/modify', async () => {
    setCartFromBundle(cartBundle());
    const fetch = createFetchStub({ 'POST /api/my/cart/:id/modify': cartBundle() });
    vi.stubGlobal('fetch', fetch);

    await modifyVisitorCart(new QueryClient(), body);

    expect(fetch.requests[0]!.url.pathname).toBe(`/api/my/cart/${FIXTURE_CART_ID}/modify`);
  });

  it('starts a new cart when the stored one has passed its local expiry', async () => {
    setCartFromBundle(cartBundle({ cart: { expires_in: 10 } }));
    vi.setSystemTime(NOW + 6_000);
    const fetch = createFetchStub({ 'POST /api/my/cart/modify': cartBundle() });
    vi.stubGlobal('fetch', fetch);

    await modifyVisitorCart(new QueryClient(), body);

    expect(fetch.requests[0]!.url.pathname).toBe('/api/my/cart/modify');
  });

  it('retries once as a new cart after 410 cart_expired', async () => {
    setCartFromBundle(cartBundle());
    const fetch = createFetchStub({
      'POST /api/my/cart/modify': cartBundle({ cart: { id: NEW_CART_ID } }),
      'POST /api/my/cart/:id/modify': errorResponse(410, 'cart_expired'),
    });
    vi.stubGlobal('fetch', fetch);

    await modifyVisitorCart(new QueryClient(), body);

    expect(fetch.requests.map((r) => r.url.pathname)).toEqual([
      `/api/my/cart/${FIXTURE_CART_ID}/modify`,
      '/api/my/cart/modify',
    ]);
    expect(getCartState().cartId).toBe(NEW_CART_ID);
  });

  it('passes reserve errors to the caller untouched', async () => {
    vi.stubGlobal(
      'fetch',
      createFetchStub({ 'POST /api/my/cart/modify': errorResponse(409, 'event_session_sold_out') }),
    );
    await expect(modifyVisitorCart(new QueryClient(), body)).rejects.toMatchObject({
      status: 409,
      code: 'event_session_sold_out',
    });
    expect(getCartState().cartId).toBeNull();
  });
});

describe('deleteCart', () => {
  it('ignores not_found on deletion (shopping §7)', async () => {
    vi.stubGlobal('fetch', createFetchStub());
    await expect(deleteCart(FIXTURE_CART_ID)).resolves.toBeUndefined();
  });
});

describe('modifyVisitorCart keeps the cart on a reserve error', () => {
  it('does not start a new cart when a ticket type is not found', async () => {
    setCartFromBundle(cartBundle());
    const notFound = new Response(
      JSON.stringify({
        _data: [
          { _code: 'not_found', _context: 'reserve', _description: 'Ticket type', _extra: null },
        ],
      }),
      { status: 404, headers: { 'Content-Type': 'application/json' } },
    );
    const fetch = createFetchStub({ 'POST /api/my/cart/:id/modify': notFound });
    vi.stubGlobal('fetch', fetch);

    await expect(modifyVisitorCart(new QueryClient(), body)).rejects.toMatchObject({
      code: 'not_found',
    });
    expect(fetch.requests).toHaveLength(1);
    expect(getCartState().cartId).toBe(FIXTURE_CART_ID);
  });
});
