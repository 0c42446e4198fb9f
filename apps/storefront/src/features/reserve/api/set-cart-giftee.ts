import type { CartBundle, CartPatchBody } from '@admit/contracts/cart';
import type { GifteeBody } from '@admit/contracts/gift';
import { cartPatchRoute } from '@admit/contracts/routes/cart';
import { call } from '@/api/client';

/**
 * PATCH my/cart/{id} `giftee_identity_id` (decision 0023): the cart becomes a gift, so its
 * checkout reads "Pay for your Gift to {name}" and pays through gift_checkout; `gift_message`
 * is the giver's message, mailed to the recipient with a membership's gift code (decision 0038).
 */
export function setCartGiftee(
  cartId: string,
  gifteeIdentityId: string,
  giftMessage: string | null = null,
): Promise<CartBundle> {
  const body: CartPatchBody = {
    giftee_identity_id: gifteeIdentityId,
    ...(giftMessage ? { gift_message: giftMessage } : {}),
  };
  return call(cartPatchRoute, { params: { cartId }, body });
}

/** The giver's message a giftee body carries (`additional_info.message`), if any. */
export function giftMessageOf(giftee: GifteeBody | undefined): string | null {
  const message = (giftee?.additional_info as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message.trim() ? message.trim() : null;
}
