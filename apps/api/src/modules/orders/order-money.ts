import { and, eq, inArray, sql } from 'drizzle-orm';
import { paymentRefund } from '@/db/schema/aftersale';
import { payment } from '@/db/schema/payments';
import type { OrderRow } from '@/db/schema/cart';
import type { Executor } from '@/db/transaction';
import { orderCartIds } from './repo';

/**
 * What an order's changes did to its payments (decision 0036): paid on its committed edit carts
 * (money only: the edit's `order_credit` is not), less everything refunded. Added to what its
 * own cart counts as paid, it is the order's `total_payments`.
 */
export async function orderPaymentsAdjustment(db: Executor, order: OrderRow): Promise<number> {
  const edits = (await orderCartIds(db, order)).filter((id) => id !== order.cartId);
  const [paid] = edits.length
    ? await db
        .select({ n: sql<string>`coalesce(sum(${payment.amount}), 0)` })
        .from(payment)
        .where(
          and(
            inArray(payment.cartId, edits),
            inArray(payment.gatewayId, ['stripe', 'ledger']),
            eq(payment.state, 'succeeded'),
          ),
        )
    : [{ n: '0' }];
  const [refunded] = await db
    .select({ n: sql<string>`coalesce(sum(${paymentRefund.amount}), 0)` })
    .from(paymentRefund)
    .where(eq(paymentRefund.ticketOrderId, order.id));
  return Number(paid?.n ?? 0) - Number(refunded?.n ?? 0);
}
