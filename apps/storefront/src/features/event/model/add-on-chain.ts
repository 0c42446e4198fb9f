import { useEffect } from 'react';
import type { SellerConfig } from '@admit/contracts/seller-config';
import type { EventDetail } from '@/api/events/event-detail';
import { isAnchorEvent } from '@admit/contracts/rules/anchor-tickets';
import { cartHasItems, eventIdsInCart } from '@/api/cart/cart-items';
import { useCart } from '@/api/cart/get-cart';
import { getCartState, useCartState } from '@/stores/cart-store';
import { CHECKOUT_ROUTE } from '@/ui/routing/route-paths';
import { getAddOnChain, recordOfferedAddOn } from '@/stores/add-on-chain-state';
import { useSellerConfig } from '@/config/seller-config';

type ChainConfig = Pick<SellerConfig, 'anchor_events' | 'anchor_categories'>;

/**
 * Where "skip add-on" leads from an add-on's page (shopping §2 "chained upsell"): the next
 * configured anchor event after this one that the cart does not hold yet, else /checkout
 * (decision 0010). Skipped upsells (`expresscheckout`) go straight to /checkout.
 */
export function nextAddOnRoute(
  eventId: string,
  config: ChainConfig,
  inCart: ReadonlySet<string>,
  skipUpsells = getCartState().skipUpsells,
  offered: ReadonlySet<string> = getAddOnChain(),
): string {
  if (skipUpsells) return CHECKOUT_ROUTE;
  const chain = config.anchor_events;
  const after = chain.slice(chain.indexOf(eventId) + 1);
  const next = after.find((id) => id !== eventId && !inCart.has(id) && !offered.has(id));
  return next ? `/events/${next}` : CHECKOUT_ROUTE;
}

/**
 * The add-on banner's data for `event`: where to skip to when the event is an add-on (an anchor
 * event) visited while the cart has items; null otherwise. The event page asks once and hands
 * the skip route to the banner and to the reserve form in its selection slot (whose mobile
 * footer offers the same skip).
 */
export function useAddOnBanner(event: EventDetail): { skipTo: string } | null {
  const config = useSellerConfig();
  const { bundle } = useCart();
  const { skipUpsells } = useCartState();
  const offered = isAnchorEvent(event.template, config) && cartHasItems(bundle);
  const eventId = event.template.id;
  useEffect(() => {
    if (offered) recordOfferedAddOn(eventId);
  }, [offered, eventId]);
  if (!offered) return null;
  return {
    skipTo: nextAddOnRoute(event.template.id, config, eventIdsInCart(bundle), skipUpsells),
  };
}
