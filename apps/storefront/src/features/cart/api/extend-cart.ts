import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartBundle } from '@admit/contracts/cart';
import { CART_EXTENSION_SECONDS } from '@admit/contracts/constants';
import { apiWrite } from '@/api/client';
import { acceptCartBundle } from '@/api/cart/modify-cart';
import { loadCart } from '@/api/cart/get-cart';
import { noteExtension } from '@/stores/cart-store';

/** PATCH my/cart/{id} `{ expires_at }` (shopping §7); the response carries expires_in. */
export function extendCart(cartId: string, expiresAt: string): Promise<CartBundle> {
  return apiWrite<CartBundle>('PATCH', `my/cart/${encodeURIComponent(cartId)}`, {
    body: { expires_at: expiresAt },
  });
}

/** The server's current expiry plus 2 minutes (shopping §4, §9: extension 2 minutes). */
export function extendedExpiry(expiresAt: string): string {
  return new Date(Date.parse(expiresAt) + CART_EXTENSION_SECONDS * 1000).toISOString();
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
      const reloaded = await loadCart(cart.id);
      if (!reloaded) throw new Error('cart is gone');
      acceptCartBundle(queryClient, reloaded);
      return reloaded;
    },
  });
}
