import { queryOptions } from '@tanstack/react-query';
import type { SessionsResponse } from '@admit/contracts/availability';
import { sessionsRoute } from '@admit/contracts/routes/availability';
import { call } from '@/api/client';

export interface SessionsOnDateParams {
  eventId: string;
  /** YYYY-MM-DD in the venue's zone */
  date: string;
  ticketGroupIds: readonly string[];
}

/**
 * GET /api/events/{id}/sessions?_ondate=…&_sort=start_datetime&_include_sold_out=true
 * (shopping §7): live, because availability moves while the visitor chooses.
 */
export function getSessionsOnDate(
  params: SessionsOnDateParams,
  signal?: AbortSignal,
): Promise<SessionsResponse> {
  return call(sessionsRoute, {
    params: { eventId: params.eventId },
    query: {
      _ondate: params.date,
      _sort: 'start_datetime',
      _include_sold_out: 'true',
      'ticket_group_id._in': params.ticketGroupIds.length
        ? params.ticketGroupIds.join(',')
        : undefined,
    },
    signal,
  });
}

export function sessionsOnDateQueryOptions(params: SessionsOnDateParams) {
  return queryOptions({
    queryKey: [
      'events',
      params.eventId,
      'sessions',
      params.date,
      params.ticketGroupIds.join(','),
    ] as const,
    queryFn: ({ signal }) => getSessionsOnDate(params, signal),
    staleTime: 0,
  });
}
