import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TicketGroupResponse } from '@admit/contracts/catalog';
import { ticketGroupRoute } from '@admit/contracts/routes/catalog';
import { call } from '@/api/client';

/** GET /cached_api/ticket_group/{id}?_embed=ticket_type (shopping §7: "handler donation"). */
export function getTicketGroup(id: string, signal?: AbortSignal): Promise<TicketGroupResponse> {
  return call(ticketGroupRoute, {
    params: { groupId: id },
    cached: true,
    query: { _embed: 'ticket_type' },
    signal,
  });
}

export function ticketGroupQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['ticket_group', id] as const,
    queryFn: ({ signal }) => getTicketGroup(id, signal),
    // a catalogue row: it changes with the seller's setup, not during a checkout
    staleTime: 5 * 60_000,
  });
}

/** The group with its types; disabled without an id. */
export function useTicketGroup(id: string | null) {
  return useQuery({ ...ticketGroupQueryOptions(id ?? 'none'), enabled: id !== null });
}
