import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, call } from '@/api/client';
import { clearCart, getCartState } from '@/stores/cart-store';
import { CART_QUERY_ROOT } from '@/api/cart/cart-query-key';

/**
 * DELETE my/cart/{id} (shopping §7). A `not_found` is ignored: the cart is gone either way,
 * which is all the caller wanted.
 */
export async function deleteCart(cartId: string): Promise<void> {
  try {
    const { cartDeleteRoute } = await import('@admit/contracts/routes/cart');
    await call(cartDeleteRoute, { params: { cartId } });
  } catch (error) {
    if (error instanceof ApiError && error.code === 'not_found') return;
    throw error;
  }
}

/** Deletes the visitor's cart and forgets it locally (shopping §4 "Removing a cart item"). */
export function useDeleteCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (cartId: string) => {
      await deleteCart(cartId);
    },
    onSuccess: (_data, cartId) => {
      if (getCartState().cartId === cartId) clearCart();
      queryClient.removeQueries({ queryKey: [CART_QUERY_ROOT, cartId] });
    },
  });
}
