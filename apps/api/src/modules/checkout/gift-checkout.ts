import type { Db } from '@/db/connection';
import type { CartRow } from '@/db/schema/cart';
import { AppError } from '@/http/app-error';
import type { RequestIdentity, SellerRef } from '@/http/request-context';
import { updateCartGiftee, updateCartGiftMessage } from '@/modules/cart/repo';
import { assertGiverIsNotGiftee, requireGiftee } from '@/modules/giftee/service';
import { findIdentityById } from '@/modules/users/repo';

/**
 * POST my/cart/{id}/gift_checkout (identity §7): the giftee must be the cart's, if it has one;
 * a cart without one takes it now (as PATCH would), so the order transaction records it from
 * the locked cart row (orders/service.ts). A cart no longer pending is left to the checkout's
 * own refusals (expired, booked).
 */
export async function giftCartForCheckout(
  db: Db,
  seller: SellerRef,
  caller: RequestIdentity,
  cart: CartRow,
  gifteeId: string,
  at: Date,
  message?: string,
) {
  const giftee = await requireGiftee(db, seller, caller, gifteeId);
  if (cart.gifteeIdentityId && cart.gifteeIdentityId !== giftee.id) {
    throw new AppError(
      'validation_failed',
      'checkout',
      'giftee_identity_id: the cart is a gift for someone else',
      { field: 'giftee_identity_id' },
      422,
    );
  }
  if (!cart.gifteeIdentityId && cart.state === 'pending') {
    await updateCartGiftee(db, cart.id, at, giftee.id);
  }
  // the message mailed with a gift of membership's code (decision 0038)
  if (message !== undefined && cart.state === 'pending') {
    await updateCartGiftMessage(db, cart.id, at, message || null);
  }
}

/**
 * spec: identity §5 "Gifting to oneself" — a gift cart's buyer may not be its giftee. A member's
 * gift_checkout checked its caller already; a guest's purchaser is known only at checkout.
 */
export async function assertNotSelfGift(db: Db, cart: CartRow, buyerId: string | null) {
  if (!cart.gifteeIdentityId || !buyerId) return;
  const giftee = await findIdentityById(db, cart.gifteeIdentityId);
  if (giftee) await assertGiverIsNotGiftee(db, buyerId, { id: giftee.id, email: giftee.email });
}

/**
 * POST my/cart/{id}/guest_checkout with `giver_identity_id` (identity §7): the giver is the
 * logged-in member paying, the guest identity the giftee — the gift_checkout of decision 0023
 * by another name (decision 0038). Naming anyone else as the giver is refused.
 */
export function assertGiverIsCaller(caller: RequestIdentity, giverId: string) {
  if (caller.isPublic || giverId !== caller.id) {
    throw new AppError(
      'validation_failed',
      'checkout',
      'giver_identity_id: the giver is the logged-in member',
      { field: 'giver_identity_id' },
      422,
    );
  }
}
