import type { SellerConfig } from '@admit/contracts/seller-config';
import { getCartState } from '@/stores/cart-store';
import { CHECKOUT_ROUTE, UPSELL_ROUTE } from '@/ui/routing/route-paths';

/**
 * Where a visitor goes after a successful reserve (shopping §4 date-first "moves to the next
 * route"): the upsell listing when the seller sells add-ons (anchor events or categories) and
 * upsells are not skipped (`expresscheckout`, gifting), else checkout.
 */
export function nextRouteAfterReserve(
  config: Pick<SellerConfig, 'anchor_events' | 'anchor_categories'>,
  options: { skipUpsells?: boolean } = {},
): string {
  const skip = options.skipUpsells ?? getCartState().skipUpsells;
  const sellsAddOns = config.anchor_events.length > 0 || config.anchor_categories.length > 0;
  return sellsAddOns && !skip ? UPSELL_ROUTE : CHECKOUT_ROUTE;
}
