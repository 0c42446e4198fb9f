import type { OrderEditResponse } from '@admit/contracts/manage';
import { orderEditExtendRoute } from '@admit/contracts/routes/manage';
import { call } from '@/api/client';

/**
 * PATCH ticket_order/{id}/edit?secret= `{ expires_at }` (decision 0036): the manage variant of
 * "extend the timer by 2 minutes" (identity §2 "Global dialogs"), the cart's own rule.
 */
export function extendOrderEdit(
  orderId: string,
  secret: string | null,
  expiresAt: string,
): Promise<OrderEditResponse> {
  return call(orderEditExtendRoute, {
    params: { orderId },
    query: { secret: secret ?? undefined },
    body: { expires_at: expiresAt },
  });
}
