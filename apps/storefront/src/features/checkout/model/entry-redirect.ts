import { ApiError } from '@/api/client';
import { getCart } from '@/api/cart/get-cart';

/**
 * Where checkout sends a visitor whose cart cannot be paid (identity §8 "Checkout entry"):
 * a completed cart with orders → checkout/complete; not found → the not-found route; an
 * expired or emptied cart → the events page.
 */
export async function goneCartRedirect(cartId: string, fromRoute: boolean): Promise<string> {
  try {
    const bundle = await getCart(cartId);
    const orders = bundle.ticket_order?._data ?? [];
    if (orders.length > 0) {
      return `/checkout/complete?orderIds=${orders.map((o) => encodeURIComponent(o.id)).join(',')}`;
    }
    return '/events';
  } catch (error) {
    if (fromRoute && error instanceof ApiError && error.status === 404) return '/error/404';
    return '/events';
  }
}
