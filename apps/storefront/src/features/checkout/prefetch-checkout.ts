import type { CartBundle } from '@admit/contracts/cart';
import type { TicketGroupResponse } from '@admit/contracts/catalog';
import { cartRead, readAddress, ticketGroupRead } from '@admit/contracts/initial-reads';
import type { RoutePrefetch, RouteSeed } from '@/api/route-prefetch';
import { cartQueryOptions, cartUse } from '@/api/cart/get-cart';
import { getCartState, liveCartId } from '@/stores/cart-store';
import { ticketGroupQueryOptions } from '@/features/checkout/api/get-ticket-group';

/**
 * /checkout/{cartId?}: the cart (the route's or the stored live one) and the donation upsell's
 * group, the two reads the page waits for before it draws (checkout-route.tsx).
 */
export const prefetchCheckout: RoutePrefetch = ({ queryClient, params, config }) => {
  const cartId = params.cartId ?? liveCartId(getCartState());
  if (cartId) void queryClient.prefetchQuery(cartQueryOptions(cartId));
  const donationGroupId = config.checkout.donation_group_id;
  if (donationGroupId) void queryClient.prefetchQuery(ticketGroupQueryOptions(donationGroupId));
};

/**
 * The checkout drawn by the server (decision 0045): the held cart the host read with the
 * visitor's session and the donation group, the page's two reads. Only the held cart is drawn
 * (a routed other cart, an order's balance, follows its own rules in the browser), only a cart
 * the page shows as a checkout (pending, with tickets, not about to be recreated), and the
 * browser hydrates only when the cart it holds is that one.
 */
export const seedCheckout: RouteSeed = (context) => {
  const { queryClient, params, config, read, visitor, side } = context;
  const held = visitor?.cart;
  if (!held || (params.cartId && params.cartId !== held.id)) return false;
  if (side === 'browser' && liveCartId(getCartState()) !== held.id) return false;
  const slug = config.seller.slug;
  const cart = cartRead(held.id);
  const bundle = read(readAddress(cart.path, cart.query, false, slug)) as CartBundle | undefined;
  if (!bundle || cartUse(bundle) !== 'use' || bundle.ticket._data.length === 0) return false;
  const groupId = config.checkout.donation_group_id;
  if (groupId) {
    // the page waits for the group: without it, it would draw a loader
    const group = ticketGroupRead(groupId);
    const body = read(readAddress(group.path, group.query, true, slug));
    if (body === undefined) return false;
    // taken as the page's host answered it, like the cart (get-cart.ts): zod's first parse of
    // a schema compiles it, a long task on a phone's hydration path; both sides seed the same
    queryClient.setQueryData(
      ticketGroupQueryOptions(groupId).queryKey,
      body as TicketGroupResponse,
    );
  }
  queryClient.setQueryData(cartQueryOptions(held.id).queryKey, bundle);
  return true;
};
