import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cartRead, readAddress } from '@admit/contracts/initial-reads';
import type { ServerVisitor } from '@admit/contracts/server-render';
import { cartStorageKey } from '@/stores/cart-store';
import { FIXTURE_CART_ID } from '@/testing/cart-fixtures';
import { payableCart } from '@/testing/checkout-fixtures';
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
    expect(run.hydrated).toBe(true);
    await waitFor(() => expect(document.title).toContain('Checkout'));
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
