import type { Path } from 'react-router';
import type { SellerConfig } from '@admit/contracts/seller-config';

/** spec: identity §2 rule 2 — the routes that must be served under the seller prefix. */
const PREFIXED_ROUTES = new Set([
  'home',
  'events',
  'event',
  'checkout',
  'checkout-complete',
  'checkout-pending',
]);
/** spec: identity §2 rule 3 — the routes `disable_home_route` turns off. */
const DISABLED_ROUTES = new Set(['home', 'events']);

type RedirectConfig = Pick<SellerConfig, 'redirects' | 'seller' | 'router_base'>;

function sameAddress(destination: string, current: URL): boolean {
  const url = new URL(destination, current);
  return url.origin === current.origin && url.pathname.replace(/\/+$/, '') === current.pathname;
}

/**
 * Where `web.redirects` sends the visitor instead of this route, or null to stay
 * (identity §2 rules 2 and 3, in that order; decision 0014). `origin` is the page's origin.
 *
 * Rule 2, `require_seller_prefix`: the home, events and checkout pages must be reached at the
 * target address under the seller prefix ("{target}/{slug}/events"). A visitor on them anywhere
 * else (another host, an old domain) is sent there with the same path, query and hash.
 * Rule 3, `disable_home_route`: home and the event listing are off; the visitor goes to target.
 * Neither applies without a target, nor when the destination is the current page (no loop).
 */
export function configuredRedirect(
  config: RedirectConfig,
  location: Path,
  routeName: string | null,
  origin: string,
): string | null {
  const { require_seller_prefix, disable_home_route, target } = config.redirects;
  if (!target || !routeName) return null;
  const slug = config.seller.slug;
  const routePath = location.pathname === '/' ? '' : location.pathname.replace(/\/+$/, '');
  const current = new URL(`${config.router_base}${routePath}`, origin);

  if (require_seller_prefix && PREFIXED_ROUTES.has(routeName)) {
    const base = target.replace(/\/+$/, '');
    const destination = `${base}/${slug}${routePath}${location.search}${location.hash}`;
    if (!sameAddress(destination, current)) return destination;
  }
  if (disable_home_route && DISABLED_ROUTES.has(routeName) && !sameAddress(target, current)) {
    return target;
  }
  return null;
}
