import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Cart } from '@admit/contracts/cart';
import { toCollection } from '@admit/contracts/envelope';
import { setSellerSlug } from '@/config/seller-slug';
import { getCartState, setCartFromBundle } from '@/stores/cart-store';
import { orderProof, rememberCheckoutSecrets } from '@/stores/order-secrets';
import { FIXTURE_SELLER_ID, makeMeta } from '@/testing/api-fixtures';
import { cartBundle, FIXTURE_CART_ID, makeTicket } from '@/testing/cart-fixtures';
import { createFetchStub, errorResponse } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import { ORDER_ID, orderBundle } from '@/testing/order-fixtures';
import { walletPrecheckBody } from '@/testing/account-fixtures';

const OTHER_ORDER_ID = '1e0d9c8b-7a6f-4e5d-8c3b-2a1f0e9d8c7b';

beforeEach(() => localStorage.clear());

describe('checkout complete (identity §2 "Checkout complete")', () => {
  it('shows the default message, a QR code and a view-tickets link per order, and forgets the cart', async () => {
    setSellerSlug('demo-museum');
    setCartFromBundle(cartBundle({ ticket: [makeTicket()] }));
    const fetch = createFetchStub({
      [`GET /api/ticket_order/${ORDER_ID}`]: orderBundle(),
      [`GET /api/ticket_order/${OTHER_ORDER_ID}`]: orderBundle(OTHER_ORDER_ID, 'A-1002'),
    });
    renderRoute(`/checkout/complete?orderIds=${ORDER_ID},${OTHER_ORDER_ID}`, { fetch });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you for your order' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Your order confirmation has been e-mailed to you. Thank you!'),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'QR code of order A-1001' })).toHaveAttribute(
      'src',
      `/cached_api/ticket_order/${ORDER_ID}/qrcode?margin=4&_seller=demo-museum`,
    );
    // its box is kept before the PNG arrives: nothing below it moves
    const qr = screen.getByRole('img', { name: 'QR code of order A-1002' });
    expect([qr.getAttribute('width'), qr.getAttribute('height')]).toEqual(['192', '192']);
    const links = screen.getAllByRole('link', { name: 'View tickets' });
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      `/demo-museum/ticket_order/${ORDER_ID}`,
      `/demo-museum/ticket_order/${OTHER_ORDER_ID}`,
    ]);
    await waitFor(() =>
      expect(localStorage.getItem('admit:demo-museum:cart')).toContain('"cartId":null'),
    );
  });

  it("reads a guest's order and its QR code through the secret remembered at checkout", async () => {
    setSellerSlug('demo-museum');
    rememberCheckoutSecrets({
      ticket_order: toCollection([{ id: ORDER_ID }]),
      access_secret: 's3cret',
    });
    const fetch = createFetchStub({ [`GET /api/ticket_order/${ORDER_ID}`]: orderBundle() });
    renderRoute(`/checkout/complete?orderIds=${ORDER_ID}`, { fetch });

    expect(await screen.findByRole('img', { name: 'QR code of order A-1001' })).toHaveAttribute(
      'src',
      `/cached_api/ticket_order/${ORDER_ID}/qrcode?margin=4&_seller=demo-museum&secret=s3cret`,
    );
    const orderCall = fetch.mock.calls
      .map(([url]) => String(url))
      .find((url) => url.includes(`/api/ticket_order/${ORDER_ID}`));
    expect(new URL(orderCall!, 'http://x').searchParams.get('secret')).toBe('s3cret');
  });

  it("uses the seller's message, images and custom links", async () => {
    const seller = (key: string, value: unknown) =>
      makeMeta(FIXTURE_SELLER_ID, key, value, 'seller');
    const fetch = createFetchStub({
      'GET /api/ticket_order/:id': orderBundle(ORDER_ID, 'A-1001', [
        seller('completed_order_message', 'See you at the museum!'),
        seller('completed_image', '/img/thanks.jpg'),
        seller('completed_image_alternate_text', 'Museum hall'),
        seller('completed_order_links', [{ label: 'Plan your visit', url: '/visit' }]),
      ]),
    });
    renderRoute(`/checkout/complete?orderIds=${ORDER_ID}`, { fetch });
    expect(await screen.findByText('See you at the museum!')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Museum hall' })).toHaveAttribute(
      'src',
      '/img/thanks.jpg',
    );
    expect(screen.getByRole('link', { name: 'Plan your visit' })).toHaveAttribute('href', '/visit');
  });
});

describe('checkout pending (identity §2 "Checkout pending")', () => {
  it('shows the cart number as the reference', async () => {
    const fetch = createFetchStub({
      'GET /api/my/cart/:id': cartBundle({ ticket: [makeTicket()] }),
    });
    renderRoute(`/checkout/pending/${FIXTURE_CART_ID}`, { fetch });
    expect(await screen.findByText('C-100042')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Your order is being processed' }),
    ).toBeInTheDocument();
  });

  it('goes to checkout complete once the cart has orders', async () => {
    const withOrder = {
      ...cartBundle({ cart: { state: 'completed' } }),
      ticket_order: toCollection([
        { id: ORDER_ID, cart_id: FIXTURE_CART_ID, order_number: 'A-1001' },
      ]),
    };
    const fetch = createFetchStub({
      'GET /api/my/cart/:id': withOrder,
      'GET /api/ticket_order/:id': orderBundle(),
    });
    const { router } = renderRoute(`/checkout/pending/${FIXTURE_CART_ID}`, { fetch });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/demo-museum/checkout/complete'),
    );
    expect(router.state.location.search).toBe(`?orderIds=${ORDER_ID}`);
  });
});

describe('checkout pending while a payment settles (decision 0018)', () => {
  const payment = (state: string) => ({
    id: '2f1e0d9c-8b7a-4f6e-9d4c-3b2a1f0e9d8c',
    cart_id: FIXTURE_CART_ID,
    gateway_id: 'stripe',
    amount: '25.00',
    state,
    ledger_number: null,
    created_at: '2026-06-01T14:01:00.000Z',
  });
  const withPayment = (state: string, cart: Partial<Cart> = {}) => ({
    ...cartBundle({ ticket: [makeTicket()], cart }),
    payment: toCollection([payment(state)]),
  });

  it('asks again while processing, then shows the order it was made into, read with the cart', async () => {
    let settled = false;
    const fetch = createFetchStub({
      'GET /api/my/cart/:id': () =>
        settled
          ? {
              ...withPayment('succeeded', { state: 'completed' }),
              ticket_order: toCollection([
                { id: ORDER_ID, cart_id: FIXTURE_CART_ID, order_number: 'A-1001' },
              ]),
            }
          : withPayment('processing'),
      'GET /api/ticket_order/:id': orderBundle(),
    });
    setCartFromBundle(cartBundle({ ticket: [makeTicket()] }));
    const { router } = renderRoute(`/checkout/pending/${FIXTURE_CART_ID}`, { fetch });
    // no proof remembered from an earlier checkout (the secret of the test above is forgotten)
    expect(orderProof(ORDER_ID)).toEqual({});
    expect(
      await screen.findByText(/We are waiting for your payment to be confirmed./),
    ).toHaveAttribute('role', 'status');
    // the cart being paid for leaves the cart store: no timer or expiry dialog for it
    await waitFor(() => expect(getCartState().cartId).toBeNull());
    settled = true;
    await waitFor(
      () => expect(router.state.location.pathname).toBe('/demo-museum/checkout/complete'),
      { timeout: 6000 },
    );
    expect(await screen.findByRole('heading', { name: 'Order A-1001' })).toBeInTheDocument();
    // no secret reached this browser: the order and its QR code are read with the guest cart
    const orderRead = fetch.requests.find((r) =>
      r.url.pathname.endsWith(`/ticket_order/${ORDER_ID}`),
    );
    expect(orderRead?.url.searchParams.get('cart_id')).toBe(FIXTURE_CART_ID);
    expect(orderRead?.url.searchParams.get('secret')).toBeNull();
    expect(orderProof(ORDER_ID)).toEqual({ cart_id: FIXTURE_CART_ID });
    expect(screen.getByRole('img', { name: /QR code/ }).getAttribute('src')).toContain(
      `cart_id=${FIXTURE_CART_ID}`,
    );
  }, 10_000);

  it('says the card was not charged when the payment failed, and leads back while held', async () => {
    const fetch = createFetchStub({ 'GET /api/my/cart/:id': withPayment('failed') });
    renderRoute(`/checkout/pending/${FIXTURE_CART_ID}`, { fetch });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card has not been charged.');
    expect(screen.getByRole('link', { name: 'Return to checkout' })).toHaveAttribute(
      'href',
      `/demo-museum/checkout/${FIXTURE_CART_ID}`,
    );
    expect(screen.getByText('C-100042')).toBeInTheDocument();
  });

  it('offers the events instead once the failed cart is no longer held', async () => {
    const fetch = createFetchStub({
      'GET /api/my/cart/:id': withPayment('failed', { expires_in: 0 }),
    });
    renderRoute(`/checkout/pending/${FIXTURE_CART_ID}`, { fetch });
    expect(await screen.findByRole('link', { name: 'Browse experiences' })).toHaveAttribute(
      'href',
      '/demo-museum/events',
    );
  });
});

describe('ticket order page (/ticket_order/{id})', () => {
  it('lists the booked tickets with the QR code and prints', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const fetch = createFetchStub({ 'GET /api/ticket_order/:id': orderBundle() });
    const { user } = renderRoute(`/ticket_order/${ORDER_ID}?secret=s3cret`, { fetch });
    expect(await screen.findByRole('heading', { name: 'Order A-1001' })).toBeInTheDocument();
    expect(screen.getByText('SC-1')).toBeInTheDocument();
    // cancelled tickets are not tickets to show
    expect(screen.queryByText('SC-2')).toBeNull();
    expect(screen.getByText('Admit: Ada')).toBeInTheDocument();
    expect(fetch.requests[0]?.url.searchParams.get('secret')).toBe('s3cret');
    await user.click(screen.getByRole('button', { name: 'Print tickets' }));
    expect(print).toHaveBeenCalled();
  });

  it('offers Apple and Google Wallet per ticket when the precheck says so, with the secret', async () => {
    const bundle = orderBundle();
    const fetch = createFetchStub({
      'GET /api/ticket_order/:id': bundle,
      'GET /api/ticket/:id/walletprecheck': (r: { url: URL }) =>
        walletPrecheckBody(r.url.pathname.split('/')[3]!, true, true),
    });
    renderRoute(`/ticket_order/${ORDER_ID}?secret=s3cret`, { fetch });
    const apple = await screen.findByRole('link', { name: 'Add to Apple Wallet: Adult SC-1' });
    const google = screen.getByRole('link', { name: 'Add to Google Wallet: Adult SC-1' });
    const ticketId = bundle.ticket._data[0]!.id;
    for (const [link, kind] of [
      [apple, 'pkpass'],
      [google, 'gwpass'],
    ] as const) {
      const href = new URL(link.getAttribute('href')!, 'http://localhost');
      expect(href.pathname).toBe(`/api/ticket/${ticketId}/${kind}`);
      expect(href.searchParams.get('secret')).toBe('s3cret');
    }
    const precheck = fetch.requests.find((r) => r.url.pathname.endsWith('/walletprecheck'))!;
    expect(precheck.url.searchParams.get('secret')).toBe('s3cret');
    // the cancelled ticket is not listed, so it has no buttons either
    expect(screen.getAllByRole('link', { name: /Wallet/ })).toHaveLength(2);
  });

  it.each([
    ['says neither provider is configured', walletPrecheckBody(ORDER_ID, false, false)],
    ['refuses the ticket', errorResponse(404, 'not_found')],
  ])('shows no wallet buttons when the precheck %s', async (_, answer) => {
    const fetch = createFetchStub({
      'GET /api/ticket_order/:id': orderBundle(),
      'GET /api/ticket/:id/walletprecheck': answer,
    });
    renderRoute(`/ticket_order/${ORDER_ID}?secret=s3cret`, { fetch });
    expect(await screen.findByRole('heading', { name: 'Order A-1001' })).toBeInTheDocument();
    await waitFor(() =>
      expect(fetch.requests.some((r) => r.url.pathname.endsWith('/walletprecheck'))).toBe(true),
    );
    expect(screen.queryByRole('link', { name: /Wallet/ })).not.toBeInTheDocument();
  });

  it("says 'We could not find that order.' on 404, and the generic text otherwise", async () => {
    const view = renderRoute(`/ticket_order/${ORDER_ID}`, {
      fetch: createFetchStub({ 'GET /api/ticket_order/:id': errorResponse(404, 'not_found') }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(/^We could not find that order\.$/);
    view.unmount();
    renderRoute(`/ticket_order/${ORDER_ID}`, {
      fetch: createFetchStub({ 'GET /api/ticket_order/:id': errorResponse(500, 'internal_error') }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Oops! Sorry, something went wrong. Please try again.',
    );
  });
});
