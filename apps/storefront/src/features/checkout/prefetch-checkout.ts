import type { RoutePrefetch } from '@/api/route-prefetch';
import { cartQueryOptions } from '@/api/cart/get-cart';
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
