import { queryOptions } from '@tanstack/react-query';
import type { SeatMapResponse } from '@admit/contracts/seat-map';
import { seatMapRoute } from '@admit/contracts/routes/availability';
import { call } from '@/api/client';
import { cachedReadAllowed } from '@/api/read-audience';

/**
 * GET events/{e}/sessions/{s}/seat_map?_withgeometry (shopping §7, decision 0052): the
 * session's layout and every seat with its state. On the cache path like other reads; the
 * server clears the entry on a hold, so a refetch after a lost race sees the seat taken.
 */
export function getSeatMap(
  eventId: string,
  sessionId: string,
  signal?: AbortSignal,
): Promise<SeatMapResponse> {
  return call(seatMapRoute, {
    params: { eventId, sessionId },
    cached: cachedReadAllowed(),
    query: { _withgeometry: '1' },
    signal,
  });
}

export function seatMapQueryOptions(eventId: string, sessionId: string) {
  return queryOptions({
    queryKey: ['events', eventId, 'session', sessionId, 'seat-map'] as const,
    queryFn: ({ signal }) => getSeatMap(eventId, sessionId, signal),
    // seats are taken by others all the time: every opening of the map reads them afresh
    staleTime: 0,
  });
}
