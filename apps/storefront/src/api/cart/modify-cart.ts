import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { CartBundle, CartModifyBody } from '@admit/contracts/cart';
import { ApiError, call } from '@/api/client';
import { clearCart, getCartState, liveCartId, setCartFromBundle } from '@/stores/cart-store';
import { cartQueryKey } from '@/api/cart/cart-query-key';
import { withLandingAttribution } from '@/stores/landing-attribution';
import { CODE_REFUSALS } from '@/api/cart/code-refusals';

/**
 * POST my/cart/modify without a live cart (the server creates one for the visitor's identity,
 * channel web), else POST my/cart/{id}/modify (shopping §7 "The calls it makes").
 */
export async function modifyCart(cartId: string | null, body: CartModifyBody): Promise<CartBundle> {
  // loaded on the first reserve, not with the listing (decision 0050)
  const routes = await import('@admit/contracts/routes/cart');
  if (cartId) return call(routes.cartModifyRoute, { params: { cartId }, body });
  // a new cart carries the visit's campaign and landing codes (shopping §7, decision 0062)
  const attributed = withLandingAttribution(body);
  try {
    return await call(routes.newCartModifyRoute, { body: attributed });
  } catch (error) {
    // a landing code that does not apply (unknown, used up, no benefit for these tickets) is
    // the link's problem, not the visitor's: reserve without it rather than refuse
    const preloaded = attributed.preloadedPromoCodes !== body.preloadedPromoCodes;
    if (!preloaded || !(error instanceof ApiError) || !CODE_REFUSALS.has(error.code)) throw error;
    const { preloadedPromoCodes: _landingCodes, ...withoutCodes } = attributed;
    return call(routes.newCartModifyRoute, { body: withoutCodes });
  }
}

/** Stores what a cart call answered with: the id, the local expiry and the query cache. */
export function acceptCartBundle(queryClient: QueryClient, bundle: CartBundle): void {
  const cart = bundle.cart._data[0];
  if (!cart) return;
  setCartFromBundle(bundle);
  queryClient.setQueryData(cartQueryKey(cart.id), bundle);
}

function isCartGone(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    // a reserve's own not_found (an unknown ticket type) must not cost the visitor the cart
    (error.code === 'cart_expired' || (error.code === 'not_found' && error.context === 'cart'))
  );
}

/**
 * Reserve into the visitor's cart. A cart that expired meanwhile (410 cart_expired) is
 * forgotten and the same body is sent once more as a new cart; other errors reach the caller,
 * whose form maps them to the §8 messages.
 */
export async function modifyVisitorCart(
  queryClient: QueryClient,
  body: CartModifyBody,
): Promise<CartBundle> {
  const cartId = liveCartId(getCartState());
  let bundle: CartBundle;
  try {
    bundle = await modifyCart(cartId, body);
  } catch (error) {
    // a removal only makes sense in the old cart; never resend it into a new one
    if (!cartId || !isCartGone(error) || body.remove) throw error;
    queryClient.removeQueries({ queryKey: cartQueryKey(cartId) });
    clearCart();
    bundle = await modifyCart(null, body);
  }
  acceptCartBundle(queryClient, bundle);
  return bundle;
}

export function useModifyCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CartModifyBody) => modifyVisitorCart(queryClient, body),
  });
}
