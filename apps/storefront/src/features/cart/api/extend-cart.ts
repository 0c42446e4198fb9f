import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartBundle } from '@admit/contracts/cart';
import { cartPatchRoute } from '@admit/contracts/routes/cart';
import { call } from '@/api/client';
import { acceptCartBundle } from '@/api/cart/modify-cart';
import { loadCart } from '@/api/cart/get-cart';
import { readOnce } from '@/api/read-once';
import { noteExtension } from '@/stores/cart-store';
import { extendedExpiry } from '@/ui/hold-timer';

/** PATCH my/cart/{id} `{ expires_at }` (shopping §7); the response carries expires_in. */
export function extendCart(cartId: string, expiresAt: string): Promise<CartBundle> {
  return call(cartPatchRoute, { params: { cartId }, body: { expires_at: expiresAt } });
}

/**
 * spec: shopping §4 "Cart timer" — confirming adds 2 minutes, then the cart reloads and the
 * local expiry is set to the reloaded expires_in minus 5 s.
 */
export function useExtendCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (bundle: CartBundle) => {
      const cart = bundle.cart._data[0];
      if (!cart?.expires_at) throw new Error('cart has no expiry to extend');
      const patched = await extendCart(cart.id, extendedExpiry(cart.expires_at));
      // counted at once: the server grants a cart CART_MAX_EXTENSIONS, the offer stops there
      noteExtension(cart.id);
      acceptCartBundle(queryClient, patched);
      // retried as any read (shopping §7): the extension itself is done and is not repeated
      const reloaded = await readOnce(queryClient, ['cart-reload', cart.id], (signal) =>
        loadCart(cart.id, signal),
      );
      if (!reloaded) throw new Error('cart is gone');
      acceptCartBundle(queryClient, reloaded);
      return reloaded;
    },
  });
}
