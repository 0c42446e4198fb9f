import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderEditResponse } from '@admit/contracts/manage';
import { orderEditRoute } from '@admit/contracts/routes/manage';
import { ApiError, call } from '@/api/client';

/** The key of an order's open edit (null when it has none). */
export function orderEditQueryKey(orderId: string, secret: string | null) {
  return ['ticket_order', orderId, 'edit', secret] as const;
}

/**
 * GET ticket_order/{id}/edit?secret= (decision 0036): the order's open edit — its held tickets,
 * totals, credit and difference, and its expiry — or null when there is none (404).
 */
export async function getOrderEdit(
  orderId: string,
  secret: string | null,
  signal?: AbortSignal,
): Promise<OrderEditResponse | null> {
  try {
    return await call(orderEditRoute, {
      params: { orderId },
      query: { secret: secret ?? undefined },
      signal,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
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
