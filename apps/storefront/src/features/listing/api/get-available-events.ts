import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventTemplateResponse } from '@admit/contracts/catalog';
import { call } from '@/api/client';
import type { AvailableEventsQuery } from '@/features/listing/model/available-events-query';
import { cachedReadAllowed } from '@/api/read-audience';

/**
 * GET events/available (shopping §7), on the cache path for guests (live when logged in). The contract type types the fetcher; the body
 * is not parsed with its zod schema here because that would pull zod's runtime into the
 * listing's first load (budget ≤ 120 KB gzip for /events).
 */
export async function getAvailableEvents(
  query: AvailableEventsQuery,
  signal?: AbortSignal,
): Promise<EventTemplateResponse> {
  const { availableEventsRoute } = await import('@admit/contracts/routes/catalog');
  return call(availableEventsRoute, { cached: cachedReadAllowed(), query, signal });
}

export function availableEventsQueryOptions(query: AvailableEventsQuery) {
  return queryOptions({
    queryKey: ['events', 'available', query] as const,
    queryFn: ({ signal }) => getAvailableEvents(query, signal),
  });
}

export function useAvailableEvents(query: AvailableEventsQuery) {
  return useQuery(availableEventsQueryOptions(query));
}
