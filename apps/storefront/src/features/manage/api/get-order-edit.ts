import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderEditResponse } from '@admit/contracts/manage';
import { orderEditRoute } from '@admit/contracts/routes/manage';
import { call } from '@/api/client';

/** The key of an order's open edit (null when it has none). */
export function orderEditQueryKey(orderId: string, secret: string | null) {
  return ['ticket_order', orderId, 'edit', secret] as const;
}

/**
 * GET ticket_order/{id}/edit?secret= (decision 0036): the order's open edit — its held tickets,
 * totals, credit and difference, and its expiry — or null when there is none (204).
 */
export async function getOrderEdit(
  orderId: string,
  secret: string | null,
  signal?: AbortSignal,
): Promise<OrderEditResponse | null> {
  return call(orderEditRoute, {
    params: { orderId },
    query: { secret: secret ?? undefined },
    signal,
  });
}

export function orderEditQueryOptions(orderId: string, secret: string | null) {
  return queryOptions({
    queryKey: orderEditQueryKey(orderId, secret),
    queryFn: ({ signal }) => getOrderEdit(orderId, secret, signal),
  });
}

export function useOrderEdit(orderId: string, secret: string | null) {
  return useQuery(orderEditQueryOptions(orderId, secret));
}
