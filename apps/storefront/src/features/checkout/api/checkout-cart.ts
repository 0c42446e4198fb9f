import type { CheckoutResponse, GuestCheckoutBody, PaymentEntry } from '@admit/contracts/checkout';
import type { GiftCheckoutBody } from '@admit/contracts/gift';
import {
  giftCheckoutRoute,
  guestCheckoutRoute,
  memberCheckoutRoute,
} from '@admit/contracts/routes/checkout';
import { call } from '@/api/client';
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

export function checkoutCart(
  cartId: string,
  checkout: CheckoutCall,
  idempotencyKey: string,
): Promise<CheckoutResponse> {
  const params = { cartId };
  const headers = { [IDEMPOTENCY_HEADER]: idempotencyKey };
  switch (checkout.kind) {
    case 'guest':
      return call(guestCheckoutRoute, { params, body: checkout.body, headers });
    case 'member':
      return call(memberCheckoutRoute, { params, body: checkout.body, headers });
    case 'gift':
      return call(giftCheckoutRoute, { params, body: checkout.body, headers });
  }
}
