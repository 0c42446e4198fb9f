import type { CheckoutResponse, GuestCheckoutBody, PaymentEntry } from '@admit/contracts/checkout';
import type { GiftCheckoutBody } from '@admit/contracts/gift';
import { apiWrite } from '@/api/client';
import { IDEMPOTENCY_HEADER } from '@/api/checkout/idempotency';

/**
 * Completes the cart (identity §7): a guest's cart (owned by the public identity) with the
 * purchaser through POST cart/{id}/guest_checkout; a member's through POST my/cart/{id}/checkout,
 * or POST my/cart/{id}/gift_checkout when the cart is a gift (decision 0023).
 */
export type CheckoutCall =
  | { kind: 'guest'; body: GuestCheckoutBody }
  | { kind: 'member'; body: PaymentEntry }
  | { kind: 'gift'; body: GiftCheckoutBody };

const PATHS: Record<CheckoutCall['kind'], (id: string) => string> = {
  guest: (id) => `cart/${id}/guest_checkout`,
  member: (id) => `my/cart/${id}/checkout`,
  gift: (id) => `my/cart/${id}/gift_checkout`,
};

export function checkoutCart(
  cartId: string,
  call: CheckoutCall,
  idempotencyKey: string,
): Promise<CheckoutResponse> {
  const path = PATHS[call.kind](encodeURIComponent(cartId));
  return apiWrite<CheckoutResponse>('POST', path, {
    body: call.body,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
}
