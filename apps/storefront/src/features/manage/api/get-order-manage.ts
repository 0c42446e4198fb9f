import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderManageResponse } from '@admit/contracts/manage';
import { orderManageRoute } from '@admit/contracts/routes/manage';
import { call } from '@/api/client';

/** The key of an order's manage read (under the order reads' root, `ticket_order`). */
export function orderManageQueryKey(orderId: string, secret: string | null) {
  return ['ticket_order', orderId, 'manage', secret] as const;
}

/**
 * GET ticket_order/{id}/manage?secret= (decision 0036): the order with what each ticket may still
 * have done to it (labels, cancel, reschedule) and the whole-order cancel. Uncached: 404 without
 * the secret link, 403 for a logged-in member (identity §6).
 */
export function getOrderManage(
  orderId: string,
  secret: string | null,
  signal?: AbortSignal,
): Promise<OrderManageResponse> {
  return call(orderManageRoute, {
    params: { orderId },
    query: { secret: secret ?? undefined },
    signal,
  });
}

export function orderManageQueryOptions(orderId: string, secret: string | null) {
  return queryOptions({
    queryKey: orderManageQueryKey(orderId, secret),
    queryFn: ({ signal }) => getOrderManage(orderId, secret, signal),
  });
}

export function useOrderManage(orderId: string, secret: string | null) {
  return useQuery(orderManageQueryOptions(orderId, secret));
}
