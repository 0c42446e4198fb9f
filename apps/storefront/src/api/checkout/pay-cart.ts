import type { CartBundle } from '@admit/contracts/cart';
import type { CheckoutResponse, PaymentEntry } from '@admit/contracts/checkout';
import { guestPayRoute, memberPayRoute } from '@admit/contracts/routes/checkout';
import { call } from '@/api/client';
import { IDEMPOTENCY_HEADER } from '@/api/checkout/idempotency';

/** How a payment entry is sent (the gift card modal's call; an order edit has its own). */
export type PayEntry = (entry: PaymentEntry, idempotencyKey: string) => Promise<PayResult>;

export type PayResult =
  { kind: 'partial'; bundle: CartBundle } | { kind: 'completed'; order: CheckoutResponse };

/**
 * POST cart/{id}/pay for a guest's cart, my/cart/{id}/pay for a member's (identity §7): a
 * payment entry (gift card, or a card part-payment). The answer is the cart (partial payment)
 * or the order when it completes a member's cart.
 */
export async function payCart(
  cartId: string,
  entry: PaymentEntry,
  idempotencyKey: string,
  ownedByPublicIdentity: boolean,
): Promise<PayResult> {
  const body = await call(ownedByPublicIdentity ? guestPayRoute : memberPayRoute, {
    params: { cartId },
    body: entry,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
  return toPayResult(body);
}

/** A pay call's answer: the order once nothing is left to pay (it carries the secret), else the cart. */
export function toPayResult(body: CartBundle | CheckoutResponse): PayResult {
  return 'ticket_order' in body && 'access_secret' in body
    ? { kind: 'completed', order: body }
    : { kind: 'partial', bundle: body as CartBundle };
}
