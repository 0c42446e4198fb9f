import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventTemplateResponse } from '@admit/contracts/catalog';
import { EVENT_DETAIL_EMBEDS } from '@admit/contracts/initial-reads';
import { eventRoute } from '@admit/contracts/routes/catalog';
import { ApiError, call } from '@/api/client';
import { cachedReadAllowed } from '@/api/read-audience';

/** GET events/{id} (shopping §7): the cache path for guests, live for a logged-in visitor. */
export function getEvent(id: string, signal?: AbortSignal): Promise<EventTemplateResponse> {
  return call(eventRoute, {
    params: { eventId: id },
    cached: cachedReadAllowed(),
    query: { _embed: EVENT_DETAIL_EMBEDS },
    signal,
  });
}

/** spec: shopping §7 — "404 or 400 means not found". */
export function isEventNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

export function eventQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['events', 'detail', id] as const,
    queryFn: ({ signal }) => getEvent(id, signal),
  });
}

export function useEvent(id: string) {
  return useQuery(eventQueryOptions(id));
}
