import { queryOptions, useQuery } from '@tanstack/react-query';
import { eventTemplateResponseSchema } from '@admit/contracts/catalog';
import type { EventTemplateResponse } from '@admit/contracts/catalog';
import { eventDetailRead } from '@admit/contracts/initial-reads';
import { apiRead, ApiError } from '@/api/client';
import { cachedReadAllowed } from '@/api/read-audience';

/** GET events/{id} (shopping §7): the cache path for guests, live for a logged-in visitor. */
export function getEvent(id: string, signal?: AbortSignal): Promise<EventTemplateResponse> {
  const { path, query } = eventDetailRead(id);
  return apiRead(path, {
    cached: cachedReadAllowed(),
    query,
    schema: eventTemplateResponseSchema,
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
    // apiRead already retries what is worth retrying (shopping §7); a missing event is final
    retry: false,
  });
}

export function useEvent(id: string) {
  return useQuery(eventQueryOptions(id));
}
