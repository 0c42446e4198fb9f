import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/api/client';
import { clearCart, getCartState, setCartFromBundle } from '@/stores/cart-store';
import { cartQueryKey } from '@/api/cart/cart-query-key';
import { deleteCart } from '@/api/cart/delete-cart';
import { getCart } from '@/api/cart/get-cart';

function forget(cartId: string, queryClient: QueryClient): void {
  if (getCartState().cartId === cartId) clearCart();
  queryClient.removeQueries({ queryKey: cartQueryKey(cartId) });
}

/**
 * spec: identity §4 "Cart state in the store" — after a login the cart is fetched again through
 * `my/cart/{id}`: one that is not pending is cleared, a pending one with tickets is kept, and a
 * pending one without tickets is deleted.
 */
export async function reconcileCartAfterLogin(
  cartId: string,
  queryClient: QueryClient,
): Promise<void> {
  let bundle;
  try {
    bundle = await getCart(cartId);
  } catch (error) {
    // the cart did not move to the member (gone, or another identity's): it cannot be used
    if (error instanceof ApiError && [400, 403, 404, 410].includes(error.status)) {
      forget(cartId, queryClient);
      return;
    }
    // anything else (network) must not undo a login that succeeded; the widget retries later
    return;
  }
  const cart = bundle.cart._data[0];
  if (!cart || cart.state !== 'pending') {
    forget(cartId, queryClient);
    return;
  }
  if (bundle.ticket._data.length === 0) {
    await deleteCart(cartId).catch(() => undefined);
    forget(cartId, queryClient);
    return;
  }
  setCartFromBundle(bundle);
  queryClient.setQueryData(cartQueryKey(cartId), bundle);
}
