import type { CartBundle } from '@admit/contracts/cart';
import type { PaymentEntry, Purchaser } from '@admit/contracts/checkout';
import type { CheckoutCall } from '@/features/checkout/api/checkout-cart';
import { gifteeIdentityId } from '@/features/checkout/model/checkout-view';

/**
 * Which checkout call pays the cart (identity §7): a guest's with the purchaser, a member's
 * gift cart through gift_checkout naming its giftee (decision 0023), else the member checkout.
 */
export function checkoutCallFor(
  bundle: CartBundle,
  entry: PaymentEntry,
  purchaser: Purchaser | null,
): CheckoutCall {
  if (purchaser) return { kind: 'guest', body: { ...entry, purchaser, send_email: true } };
  const giftee = gifteeIdentityId(bundle);
  return giftee
    ? { kind: 'gift', body: { ...entry, giftee_identity_id: giftee } }
    : { kind: 'member', body: entry };
}
