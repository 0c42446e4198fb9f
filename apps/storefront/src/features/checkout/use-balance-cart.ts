import { useQuery } from '@tanstack/react-query';
import type { CartBundle } from '@admit/contracts/cart';
import { getCart } from '@/api/cart/get-cart';
import { outstandingMinor } from '@/features/checkout/model/checkout-view';

/** The key of a completed cart read for paying its balance (never the live cart's key). */
export function balanceCartQueryKey(cartId: string) {
  return ['cart-balance', cartId] as const;
}

/**
 * identity §2 "Checkout": "Route params cartId or orderId load a cart or an existing order for
 * payment". A completed cart (its order exists) that still has something outstanding is paid
 * here; any other completed cart keeps the gone-cart rules (model/entry-redirect.ts).
 */
export function hasBalance(bundle: CartBundle): boolean {
  const cart = bundle.cart._data[0];
  return (
    cart?.state === 'completed' &&
    (bundle.ticket_order?._data.length ?? 0) > 0 &&
    outstandingMinor(bundle) > 0
  );
}

/**
 * The route's cart as it is, also when not pending (the live cart query forgets those). Only
 * for a cart opened by its address: the stored cart is never an order's.
 */
export function useBalanceCart(cartId: string, enabled: boolean) {
  return useQuery({
    queryKey: balanceCartQueryKey(cartId),
    queryFn: ({ signal }) => getCart(cartId, signal),
    enabled,
    retry: false,
  });
}
