import { screen } from '@testing-library/react';
import type { Cart, CartBundle } from '@admit/contracts/cart';
import type { CheckoutResponse } from '@admit/contracts/checkout';
import { toCollection } from '@admit/contracts/envelope';
import type { SellerConfig } from '@admit/contracts/seller-config';
import { setSellerSlug } from '@/config/seller-slug';
import { setCartFromBundle } from '@/stores/cart-store';
import { setLoggedIn } from '@/stores/member-store';
import { FIXTURE_SELLER_ID, makeMeta } from '@/testing/api-fixtures';
import {
  cartBundle,
  FIXTURE_CART_ID,
  FIXTURE_IDENTITY_ID,
  makeTicket,
} from '@/testing/cart-fixtures';
import { createFetchStub, jsonResponse } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';

export const ORDER_ID = '0d9c8b7a-6f5e-4d3c-8b2a-1f0e9d8c7b6a';

/** Two $25 tickets, $50.00 to pay; `extra` adds the checkout collections. */
export function payableCart(
  outstanding = '50.00',
  extra: Omit<Partial<CartBundle>, 'cart'> & { cart?: Partial<Cart> } = {},
  meta: CartBundle['meta']['_data'] = [],
): CartBundle {
  const { cart, ...collections } = extra;
  const base = cartBundle({
    cart,
    ticket: [makeTicket(), makeTicket()],
    cart_fees: { total_before_cartmod_price: '50.00', total_outstanding: outstanding },
    meta,
  });
  return { ...base, ...collections };
}

export function seedCart(bundle: CartBundle): void {
  setSellerSlug('demo-museum');
  setCartFromBundle(bundle);
}

export const termsMeta = (text: string) =>
  makeMeta(FIXTURE_SELLER_ID, 'portal_terms', text, 'seller');
export const gifteeMeta = (name: string) =>
  makeMeta(FIXTURE_CART_ID, 'giftee', { id: 'g1', name, email: 'g@example.org' }, 'cart');

/** What checkout answers: the order bundle plus the access secret. */
export function checkoutResponse(orderId = ORDER_ID): CheckoutResponse {
  return {
    ticket_order: toCollection([
      {
        id: orderId,
        order_number: 'A-1001',
        cart_id: FIXTURE_CART_ID,
        identity_id: FIXTURE_IDENTITY_ID,
        seller_id: FIXTURE_SELLER_ID,
        email: 'ada@example.org',
        created_at: '2026-06-01T14:00:00.000Z',
      },
    ]),
    ticket_order_fees: toCollection([]),
    ticket: toCollection([]),
    ticket_group: toCollection([]),
    ticket_type: toCollection([]),
    event_template: toCollection([]),
    event_session: toCollection([]),
    access_secret: 'secret-1',
  };
}

export const SANDBOX_METHOD = {
  payment_method: toCollection([
    { id: 'pm_sandbox_1', brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 },
  ]),
};

/** Opens a guest's optional phone and address fields (decision 0031), when they wait behind it. */
export async function showContactFields(user: { click: (element: Element) => Promise<void> }) {
  const button = screen.queryByRole('button', { name: 'Add a phone number and address' });
  if (button) await user.click(button);
}

/** A guest's checkout of a free cart (both checkout calls answered), to test what it sends. */
export function renderFreeCheckout(config: SellerConfig) {
  const bundle = payableCart('0.00');
  seedCart(bundle);
  const fetch = createFetchStub({
    'GET /api/my/cart/:id': bundle,
    'POST /api/cart/:id/guest_checkout': jsonResponse(checkoutResponse(), 201),
    'POST /api/my/cart/:id/checkout': jsonResponse(checkoutResponse(), 201),
    'GET /api/my/user': { user: toCollection([]) },
  });
  return { ...renderRoute('/checkout', { fetch, config }), fetch };
}

/** A logged-in member's checkout of a free cart of their own (identity §6). */
export function renderMemberFreeCheckout(config: SellerConfig) {
  setLoggedIn({
    first_name: 'Mia',
    last_name: 'Member',
    email: 'mia@example.org',
    is_member: true,
  });
  const bundle = payableCart('0.00', { cart: { ownedByPublicIdentity: false } });
  seedCart(bundle);
  const fetch = createFetchStub({
    'GET /api/my/cart/:id': bundle,
    'POST /api/my/cart/:id/checkout': jsonResponse(checkoutResponse(), 201),
    'GET /api/my/user': { user: toCollection([]) },
  });
  return { ...renderRoute('/checkout', { fetch, config }), fetch };
}

/** Types a guest purchaser's required fields. */
export async function fillGuestPurchaser(user: ReturnType<typeof renderRoute>['user']) {
  const values: [RegExp, string][] = [
    [/^First name/, 'Ada'],
    [/^Last name/, 'Lovelace'],
    [/^Email address/, 'ada@example.org'],
    [/^Confirm email address/, 'ada@example.org'],
  ];
  for (const [label, value] of values) await user.type(screen.getByLabelText(label), value);
}
