import type { Db } from '@/db/connection';
import type { CartRow } from '@/db/schema/cart';
import { AppError } from '@/http/app-error';
import type { RequestIdentity, SellerRef } from '@/http/request-context';
import { updateCartGiftee } from '@/modules/cart/repo';
import { requireGiftee } from '@/modules/giftee/service';

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
}
