import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { toCollection } from '@admit/contracts/envelope';
import { createFetchStub, errorResponse } from '@/testing/fetch-stub';
import type { StubRequest } from '@/testing/fetch-stub';
import { orderBundle } from '@/testing/order-fixtures';
import { renderRoute } from '@/testing/render-route';
import { FIXTURE_CART_ID } from '@/testing/cart-fixtures';
import { gifteeMeta, ORDER_ID, payableCart, seedCart } from '@/testing/checkout-fixtures';

beforeEach(() => localStorage.clear());

describe('checkout page shell (identity §2 "Checkout", §8 "Checkout entry")', () => {
  it('loads the stored cart with the labelled sections and the cart summary', async () => {
    const bundle = payableCart();
    seedCart(bundle);
    renderRoute('/checkout', { fetch: createFetchStub({ 'GET /api/my/cart/:id': bundle }) });

    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Payment information' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your information' })).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'Order summary' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay $50.00' })).toBeInTheDocument();
  });

  it("titles a gift 'Pay for your Gift to {name}'", async () => {
    const bundle = payableCart('50.00', {}, [gifteeMeta('Grace Hopper')]);
    seedCart(bundle);
    renderRoute('/checkout', { fetch: createFetchStub({ 'GET /api/my/cart/:id': bundle }) });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pay for your Gift to Grace Hopper' }),
    ).toBeInTheDocument();
  });

  it('loads the cart named by the route and makes it the visitor cart', async () => {
    const bundle = payableCart();
    const fetch = createFetchStub({ 'GET /api/my/cart/:id': bundle });
    renderRoute(`/checkout/${FIXTURE_CART_ID}`, { fetch });
    expect(await screen.findByRole('heading', { name: 'Payment information' })).toBeInTheDocument();
    expect(fetch.requests[0]?.url.pathname).toBe(`/api/my/cart/${FIXTURE_CART_ID}`);
    await waitFor(() =>
      expect(localStorage.getItem('admit:demo-museum:cart')).toContain(FIXTURE_CART_ID),
    );
  });

  it('sends a visitor without a cart to the events page', async () => {
    const { router } = renderRoute('/checkout', { fetch: createFetchStub() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/demo-museum/events'));
  });

  it('sends an empty cart to the events page', async () => {
    const bundle = { ...payableCart(), ticket: toCollection([]) };
    seedCart(bundle);
    const { router } = renderRoute('/checkout', {
      fetch: createFetchStub({ 'GET /api/my/cart/:id': bundle }),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/demo-museum/events'));
  });

  it('sends an unknown cart of the route to the not-found route', async () => {
    const { router } = renderRoute(`/checkout/${FIXTURE_CART_ID}`, {
      fetch: createFetchStub({ 'GET /api/my/cart/:id': errorResponse(404, 'not_found') }),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/demo-museum/error/404'));
  });

  it('sends a completed cart to checkout complete with its orders', async () => {
    const completed = payableCart('0.00', {
      cart: { state: 'completed' },
      ticket_order: toCollection([{ id: ORDER_ID, cart_id: FIXTURE_CART_ID, order_number: 'A-1' }]),
    });
    const { router } = renderRoute(`/checkout/${FIXTURE_CART_ID}`, {
      fetch: createFetchStub({ 'GET /api/my/cart/:id': completed }),
    });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/demo-museum/checkout/complete'),
    );
    expect(router.state.location.search).toBe(`?orderIds=${ORDER_ID}`);
  });

  it('pays an order named by the route through its cart (identity §2 "orderId")', async () => {
    const orderId = '0d9c8b7a-6f5e-4d3c-8b2a-1f0e9d8c7b6b';
    const completed = payableCart('0.00', {
      cart: { state: 'completed' },
      ticket_order: toCollection([{ id: orderId, cart_id: FIXTURE_CART_ID, order_number: 'A-1' }]),
    });
    const fetch = createFetchStub({
      'GET /api/my/cart/:id': (request: StubRequest) =>
        request.url.pathname.endsWith(FIXTURE_CART_ID)
          ? completed
          : errorResponse(404, 'not_found'),
      'GET /api/ticket_order/:id': orderBundle(orderId),
    });
    const { router } = renderRoute(`/checkout/${orderId}?secret=s3cret`, { fetch });
    // the order's cart is paid up: its checkout sends the visitor on to the completed page
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/demo-museum/checkout/complete'),
    );
    expect(router.state.location.search).toBe(`?orderIds=${orderId}`);
    const orderRead = fetch.requests.find((r) => r.url.pathname === `/api/ticket_order/${orderId}`);
    expect(orderRead?.url.searchParams.get('secret')).toBe('s3cret');
  });

  it('an id that is neither a cart nor an order goes to the not-found route', async () => {
    const fetch = createFetchStub({
      'GET /api/my/cart/:id': errorResponse(404, 'not_found'),
      'GET /api/ticket_order/:id': errorResponse(404, 'not_found'),
    });
    const { router } = renderRoute(`/checkout/${FIXTURE_CART_ID}`, { fetch });
    await waitFor(() => expect(router.state.location.pathname).toBe('/demo-museum/error/404'));
    expect(fetch.requests.some((r) => r.url.pathname.startsWith('/api/ticket_order/'))).toBe(true);
  });

  it('reads the cart from the query `cartId` (identity §2, a redirect payment’s return)', async () => {
    const fetch = createFetchStub({ 'GET /api/my/cart/:id': payableCart() });
    renderRoute(`/checkout?cartId=${FIXTURE_CART_ID}`, { fetch });
    expect(await screen.findByRole('heading', { name: 'Payment information' })).toBeInTheDocument();
    expect(fetch.requests[0]?.url.pathname).toBe(`/api/my/cart/${FIXTURE_CART_ID}`);
  });
});
