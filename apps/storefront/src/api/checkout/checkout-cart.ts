import type { CheckoutResponse, GuestCheckoutBody, PaymentEntry } from '@admit/contracts/checkout';
import { apiWrite } from '@/api/client';
import { IDEMPOTENCY_HEADER } from '@/api/checkout/idempotency';

/**
 * Completes the cart (identity §7): a guest's cart (owned by the public identity) with the
 * purchaser through POST cart/{id}/guest_checkout; a member's through POST my/cart/{id}/checkout.
 */
export type CheckoutCall =
  { kind: 'guest'; body: GuestCheckoutBody } | { kind: 'member'; body: PaymentEntry };

export function checkoutCart(
  cartId: string,
  call: CheckoutCall,
  idempotencyKey: string,
): Promise<CheckoutResponse> {
  const id = encodeURIComponent(cartId);
  const path = call.kind === 'guest' ? `cart/${id}/guest_checkout` : `my/cart/${id}/checkout`;
  return apiWrite<CheckoutResponse>('POST', path, {
    body: call.body,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
}
