import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartBundle } from '@admit/contracts/cart';
import { call } from '@/api/client';
import { acceptCartBundle } from '@/api/cart/modify-cart';

/** POST cart/{id}/remove with `{ tickets }` (shopping §7); answers with the cart bundle. */
export async function removeFromCart(cartId: string, tickets: string[]): Promise<CartBundle> {
  const { cartRemoveRoute } = await import('@admit/contracts/routes/cart');
  return call(cartRemoveRoute, { params: { cartId }, body: { tickets } });
}

export function useRemoveFromCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ cartId, tickets }: { cartId: string; tickets: string[] }) =>
      removeFromCart(cartId, tickets),
    onSuccess: (bundle) => acceptCartBundle(queryClient, bundle),
  });
}
