import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { orderBundleSchema } from '@admit/contracts/checkout';
import { apiRead } from '@/api/client';
import { orderSecret } from '@/api/orders/order-secrets';

/** The order bundle; its optional `meta` carries the seller's completed_* rows (decision 0019). */
export const ticketOrderResponseSchema = orderBundleSchema;
export type TicketOrderResponse = z.infer<typeof ticketOrderResponseSchema>;

/** GET ticket_order/{id}, uncached (identity §7); 404 not_found when it is not the buyer's. */
export function getTicketOrder(id: string, secret?: string | null, signal?: AbortSignal) {
  return apiRead(`ticket_order/${encodeURIComponent(id)}`, {
    query: { secret: secret ?? undefined },
    schema: ticketOrderResponseSchema,
    signal,
  });
}

/** `secret` from the address, else the one remembered at checkout (order-secrets.ts). */
export function ticketOrderQueryOptions(id: string, given?: string | null) {
  const secret = given ?? orderSecret(id);
  return queryOptions({
    queryKey: ['ticket_order', id, secret ?? null] as const,
    queryFn: ({ signal }) => getTicketOrder(id, secret, signal),
    retry: false,
  });
}

export function useTicketOrder(id: string, secret?: string | null) {
  return useQuery(ticketOrderQueryOptions(id, secret));
}

/** Several orders at once (the completed page's `orderIds`). */
export function useTicketOrders(ids: string[]) {
  return useQueries({ queries: ids.map((id) => ticketOrderQueryOptions(id)) });
}

/** The order's QR image (identity §7, §9: margin 4 on the cached path), with its secret if known. */
export function orderQrCodeUrl(id: string, sellerSlug: string): string {
  const secret = orderSecret(id);
  const secretPart = secret ? `&secret=${encodeURIComponent(secret)}` : '';
  return `/cached_api/ticket_order/${encodeURIComponent(id)}/qrcode?margin=4&_seller=${encodeURIComponent(sellerSlug)}${secretPart}`;
}
