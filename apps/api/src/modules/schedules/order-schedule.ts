import type { CartBundle } from '@admit/contracts/cart';
import { decimalToMinor } from '@admit/contracts/money';
import type { SellerRef } from '@/http/request-context';
import type { Tx } from '@/db/transaction';
import { sumPaid } from '@/modules/payments/repo';
import { remainingSchedule, sellerToday, snapshotOf, type RemainingEntry } from './plan';
import { insertScheduledPayments } from './repo';

/** What an order still owes right after checkout, for its confirmation e-mail. */
export interface OrderBalance {
  outstanding: number;
  scheduled: RemainingEntry[];
}

export interface OrderScheduleInput {
  seller: SellerRef;
  cartId: string;
  orderId: string;
  /** the order's total, minor units */
  total: number;
  /** the cart bundle the checkout saw (its scheduled payments and payments) */
  bundle: CartBundle;
  now: Date;
}

/**
 * Fixes the cart's schedule on its new order, inside the order transaction: the scheduled
 * payments the checkout saw, with what was already paid as one entry on the booking day
 * (plan.ts `snapshotOf`). A cart without a plan writes nothing and answers null.
 */
export async function writeOrderSchedule(
  tx: Tx,
  input: OrderScheduleInput,
): Promise<OrderBalance | null> {
  const seen = input.bundle.scheduled_payment?._data ?? [];
  if (seen.length === 0) return null;
  const today = sellerToday(input.now, input.seller.timezone);
  const paidBefore = decimalToMinor(input.bundle.cart_fees._data[0]!.total_payments);
  const snapshot = snapshotOf(
    seen.map((s) => ({ dueDate: s.dueDate, amount: decimalToMinor(s.amount) })),
    paidBefore,
    today,
  );
  await insertScheduledPayments(
    tx,
    snapshot.map((e) => ({
      sellerId: input.seller.id,
      cartId: input.cartId,
      ticketOrderId: input.orderId,
      dueDate: e.dueDate,
      amount: e.amount,
      createdAt: input.now,
    })),
  );
  const paid = await sumPaid(tx, input.cartId);
  return {
    outstanding: Math.max(0, input.total - paid),
    scheduled: remainingSchedule(snapshot, paid, today),
  };
}
