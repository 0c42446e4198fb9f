let sellerSlug: string | null = null;

/**
 * Called once at boot with the slug of the seller whose storefront this is. The API client
 * sends it as `_seller` on every call; the stores key what they keep per seller (the cart and
 * member state in local storage) by it. Kept here, below both, so neither imports the other.
 */
export function setSellerSlug(slug: string): void {
  sellerSlug = slug;
}

/** The seller set at boot, or null before boot. */
export function getSellerSlug(): string | null {
  return sellerSlug;
}

let routerBase: string | null = null;

/**
 * Called at boot with the config's router base (`/{slug}`, or empty on the seller's own
 * domain, decision 0071): the page cookies are scoped to it (stores/page-cookie.ts).
 */
export function setRouterBase(base: string): void {
  routerBase = base;
}

/** The router base set at boot, or null before boot. */
export function getRouterBase(): string | null {
  return routerBase;
}
