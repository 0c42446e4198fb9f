import { ApiError, call } from '@/api/client';
import { getCart } from '@/api/cart/get-cart';
import { orderProof } from '@/stores/order-secrets';

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * identity §2 "Checkout": "Route params cartId or orderId load a cart or an existing order for
 * payment". An id that is no cart of this visitor may be an order's: its cart is then paid (or
 * shown complete) by the cart's address (decision 0021), read with the order's proof — the
 * address's `secret`, else what this browser remembers. Null when it is no order either.
 */
async function cartOfOrder(orderId: string, secret: string | null): Promise<string | null> {
  // loaded only on this rare path, not with the checkout (decision 0050)
  const { ticketOrderRoute } = await import('@admit/contracts/routes/orders');
  try {
    const bundle = await call(ticketOrderRoute, {
      params: { orderId },
      query: secret ? { secret } : { ...orderProof(orderId) },
    });
    return bundle.ticket_order._data[0]?.cart_id ?? null;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/**
 * Where checkout sends a visitor whose cart cannot be paid (identity §8 "Checkout entry"):
 * a completed cart with orders → checkout/complete; an order's id → its cart's checkout; not
 * found → the not-found route; an expired or emptied cart → the events page.
 */
export async function goneCartRedirect(
  cartId: string,
  fromRoute: boolean,
  secret: string | null = null,
): Promise<string> {
  try {
    const bundle = await getCart(cartId);
    const orders = bundle.ticket_order?._data ?? [];
    if (orders.length > 0) {
      return `/checkout/complete?orderIds=${orders.map((o) => encodeURIComponent(o.id)).join(',')}`;
    }
    return '/events';
  } catch (error) {
    if (!fromRoute || !isNotFound(error)) return '/events';
    const orderCart = await cartOfOrder(cartId, secret).catch(() => null);
    return orderCart && orderCart !== cartId
      ? `/checkout/${encodeURIComponent(orderCart)}`
      : '/error/404';
  }
}
