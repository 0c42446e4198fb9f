import type { CartBundle } from '@admit/contracts/cart';
import { decimalToMinor } from '@admit/contracts/money';
import type { SellerRef } from '@/http/request-context';
import type { Tx } from '@/db/transaction';
import { sumPaid } from '@/modules/payments/repo';
import {
  mergeByDate,
  rebalanceSchedule,
  remainingSchedule,
  sellerToday,
  snapshotOf,
  type RemainingEntry,
  type ScheduleEntry,
} from './plan';
import { deleteScheduledPayments, insertScheduledPayments, selectScheduledPayments } from './repo';

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

export interface OrderRescheduleInput {
  seller: SellerRef;
  order: { id: string; cartId: string };
  /** what the order owes after the change: its new total less the money it kept */
  owed: number;
  /** the remaining installments of the tickets the change added (an edit cart's schedule) */
  added: ScheduleEntry[];
  now: Date;
}

/**
 * Writes a changed order's schedule again, inside the change's transaction (decision 0036,
 * update "credit is what was paid"): the order cart's payments as one entry on the booking day,
 * then `rebalanceSchedule` — so covering it with the same payments leaves exactly `owed` to pay.
 * An order that had no schedule and gains none is left without one.
 */
export async function rewriteOrderSchedule(tx: Tx, input: OrderRescheduleInput): Promise<void> {
  const old = await selectScheduledPayments(tx, input.order.cartId);
  if (old.length === 0 && input.added.length === 0) return;
  const today = sellerToday(input.now, input.seller.timezone);
  const paid = await sumPaid(tx, input.order.cartId);
  const kept = remainingSchedule(old, paid, today);
  const owed = rebalanceSchedule(kept, input.added, input.owed, today);
  const bookedOn = old[0]?.dueDate ?? today;
  const snapshot = mergeByDate([{ dueDate: bookedOn, amount: Math.max(0, paid) }, ...owed]);
  await deleteScheduledPayments(tx, input.order.cartId);
  await insertScheduledPayments(
    tx,
    snapshot.map((e) => ({
      sellerId: input.seller.id,
      cartId: input.order.cartId,
      ticketOrderId: input.order.id,
      dueDate: e.dueDate,
      amount: e.amount,
      createdAt: input.now,
    })),
  );
}

/**
 * What remains of the schedule a checkout saw (`bundle`) once the cart's counted payments are
 * `paid`: whatever was paid since the bundle was read covers its earliest entries.
 */
export function scheduleLeft(bundle: CartBundle, paid: number, now: Date, timeZone: string) {
  const seen = (bundle.scheduled_payment?._data ?? []).map((s) => ({
    dueDate: s.dueDate,
    amount: decimalToMinor(s.amount),
  }));
  const paidBefore = decimalToMinor(bundle.cart_fees._data[0]!.total_payments);
  return remainingSchedule(seen, paid - paidBefore, sellerToday(now, timeZone)).map(
    ({ dueDate, amount }) => ({ dueDate, amount }),
  );
}
