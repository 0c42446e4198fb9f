import type { PaymentEntry } from '@admit/contracts/checkout';
import type { Db } from '@/db/connection';
import type { SellerRef } from '@/http/request-context';
import { selectCart, updateCartAutoRenew } from '@/modules/cart/repo';
import { assertRenewalsOpen, membershipTypesInCart } from '@/modules/memberships/renewal';

/**
 * What a payment entry means for a cart's memberships, before any charge (decision 0032):
 * - a level whose program the buyer may not renew yet is refused (identity §2 renewal period) —
 *   the reserve checked the caller, this checks the holder the order will really have (a
 *   guest's purchaser is known only now); a gift makes no membership but a gift code, redeemed
 *   later by the giftee, who is checked then (decision 0038);
 * - `auto_renew` (identity §3 Payment entry) is kept on the cart, so whichever call makes the
 *   order (this one, or the settlement of a processing payment) records it on the membership.
 */
export async function prepareMembershipCheckout(
  db: Db,
  seller: SellerRef,
  cartId: string,
  buyerId: string | null,
  entry: PaymentEntry,
  now: Date,
) {
  const levelTypes = await membershipTypesInCart(db, cartId);
  if (levelTypes.length === 0) return;
  // read again: gift_checkout names the cart's giftee just before the payment
  const cart = await selectCart(db, cartId);
  const holderId = cart?.gifteeIdentityId ? null : buyerId;
  if (holderId) await assertRenewalsOpen(db, seller, holderId, levelTypes, now);
  if (entry.auto_renew !== undefined) await updateCartAutoRenew(db, cartId, entry.auto_renew);
}
