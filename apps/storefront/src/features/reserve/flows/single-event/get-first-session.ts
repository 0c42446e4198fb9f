import { queryOptions } from '@tanstack/react-query';
import type { PricedSession } from '@admit/contracts/availability';
import { sessionsRoute } from '@admit/contracts/routes/availability';
import { call } from '@/api/client';

/**
 * GET /api/events/{id}/sessions?_limit=1&sold_out=F&_sort=start_datetime (shopping §7): the one
 * session of a single event that can still be booked; null when there is none. Live, because
 * its availability moves.
 */
export async function getFirstSession(
  eventId: string,
  signal?: AbortSignal,
): Promise<PricedSession | null> {
  const body = await call(sessionsRoute, {
    params: { eventId },
    query: { _limit: 1, sold_out: 'F', _sort: 'start_datetime' },
    signal,
  });
  return body.event_session._data[0] ?? null;
}

export function firstSessionQueryOptions(eventId: string) {
  return queryOptions({
    queryKey: ['events', eventId, 'first-session'] as const,
    queryFn: ({ signal }) => getFirstSession(eventId, signal),
    staleTime: 0,
  });
}
