import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CartBundle } from '@admit/contracts/cart';
import type { GatewayId } from '@admit/contracts/checkout';
import { CART_RECREATE_BELOW_SECONDS } from '@admit/contracts/constants';
import { CART_FETCH_LIMIT } from '@admit/contracts/constants';
import { ApiError, call } from '@/api/client';
import {
  clearCart,
  getCartState,
  liveCartId,
  onCartChangedInOtherTab,
  useCartState,
} from '@/stores/cart-store';
import { CART_QUERY_ROOT, cartQueryKey } from '@/api/cart/cart-query-key';
import { deleteCart } from '@/api/cart/delete-cart';

/**
 * GET /api/my/cart/{id}?_limit=1000 (shopping §7), never cached: holds and totals move. The
 * cart routes (and zod with them) load with the first cart read, not with the listing's first
 * load (the cart widget sits on the listing; decision 0050).
 */
export async function getCart(cartId: string, signal?: AbortSignal): Promise<CartBundle> {
  const { myCartRoute } = await import('@admit/contracts/routes/cart');
  return call(myCartRoute, { params: { cartId }, query: { _limit: CART_FETCH_LIMIT }, signal });
}

/** The card gateway's `_context` on its errors: the provider's wire id (identity §3). */
const CARD_GATEWAY_CONTEXT: GatewayId = 'stripe';

function forget(cartId: string): void {
  if (getCartState().cartId === cartId) clearCart();
}

/**
 * The cart as the storefront may use it, or null when there is none to use.
 * spec: shopping §4 — a cart with expires_in under 30 s is deleted (the next reserve creates a
 * new one); an expired or non-pending cart is forgotten. spec: shopping §8 "Cart errors" — a 400
 * scope_error deletes the cart; a 404, or a 400 not_configured in the card gateway's context,
 * clears it; others are rethrown.
 */
export async function loadCart(cartId: string, signal?: AbortSignal): Promise<CartBundle | null> {
  let bundle: CartBundle;
  try {
    bundle = await getCart(cartId, signal);
  } catch (error) {
    if (error instanceof ApiError) {
      if (error.status === 400 && error.code === 'scope_error') {
        await deleteCart(cartId).catch(() => undefined);
        forget(cartId);
        return null;
      }
      const gone =
        error.status === 404 ||
        error.status === 410 ||
        (error.status === 400 &&
          error.code === 'not_configured' &&
          error.context === CARD_GATEWAY_CONTEXT);
      if (gone) {
        forget(cartId);
        return null;
      }
    }
    throw error;
  }
  const use = cartUse(bundle);
  if (use === 'gone') {
    forget(cartId);
    return null;
  }
  if (use === 'recreate') {
    await deleteCart(cartId).catch(() => undefined);
    forget(cartId);
    return null;
  }
  return bundle;
}

/**
 * What a cart read allows: shopping §4 — a cart that is not pending is gone; one with
 * expires_in under 30 s is deleted so the next reserve creates a new one; else it is used.
 */
export function cartUse(bundle: CartBundle): 'use' | 'gone' | 'recreate' {
  const cart = bundle.cart._data[0];
  if (!cart || cart.state !== 'pending') return 'gone';
  if (cart.expires_in !== null && cart.expires_in < CART_RECREATE_BELOW_SECONDS) return 'recreate';
  return 'use';
}

export function cartQueryOptions(cartId: string) {
  return queryOptions({
    queryKey: cartQueryKey(cartId),
    queryFn: ({ signal }) => loadCart(cartId, signal),
    // the timer and every modification refresh it; a refetch on focus would only add load
    staleTime: 30_000,
  });
}

/** The visitor's live cart (shopping §4: only while its local expiry has not passed). */
export function useCart() {
  const state = useCartState();
  const cartId = liveCartId(state);
  const queryClient = useQueryClient();
  // spec: shopping §1 — a change made in another tab shows here too: its items are refetched
  useEffect(
    () =>
      onCartChangedInOtherTab(
        () => void queryClient.invalidateQueries({ queryKey: [CART_QUERY_ROOT] }),
      ),
    [queryClient],
  );
  const query = useQuery({
    ...cartQueryOptions(cartId ?? 'none'),
    enabled: cartId !== null,
  });
  return {
    cartId,
    bundle: cartId ? (query.data ?? null) : null,
    isPending: cartId !== null && query.isPending,
    isError: query.isError,
    error: query.error,
    refetch: query.refetch,
  };
}
