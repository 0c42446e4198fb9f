import type { CheckoutCall } from '@/features/checkout/api/checkout-cart';

/**
 * The checkout call waiting for the card authentication step (identity §4 "Payment intent"):
 * kept in session storage across the redirect to the authentication page, per cart.
 */
const key = (cartId: string) => `admit:checkout:pending:${cartId}`;

export function savePendingAuthentication(cartId: string, call: CheckoutCall): void {
  try {
    sessionStorage.setItem(key(cartId), JSON.stringify(call));
  } catch {
    // spec: identity §8 — storage access errors are tolerated silently
  }
}

export function takePendingAuthentication(cartId: string): CheckoutCall | null {
  try {
    const raw = sessionStorage.getItem(key(cartId));
    sessionStorage.removeItem(key(cartId));
    return raw ? (JSON.parse(raw) as CheckoutCall) : null;
  } catch {
    return null;
  }
}
