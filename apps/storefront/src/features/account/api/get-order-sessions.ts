import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ACCOUNT_TICKET_STATES } from '@admit/contracts/rules/self-edit';
import { myOrderSessionsRoute } from '@admit/contracts/routes/orders';
import { call } from '@/api/client';
import { ACCOUNT_QUERY_ROOT, useAccountOwner } from '@/features/account/api/account-query-key';

/** Which sessions: the upcoming ones in the account's window, or every visit of one session. */
export type OrderSessionFilter =
  { kind: 'upcoming'; from: string; before: string } | { kind: 'session'; eventSessionId: string };

/**
 * GET my/order_session (identity §7: embed ticket, ticket.state._in booked,redeemed): one row
 * per order and session of the logged-in buyer, by start ascending (§4).
 */
export function getOrderSessions(filter: OrderSessionFilter, signal?: AbortSignal) {
  const where =
    filter.kind === 'upcoming'
      ? { 'start_datetime._gt': filter.from, 'start_datetime._lt': filter.before }
      : { event_session_id: filter.eventSessionId };
  return call(myOrderSessionsRoute, {
    query: {
      _embed: 'ticket',
      'ticket.state._in': ACCOUNT_TICKET_STATES.join(','),
      _sort: 'start_datetime',
      ...where,
    },
    signal,
  });
}

export function orderSessionsQueryOptions(owner: string, filter: OrderSessionFilter) {
  return queryOptions({
    queryKey: [ACCOUNT_QUERY_ROOT, owner, 'order_session', filter] as const,
    queryFn: ({ signal }) => getOrderSessions(filter, signal),
    placeholderData: keepPreviousData,
  });
}

/** `enabled` false: nothing is asked (an address that names no session). */
export function useOrderSessions(filter: OrderSessionFilter, enabled = true) {
  return useQuery({ ...orderSessionsQueryOptions(useAccountOwner(), filter), enabled });
}
