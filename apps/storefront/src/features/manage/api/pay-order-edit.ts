import type { PaymentEntry } from '@admit/contracts/checkout';
import { orderEditPayRoute } from '@admit/contracts/routes/manage';
import { call } from '@/api/client';
import { IDEMPOTENCY_HEADER } from '@/api/checkout/idempotency';
import { toPayResult } from '@/api/checkout/pay-cart';
import type { PayResult } from '@/api/checkout/pay-cart';

/**
 * POST ticket_order/{id}/edit/pay?secret= (identity §4 "Manage order" Confirm Changes; decision
 * 0036): `free` when nothing is owed, else a card or gift card for the difference, with an
 * Idempotency-Key like any checkout. The answer is the order (committed) or the edit's cart (a
 * gift card paid part of it).
 */
export async function payOrderEdit(
  orderId: string,
  secret: string | null,
  entry: PaymentEntry,
  idempotencyKey: string,
): Promise<PayResult> {
  const body = await call(orderEditPayRoute, {
    params: { orderId },
    query: { secret: secret ?? undefined },
    body: entry,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
  return toPayResult(body);
}
