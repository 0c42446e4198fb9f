import { queryOptions, useQuery } from '@tanstack/react-query';
import { ACCOUNT_TICKET_STATES } from '@admit/contracts/rules/self-edit';
import { myTicketOrdersRoute } from '@admit/contracts/routes/orders';
import { call } from '@/api/client';
import { ACCOUNT_QUERY_ROOT, useAccountOwner } from '@/features/account/api/account-query-key';

/** The embeds the account pages read: the tickets and what they name. */
const ORDER_EMBEDS = ['ticket', 'ticket_type', 'ticket_group', 'event_template', 'event_session'];

/**
 * GET my/ticket_order (identity §7: ticket.state._in booked,redeemed; embed ticket,
 * ticket_type, ticket_group): the logged-in buyer's orders, newest first (§4); `ids` narrows
 * it to these orders (`id._in`).
 */
export function getMyOrders(ids: string[] | null, signal?: AbortSignal) {
  return call(myTicketOrdersRoute, {
    query: {
      _embed: ORDER_EMBEDS.join(','),
      'ticket.state._in': ACCOUNT_TICKET_STATES.join(','),
      'id._in': ids ? ids.join(',') : undefined,
    },
    signal,
  });
}

export function myOrdersQueryOptions(owner: string, ids: string[] | null) {
  return queryOptions({
    queryKey: [ACCOUNT_QUERY_ROOT, owner, 'ticket_order', ids] as const,
    queryFn: ({ signal }) => getMyOrders(ids, signal),
  });
}

/** Every order (`ids` null), or only these (none asked while `ids` is empty). */
export function useMyOrders(ids: string[] | null) {
  return useQuery({
    ...myOrdersQueryOptions(useAccountOwner(), ids),
    enabled: ids === null || ids.length > 0,
  });
}
