import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { orderBundleSchema } from '@admit/contracts/checkout';
import { ticketOrderRoute } from '@admit/contracts/routes/orders';
import { call } from '@/api/client';
import type { OrderProof } from '@admit/contracts/visitor-cookies';
import { orderProof } from '@/stores/order-secrets';

/** The order bundle; its optional `meta` carries the seller's completed_* rows (decision 0019). */
export const ticketOrderResponseSchema = orderBundleSchema;
export type TicketOrderResponse = z.infer<typeof ticketOrderResponseSchema>;

/** GET ticket_order/{id}, uncached (identity §7); 404 not_found when it is not the buyer's. */
export function getTicketOrder(
  id: string,
  proof: { secret?: string; cart_id?: string },
  signal?: AbortSignal,
) {
  return call(ticketOrderRoute, { params: { orderId: id }, query: { ...proof }, signal });
}

/** `secret` from the address, else what this browser remembers (stores/order-secrets.ts). */
export function ticketOrderQueryOptions(
  id: string,
  given?: string | null,
  remembered: OrderProof = orderProof(id),
) {
  const proof = given ? { secret: given } : remembered;
  return queryOptions({
    queryKey: ['ticket_order', id, proof.secret ?? proof.cart_id ?? null] as const,
    queryFn: ({ signal }) => getTicketOrder(id, proof, signal),
  });
}

export function useTicketOrder(id: string, secret?: string | null) {
  return useQuery(ticketOrderQueryOptions(id, secret));
}

/** Several orders at once (the completed page's `orderIds`). */
export function useTicketOrders(ids: string[], proofOf: (id: string) => OrderProof = orderProof) {
  return useQueries({ queries: ids.map((id) => ticketOrderQueryOptions(id, null, proofOf(id))) });
}

/** The QR code's drawn size (12rem in the order pages' CSS), as its img width and height. */
export const QR_SIZE_PX = 192;

/** The proof part of a QR image's address: the secret, else the guest's cart id, else none. */
function proofQuery(proof: OrderProof): string {
  return proof.secret
    ? `&secret=${encodeURIComponent(proof.secret)}`
    : proof.cart_id
      ? `&cart_id=${encodeURIComponent(proof.cart_id)}`
      : '';
}

/** The order's QR image (identity §7, §9: margin 4 on the cached path), with its proof if known. */
export function orderQrCodeUrl(
  id: string,
  sellerSlug: string,
  proof: OrderProof = orderProof(id),
): string {
  return `/cached_api/ticket_order/${encodeURIComponent(id)}/qrcode?margin=4&_seller=${encodeURIComponent(sellerSlug)}${proofQuery(proof)}`;
}

/**
 * One ticket's QR image (issue #25, decision 0066): the ticket's own scan code, the code its
 * e-mail and wallet pass carry, at the order's margin; the same proof as the order's.
 */
export function ticketQrCodeUrl(
  orderId: string,
  ticketId: string,
  sellerSlug: string,
  proof: OrderProof = orderProof(orderId),
): string {
  return `/cached_api/ticket_order/${encodeURIComponent(orderId)}/ticket/${encodeURIComponent(ticketId)}/qrcode?margin=4&_seller=${encodeURIComponent(sellerSlug)}${proofQuery(proof)}`;
}
