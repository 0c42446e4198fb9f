/**
 * Router paths (below the seller base) that features link or move to; the route table in
 * `app/router.tsx` declares them. Here so that features need not import the app shell.
 */
export const UPSELL_ROUTE = '/events';
export const CHECKOUT_ROUTE = '/checkout';
