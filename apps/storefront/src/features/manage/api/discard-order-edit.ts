import { orderEditDiscardRoute } from '@admit/contracts/routes/manage';
import { call } from '@/api/client';

/**
 * DELETE ticket_order/{id}/edit?secret= (identity §4 "Cancel discards the cart and restores the
 * cancelled tickets"): the new holds go back, the order is as it was. 204.
 */
export async function discardOrderEdit(orderId: string, secret: string | null): Promise<void> {
  await call(orderEditDiscardRoute, {
    params: { orderId },
    query: { secret: secret ?? undefined },
  });
}
