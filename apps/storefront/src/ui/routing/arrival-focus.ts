/**
 * Where focus lands when a page is reached (issue 13, decision 0031). On every route change it
 * moves to the page's h1 (`app/navigation/focus-rules.tsx`), unless the page marks something
 * with `ARRIVAL_FOCUS_ATTRIBUTE`: the upsell listing reached by "Add to cart" marks its
 * "Added to your cart." confirmation, so the visitor hears that the tickets are in the cart.
 */
export const ARRIVAL_FOCUS_ATTRIBUTE = 'data-arrival-focus';

/** The navigation state of the move that follows a successful "Add to cart". */
export const ADDED_TO_CART_STATE = { addedToCart: true } as const;

export function isAddedToCartArrival(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'addedToCart' in state;
}
