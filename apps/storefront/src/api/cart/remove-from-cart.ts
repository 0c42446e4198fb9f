import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartBundle } from '@admit/contracts/cart';
import { apiWrite } from '@/api/client';
import { acceptCartBundle } from '@/api/cart/modify-cart';

/** POST cart/{id}/remove with `{ tickets }` (shopping §7); answers with the cart bundle. */
export function removeFromCart(cartId: string, tickets: string[]): Promise<CartBundle> {
  return apiWrite<CartBundle>('POST', `cart/${encodeURIComponent(cartId)}/remove`, {
    body: { tickets },
  });
}

export function useRemoveFromCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ cartId, tickets }: { cartId: string; tickets: string[] }) =>
      removeFromCart(cartId, tickets),
    onSuccess: (bundle) => acceptCartBundle(queryClient, bundle),
  });
}
