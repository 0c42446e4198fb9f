import type { OrderCancelResponse } from '@admit/contracts/manage';
import { orderCancelRoute } from '@admit/contracts/routes/manage';
import { call } from '@/api/client';
import { IDEMPOTENCY_HEADER } from '@/api/checkout/idempotency';

/**
 * POST ticket_order/{id}/cancel?secret= `{ tickets }` (identity §7; the cancel free order screen
 * and the cancel-order button): all or nothing, refunded where money was paid, the order
 * re-mailed. Idempotent under retries with the same key (decision 0036).
 */
export function cancelOrderTickets(
  orderId: string,
  secret: string | null,
  tickets: string[],
  idempotencyKey: string,
): Promise<OrderCancelResponse> {
  return call(orderCancelRoute, {
    params: { orderId },
    query: { secret: secret ?? undefined },
    body: { tickets },
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
}
