import { CHECKOUT_ROUTE } from '@/ui/routing/route-paths';

/** Events already in the cart are not offered again on the upsell listing. */
export function withoutEventsInCart<T extends { id: string }>(
  cards: T[],
  eventIdsInCart: ReadonlySet<string>,
): T[] {
  return cards.filter((card) => !eventIdsInCart.has(card.id));
}

/**
 * spec: shopping §2 "Event listing" — with items in the cart the listing is an upsell listing;
 * when it then has nothing to offer, or upsells are skipped (`expresscheckout`), the visitor
 * goes on to /checkout. `offerCount` is null while the unfiltered list is still loading.
 */
export function upsellRedirect(state: {
  cartHasItems: boolean;
  skipUpsells: boolean;
  offerCount: number | null;
}): string | null {
  if (!state.cartHasItems) return null;
  if (state.skipUpsells || state.offerCount === 0) return CHECKOUT_ROUTE;
  return null;
}
