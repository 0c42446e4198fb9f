import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * A read made outside a component's query (a button's lookup, a login's session check) run
 * through the query client, so it takes the client's one retry rule (spec: shopping §7, 3 tries
 * 250 ms doubling, set in app/query-client.ts) instead of a loop of its own (decision 0050).
 * Always fetched afresh and not kept: it answers one action, not a page.
 */
export function readOnce<T>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  read: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  return queryClient.fetchQuery({
    queryKey: ['read-once', ...queryKey],
    queryFn: ({ signal }) => read(signal),
    staleTime: 0,
    gcTime: 0,
  });
}
