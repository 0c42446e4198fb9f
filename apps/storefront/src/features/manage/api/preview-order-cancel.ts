import type { OrderCancelResponse } from '@admit/contracts/manage';
import { orderCancelRoute } from '@admit/contracts/routes/manage';
import { call } from '@/api/client';

/**
 * POST ticket_order/{id}/cancel?dry_run=true `{ tickets }` (decision 0098): the cancel's answer
 * as it would be — with the add-on tickets that would leave with the admission — nothing
 * cancelled, so no Idempotency-Key.
 */
export function previewOrderCancel(
  orderId: string,
  secret: string | null,
  tickets: string[],
): Promise<OrderCancelResponse> {
  return call(orderCancelRoute, {
    params: { orderId },
    query: { secret: secret ?? undefined, dry_run: 'true' },
    body: { tickets },
  });
}
