import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import type { SellerConfig } from '@admit/contracts/seller-config';

export interface PrefetchContext {
  queryClient: QueryClient;
  params: Readonly<Params>;
  config: SellerConfig;
}

/**
 * Starts a route's first reads while its code loads (app/prefetch-route.tsx); idempotent, as
 * react-query shares a read in flight or still fresh with the page that then asks for it.
 */
export type RoutePrefetch = (context: PrefetchContext) => void;

export interface SeedContext extends PrefetchContext {
  /** the body the page host put in the HTML for a read address (initial reads), if any */
  read: (address: string) => unknown;
}

/**
 * Puts a server-rendered page's first reads into the query cache, synchronously, from the
 * reads the HTML carries (decision 0044): the server renders with them and the browser's
 * hydration pass must start from the very same cache. Nothing is fetched.
 */
export type RouteSeed = (context: SeedContext) => void;
