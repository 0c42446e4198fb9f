import { queryOptions } from '@tanstack/react-query';
import type { SessionDetailResponse } from '@admit/contracts/availability';
import { sessionDetailRoute } from '@admit/contracts/routes/availability';
import { call } from '@/api/client';

export const SESSION_DETAIL_EMBEDS = 'ticket_group,ticket_type,meta,config';

/**
 * GET /api/events/{eventId}/sessions/{sessionId} (shopping §7): the session with the groups and
 * types still on sale for it (the server keeps only available ones within their sales window).
 */
export function getSessionDetail(
  eventId: string,
  sessionId: string,
  signal?: AbortSignal,
): Promise<SessionDetailResponse> {
  return call(sessionDetailRoute, {
    params: { eventId, sessionId },
    query: { _embed: SESSION_DETAIL_EMBEDS },
    signal,
  });
}

export function sessionDetailQueryOptions(eventId: string, sessionId: string) {
  return queryOptions({
    queryKey: ['events', eventId, 'session', sessionId] as const,
    queryFn: ({ signal }) => getSessionDetail(eventId, sessionId, signal),
    staleTime: 0,
  });
}
