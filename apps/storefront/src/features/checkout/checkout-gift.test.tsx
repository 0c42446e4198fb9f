import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CartBundle } from '@admit/contracts/cart';
import { toCollection } from '@admit/contracts/envelope';
import { createFetchStub, jsonResponse } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import { FIXTURE_CART_ID } from '@/testing/cart-fixtures';
import { makeMeta } from '@/testing/api-fixtures';
import { checkoutResponse, payableCart, seedCart } from '@/testing/checkout-fixtures';

beforeEach(() => localStorage.clear());

const GIFTEE = {
  id: '5b7d9f1a-3c5e-4a7b-9d1f-2a4c6e8a0b2d',
  name: 'Grace Hopper',
  email: 'grace@example.org',
};

/** A free cart that is a gift for Grace, as the server sends it (decision 0023). */
function giftCart(owner: 'member' | 'guest'): CartBundle {
  return payableCart(
    '0.00',
    { cart: { ownedByPublicIdentity: owner === 'guest' }, giftee: toCollection([GIFTEE]) },
    [makeMeta(FIXTURE_CART_ID, 'giftee', GIFTEE, 'cart')],
  );
}

function renderCheckout(bundle: CartBundle) {
  seedCart(bundle);
  const fetch = createFetchStub({
    'GET /api/my/cart/:id': bundle,
    'POST /api/cart/:id/guest_checkout': jsonResponse(checkoutResponse(), 201),
    'POST /api/my/cart/:id/checkout': jsonResponse(checkoutResponse(), 201),
    'POST /api/my/cart/:id/gift_checkout': jsonResponse(checkoutResponse(), 201),
    'GET /api/my/user': {
      user: toCollection([
        {
          id: 'a1b2c3d4-0000-4000-8000-0000000000e1',
          identity_id: 'a1b2c3d4-0000-4000-8000-0000000000e2',
          email: 'giver@example.org',
          first_name: 'Ada',
          last_name: 'Lovelace',
          has_password: true,
          needs_email: false,
        },
      ]),
    },
  });
  return { ...renderRoute('/checkout', { fetch }), fetch };
}

const posts = (fetch: ReturnType<typeof createFetchStub>) =>
  fetch.requests.filter((r) => r.method === 'POST');

describe('gift checkout (identity §2 gift heading, §7 gift_checkout)', () => {
  it("titles the member's gift cart and pays through gift_checkout with the giftee", async () => {
    const { user, fetch, router } = renderCheckout(giftCart('member'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pay for your Gift to Grace Hopper' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Complete order' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/demo-museum/checkout/complete'),
    );
    const sent = posts(fetch);
    expect(sent.map((r) => r.url.pathname)).toEqual([
      `/api/my/cart/${FIXTURE_CART_ID}/gift_checkout`,
    ]);
    expect(sent[0]!.body).toEqual({
      amount: '0.00',
      gateway_id: 'free',
      gateway_data: {},
      giftee_identity_id: GIFTEE.id,
    });
    expect(sent[0]!.headers.get('idempotency-key')).toBeTruthy();
  });

  it("a member's cart without a giftee still checks out through my/cart/{id}/checkout", async () => {
    const { user, fetch, router } = renderCheckout(
      payableCart('0.00', { cart: { ownedByPublicIdentity: false } }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Complete order' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/demo-museum/checkout/complete'),
    );
    expect(posts(fetch).map((r) => r.url.pathname)).toEqual([
      `/api/my/cart/${FIXTURE_CART_ID}/checkout`,
    ]);
  });
});
