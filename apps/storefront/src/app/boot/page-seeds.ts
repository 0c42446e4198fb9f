import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import type { SellerConfig } from '@admit/contracts/seller-config';
import { serverRenderedPageOf, type PreloadedPageName } from '@admit/contracts/storefront-pages';
import type { RouteSeed, SeedContext } from '@/api/route-prefetch';

/** Each server-rendered page's seed, in its prefetch chunk (preloaded from the HTML). */
const SEEDS: Partial<Record<PreloadedPageName, () => Promise<RouteSeed>>> = {
  events: () => import('@/features/listing/prefetch-listing').then((m) => m.seedListing),
  event: () => import('@/features/event/prefetch-event').then((m) => m.seedEvent),
  checkout: () => import('@/features/checkout/prefetch-checkout').then((m) => m.seedCheckout),
  'checkout-complete': () =>
    import('@/features/orders/prefetch-checkout-complete').then((m) => m.seedCheckoutComplete),
};

/**
 * Seeds the query cache of a server-rendered page (decision 0044) from the reads its HTML
 * carries: the server calls it before rendering, the browser before hydrating, with the same
 * reads, so both render from one cache. `path` is the address below the seller base. Returns
 * false for a page that is not server-rendered, or that its seed cannot draw (decision 0045).
 */
export async function seedServerRenderedPage(
  path: string,
  context: Omit<SeedContext, 'params'> & { queryClient: QueryClient; config: SellerConfig },
): Promise<boolean> {
  const page = serverRenderedPageOf(path);
  const load = page && SEEDS[page.name];
  if (!page || !load) return false;
  const params =
    page.paths
      .map((pattern) => matchPath({ path: `/${pattern}`, end: true }, `/${path}`))
      .find((match) => match !== null)?.params ?? {};
  const seed = await load();
  return seed({ ...context, params }) !== false;
}
