import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cartRead, readAddress, ticketOrderRead } from '@admit/contracts/initial-reads';
import { ORDER_PROOFS_COOKIE, encodeOrderProofs } from '@admit/contracts/visitor-cookies';
import type { ServerVisitor } from '@admit/contracts/server-render';
import { cartStorageKey } from '@/stores/cart-store';
import { FIXTURE_CART_ID } from '@/testing/cart-fixtures';
import { payableCart } from '@/testing/checkout-fixtures';
import { ORDER_ID, orderBundle } from '@/testing/order-fixtures';
import { createFetchStub } from '@/testing/fetch-stub';
import { cleanUpHydration, config, renderThenHydrate, waitFor } from '@/testing/hydration';

const SLUG = config.seller.slug;
const OTHER_CART_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

beforeAll(async () => {
  await Promise.all([
    import('@/app/routes/checkout-route'),
    import('@/features/orders/checkout-complete-route'),
  ]);
});

afterEach(cleanUpHydration);

describe('the checkout drawn by the server for the visitor with a held cart (decision 0045)', () => {
  const url = `/${SLUG}/checkout`;
  const cart = cartRead(FIXTURE_CART_ID);
  const cartAddress = readAddress(cart.path, cart.query, false, SLUG);
  // the server read the cart 2 s before the browser hydrates: its timer and the browser's differ
  const visitorAt = (now: number): ServerVisitor => ({
    now: now - 2_000,
    cart: { id: FIXTURE_CART_ID, expiresIn: 600 },
    orderProofs: {},
  });
  const stored = (cartId: string, now: number) => ({
    [cartStorageKey(SLUG)]: { cartId, localExpiresAt: now + 590_000 },
  });

  it('draws the form and the cart from the reads, and hydrates it without a mismatch', async () => {
    const fetch = createFetchStub({});
    vi.stubGlobal('fetch', fetch);
    const now = Date.now();
    const run = await renderThenHydrate(
      url,
      { [cartAddress]: payableCart() },
      stored(FIXTURE_CART_ID, now),
      visitorAt(now),
    );
    expect(run.html).toContain('Payment information');
    expect(run.html).toContain('$50.00');
    // the hold timer as the server's clock put it: 10:00 less the 5 s margin
    expect(run.html).toContain('9:55');
    expect(run.html).not.toContain('<script');
    // the drawn form cannot be submitted before it has hydrated (it would post itself bare)
    expect(run.html).toMatch(/<form id="checkout-form"[^>]* method="post"/);
    expect(run.html).toMatch(/<button type="submit"[^>]* disabled=""[^>]*>Pay \$50\.00<\/button>/);
    expect(run.hydrated).toBe(true);
    await waitFor(() => expect(document.title).toContain('Checkout'));
    const pay = [...run.container.querySelectorAll('button[type="submit"]')].find(
      (button) => button.textContent === 'Pay $50.00',
    );
    await waitFor(() => expect(pay).not.toBeDisabled());
    expect(run.recoverable).toEqual([]);
    expect(run.consoleErrors).toEqual([]);
    // the cart came from the page: the hydrated checkout did not ask for it again
    expect(fetch.requests.map((r) => r.url.pathname)).not.toContain(
      `/api/my/cart/${FIXTURE_CART_ID}`,
    );
  });

  it('renders anew when the browser holds another cart than the one the server drew', async () => {
    vi.stubGlobal('fetch', createFetchStub({}));
    const now = Date.now();
    const run = await renderThenHydrate(
      url,
      { [cartAddress]: payableCart() },
      stored(OTHER_CART_ID, now),
      visitorAt(now),
    );
    expect(run.html).toContain('Payment information');
    expect(run.hydrated).toBe(false);
  });

  it('is not drawn without the visitor, or for another routed cart', async () => {
    const { renderPage } = await import('@/entry-server');
    const reads = { [cartAddress]: JSON.stringify(payableCart()) };
    await expect(renderPage({ url, config, reads, mobile: false })).rejects.toThrow(
      'not a server-rendered page',
    );
    await expect(
      renderPage({
        url: `${url}/${OTHER_CART_ID}`,
        config,
        reads,
        mobile: false,
        visitor: visitorAt(Date.now()),
      }),
    ).rejects.toThrow('not a server-rendered page');
  });
});

describe('the completed page drawn by the server from the orders the browser may read (decision 0045)', () => {
  const url = `/${SLUG}/checkout/complete?orderIds=${ORDER_ID}`;
  const proof = { secret: 'the-order-secret' };
  const read = ticketOrderRead(ORDER_ID, proof);
  const orderAddress = readAddress(read.path, read.query, false, SLUG);
  const visitor: ServerVisitor = {
    now: Date.now(),
    cart: null,
    orderProofs: { [ORDER_ID]: proof },
  };
  // what the checkout left in the browser (stores/order-secrets.ts), as the host received it
  const keep = (proofs: Parameters<typeof encodeOrderProofs>[0]) => {
    window.history.replaceState(null, '', `/${SLUG}/`);
    document.cookie = `${ORDER_PROOFS_COOKIE}=${encodeURIComponent(encodeOrderProofs(proofs))}; Path=/${SLUG}`;
  };

  it('draws the order with its QR code and hydrates it without a mismatch or a read', async () => {
    const fetch = createFetchStub({});
    vi.stubGlobal('fetch', fetch);
    keep({ [ORDER_ID]: proof });
    const run = await renderThenHydrate(url, { [orderAddress]: orderBundle() }, {}, visitor);
    expect(run.html).toContain('Thank you for your order');
    expect(run.html).toContain('A-1001');
    // the QR code's address carries the proof the page was read with, on both sides
    expect(run.html).toContain(
      `/cached_api/ticket_order/${ORDER_ID}/qrcode?margin=4&amp;_seller=${SLUG}&amp;secret=the-order-secret`,
    );
    expect(run.hydrated).toBe(true);
    await waitFor(() => expect(document.title).toContain('Thank you for your order'));
    expect(run.recoverable).toEqual([]);
    expect(run.consoleErrors).toEqual([]);
    expect(fetch.requests.map((r) => r.url.pathname)).not.toContain(
      `/api/ticket_order/${ORDER_ID}`,
    );
  });

  it('renders anew when the browser no longer keeps the proof the server read with', async () => {
    vi.stubGlobal('fetch', createFetchStub({}));
    keep({ [ORDER_ID]: { secret: 'another-secret' } });
    const run = await renderThenHydrate(url, { [orderAddress]: orderBundle() }, {}, visitor);
    expect(run.html).toContain('A-1001');
    expect(run.hydrated).toBe(false);
  });
});
