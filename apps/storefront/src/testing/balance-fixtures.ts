import { screen } from '@testing-library/react';
import type { CartBundle } from '@admit/contracts/cart';
import type { OrderBundle } from '@admit/contracts/checkout';
import type { SellerConfig } from '@admit/contracts/seller-config';
import { toCollection } from '@admit/contracts/envelope';
import { createFetchStub, jsonResponse } from '@/testing/fetch-stub';
import type { Fixture, StubRequest } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import { FIXTURE_CART_ID } from '@/testing/cart-fixtures';
import { checkoutResponse, ORDER_ID, SANDBOX_METHOD } from '@/testing/checkout-fixtures';
import { makeScheduledPayment, scheduledCart } from '@/testing/schedule-fixtures';

const completed = { state: 'completed' as const, expires_in: null, expires_at: null };

/** An order's cart with $60 left: $20 overdue (due now), $20 in July, $20 in August. */
export function balanceCart(ownedByPublicIdentity = true): CartBundle {
  return scheduledCart({
    outstanding: '60.00',
    due: '20.00',
    paid: ['20.00'],
    cart: { ...completed, ownedByPublicIdentity },
    order: true,
    schedule: [
      makeScheduledPayment({ dueDate: '2026-05-01', amount: '20.00', status: 'Overdue' }),
      makeScheduledPayment({ dueDate: '2026-07-01', amount: '20.00', status: 'Upcoming' }),
      makeScheduledPayment({ dueDate: '2026-08-01', amount: '20.00', status: 'Upcoming' }),
    ],
  });
}

/** The cart after $30 more was paid: $10 of July's installment is now due, $20 in August. */
export function afterThirty(): CartBundle {
  return scheduledCart({
    outstanding: '30.00',
    due: '10.00',
    paid: ['20.00', '30.00'],
    cart: completed,
    order: true,
    schedule: [
      makeScheduledPayment({ dueDate: '2026-07-01', amount: '10.00', status: 'Overdue' }),
      makeScheduledPayment({ dueDate: '2026-08-01', amount: '20.00', status: 'Upcoming' }),
    ],
  });
}

/** The cart with nothing left to pay. */
export function paidUp(): CartBundle {
  return scheduledCart({
    outstanding: '0.00',
    due: '0.00',
    paid: ['20.00', '60.00'],
    cart: completed,
    order: true,
    schedule: [],
  });
}

/**
 * An order's cart owing what an office move settled `owe` left (decision 0101): $4.37 over the
 * $25.00 paid, no payment plan, so no schedule and all of it due (as the API's cart read answers
 * in office-move-balance.test.ts).
 */
export function owedMoveCart(): CartBundle {
  return scheduledCart({
    outstanding: '4.37',
    due: '4.37',
    paid: ['25.00'],
    cart: completed,
    order: true,
    schedule: [],
  });
}

function orderPage(): OrderBundle {
  return { ...checkoutResponse(), ticket_order_fees: toCollection([]) };
}

/** `/checkout/{cartId}` on an order's cart; `pay` answers both pay calls, `extra` adds fixtures. */
export function balanceCheckout(
  cart: CartBundle,
  pay: (request: StubRequest) => unknown,
  options: { config?: SellerConfig; extra?: Record<string, Fixture>; search?: string } = {},
) {
  const fetch = createFetchStub({
    'GET /api/my/cart/:id': cart,
    'POST /api/sandbox/payment_methods': jsonResponse(SANDBOX_METHOD, 201),
    'POST /api/cart/:id/pay': pay,
    'POST /api/my/cart/:id/pay': pay,
    [`GET /api/ticket_order/${ORDER_ID}`]: orderPage(),
    ...options.extra,
  });
  const path = `/checkout/${FIXTURE_CART_ID}${options.search ?? ''}`;
  const view = renderRoute(path, { fetch, config: options.config });
  return { ...view, fetch };
}

/** The POSTs to `cart/{id}/pay` or `my/cart/{id}/pay`. */
export const payCalls = (fetch: ReturnType<typeof createFetchStub>) =>
  fetch.requests.filter((r) => r.method === 'POST' && r.url.pathname.endsWith('/pay'));

/** The sandbox card fields, filled with a card that pays. */
export async function fillCard(user: ReturnType<typeof renderRoute>['user']) {
  await user.type(screen.getByLabelText(/^Card number/), '4242 4242 4242 4242');
  await user.type(screen.getByLabelText(/^Expiry \(MM\/YY\)/), '12/30');
  await user.type(screen.getByLabelText(/^CVC/), '123');
}
