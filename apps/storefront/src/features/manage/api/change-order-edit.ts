import type { OrderEditBody, OrderEditResponse } from '@admit/contracts/manage';
import { orderEditChangeRoute } from '@admit/contracts/routes/manage';
import { call } from '@/api/client';

/**
 * POST ticket_order/{id}/edit?secret= (decision 0036): opens the order's edit (or continues the
 * one named by `cart_id`) and applies the change — cancel, reschedule or restore tickets. The
 * answer is the edit as it is now.
 */
export function changeOrderEdit(
  orderId: string,
  secret: string | null,
  body: OrderEditBody,
): Promise<OrderEditResponse> {
  return call(orderEditChangeRoute, {
    params: { orderId },
    query: { secret: secret ?? undefined },
    body,
  });
}
