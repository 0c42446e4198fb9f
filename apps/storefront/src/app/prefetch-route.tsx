import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { RoutePrefetch } from '@/api/route-prefetch';
import { useSellerConfig } from '@/config/seller-config';

/**
 * Render-as-you-fetch for a lazy route: the page's reads start while its code loads, not after
 * it has arrived, run and rendered (on a phone that wait was most of the event page's and the
 * checkout's LCP, issue #13). It runs during render, so it starts before the lazy page below it
 * suspends; the prefetch module is small (the reads and their schemas, none of the page). A
 * failed prefetch costs nothing: the page reads for itself.
 */
export function PrefetchRoute({
  load,
  children,
}: {
  load: () => Promise<RoutePrefetch>;
  children: ReactNode;
}) {
  const queryClient = useQueryClient();
  const params = useParams();
  const config = useSellerConfig();
  // the server renders from the reads in its HTML and never fetches (decision 0044)
  if (import.meta.env.SSR) return children;
  void load()
    .then((prefetch) => prefetch({ queryClient, params, config }))
    .catch(() => undefined);
  return children;
}
