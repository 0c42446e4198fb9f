import { cartBundleSchema, type CartBundle, type CartPatchBody } from '@admit/contracts/cart';
import { apiWrite } from '@/api/client';

/**
 * PATCH my/cart/{id} (a member's cart) or cart/{id} (a guest's) `{ giftee_identity_id }`: the
 * cart becomes a gift for that identity (from POST giftee); null makes it an ordinary cart
 * again. Every later bundle carries the giftee (decision 0023).
 */
export function setCartGiftee(
  cartId: string,
  gifteeIdentityId: string | null,
  options: { guest: boolean },
): Promise<CartBundle> {
  const id = encodeURIComponent(cartId);
  const body: CartPatchBody = { giftee_identity_id: gifteeIdentityId };
  return apiWrite('PATCH', options.guest ? `cart/${id}` : `my/cart/${id}`, {
    body,
    schema: cartBundleSchema,
  });
}
