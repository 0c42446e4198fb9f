import type { CartBundle } from '@admit/contracts/cart';
import { CART_FETCH_LIMIT } from '@admit/contracts/constants';
import { guestCartRoute, myCartRoute } from '@admit/contracts/routes/cart';
import { call } from '@/api/client';

/**
 * GET cart/{id} for a guest or my/cart/{id} for a member, embedding ticket_order (identity §7),
 * never cached. Unlike `loadCart` the errors are not swallowed: transfer-cart names 403 and 404
 * to the visitor (identity §8 "Transfer cart").
 */
export function getTransferCart(
  cartId: string,
  loggedIn: boolean,
  signal?: AbortSignal,
): Promise<CartBundle> {
  return call(loggedIn ? myCartRoute : guestCartRoute, {
    params: { cartId },
    query: { _embed: 'ticket_order', _limit: CART_FETCH_LIMIT },
    signal,
  });
}
