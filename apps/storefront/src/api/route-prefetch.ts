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
