import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CartBundle } from '@admit/contracts/cart';
import { setSellerSlug } from '@/config/seller-slug';
import { getCartState, setCartFromBundle } from '@/stores/cart-store';
import { renderRoute } from '@/testing/render-route';
import { createFetchStub } from '@/testing/fetch-stub';
import { cartBundle, FIXTURE_CART_ID, makeTicket } from '@/testing/cart-fixtures';
import { clearAuthCookie, loggingIn, storedMember } from '@/features/login/login-test-kit';

beforeEach(() => {
  localStorage.clear();
  clearAuthCookie();
});
afterEach(() => clearAuthCookie());

const main = () => within(screen.getByRole('main'));

/** A guest holding a live cart logs in with the password form; the cart answers `afterLogin`. */
async function logInWithCart(afterLogin: CartBundle) {
  setSellerSlug('demo-museum');
  setCartFromBundle(cartBundle({ ticket: [makeTicket()] }));
  const fetch = createFetchStub({
    'POST /api/login': loggingIn(),
    'GET /api/my/cart/:id': afterLogin,
    'DELETE /api/my/cart/:id': {},
  });
  const { user, router } = renderRoute('/login', { fetch });
  await user.type(await main().findByLabelText('Email or username'), 'ada@example.com');
  await user.type(main().getByLabelText('Password'), 'Correct-horse-1');
  await user.click(main().getByRole('button', { name: 'Log in' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/demo-museum/events'));
  expect(storedMember()?.loggedIn).toBe(true);
  const login = fetch.requests.find((r) => r.url.pathname === '/api/login');
  expect(login?.body).toMatchObject({ cart_id: FIXTURE_CART_ID });
  return fetch;
}

const deletes = (fetch: Awaited<ReturnType<typeof logInWithCart>>) =>
  fetch.requests.filter((r) => r.method === 'DELETE');

describe('cart state in the store after login (identity §4)', () => {
  it('keeps a pending cart with tickets', async () => {
    const fetch = await logInWithCart(
      cartBundle({ ticket: [makeTicket()], cart: { ownedByPublicIdentity: false } }),
    );
    expect(getCartState().cartId).toBe(FIXTURE_CART_ID);
    expect(deletes(fetch)).toHaveLength(0);
    expect(
      fetch.requests.some(
        (r) => r.method === 'GET' && r.url.pathname === `/api/my/cart/${FIXTURE_CART_ID}`,
      ),
    ).toBe(true);
  });

  it('clears a cart that is no longer pending', async () => {
    const fetch = await logInWithCart(
      cartBundle({ ticket: [makeTicket()], cart: { state: 'completed' } }),
    );
    expect(getCartState().cartId).toBeNull();
    expect(deletes(fetch)).toHaveLength(0);
  });

  it('deletes and clears a pending cart without tickets', async () => {
    const fetch = await logInWithCart(cartBundle({ ticket: [] }));
    await waitFor(() => expect(getCartState().cartId).toBeNull());
    expect(deletes(fetch).map((r) => r.url.pathname)).toEqual([`/api/my/cart/${FIXTURE_CART_ID}`]);
  });
});
