import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import type { SellerConfig } from '@admit/contracts/seller-config';
import type { ServerVisitor } from '@admit/contracts/server-render';

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
  /** the page address's query */
  search: URLSearchParams;
  /** what the host knew of the visitor, for a private page (decision 0045) */
  visitor: ServerVisitor | null;
  /** who seeds: the server before drawing, or the browser before hydrating what it drew */
  side: 'server' | 'browser';
}

/**
 * Puts a server-rendered page's first reads into the query cache, synchronously, from the
 * reads the HTML carries (decision 0044): the server renders with them and the browser's
 * hydration pass must start from the very same cache. Nothing is fetched. A private page's
 * seed answers false when the page cannot be drawn from them (decision 0045): the server then
 * sends it undrawn, and a browser whose own state disagrees with the server's renders anew.
 */
export type RouteSeed = (context: SeedContext) => boolean | void;
