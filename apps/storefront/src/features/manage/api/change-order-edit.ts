import { orderEditResponseSchema } from '@admit/contracts/manage';
import type { OrderEditBody, OrderEditResponse } from '@admit/contracts/manage';
import { apiWrite } from '@/api/client';

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
  return apiWrite('POST', `ticket_order/${encodeURIComponent(orderId)}/edit`, {
    query: { secret: secret ?? undefined },
    body,
    schema: orderEditResponseSchema,
  });
}
