import type { OrderRow } from '@/db/schema/cart';
import type { Executor } from '@/db/transaction';
import { ticketCharge, type OrderTicketDetail } from '@/modules/orders/order-tickets';
import { orderCartIds } from '@/modules/orders/repo';
import { netPaid } from '@/modules/payments/refunds';

/**
 * The edit's credit (decision 0036, update "credit is what was paid"; issue #22): what the
 * taken-away tickets were worth, but never more than was paid toward them. A ticket's paid share
 * is its part of the order's total times the money the order kept (payments less refunds), so a
 * $250 tour on which a $62.50 deposit was paid credits $62.50, not $250: the rest was never
 * paid, and crediting it would book the new tickets on money nobody gave.
 */

/** The paid share of `taken` (minor units) of an order of `orderTotal` that kept `paid`. */
export function paidShare(taken: number, orderTotal: number, paid: number): number {
  const kept = Math.max(0, paid);
  if (orderTotal <= 0) return Math.min(taken, kept);
  // rounded down: a cent of doubt stays owed, never credited
  return Math.min(taken, Math.floor((kept * taken) / orderTotal));
}

/** The credit of the order tickets an edit takes away (`changes`: its order_edit_ticket rows). */
export async function editCredit(
  db: Executor,
  order: OrderRow,
  details: OrderTicketDetail[],
  changes: { ticketId: string }[],
): Promise<number> {
  const taken = details
    .filter((d) => changes.some((e) => e.ticketId === d.ticket.id))
    .reduce((n, d) => n + ticketCharge(d).total, 0);
  if (taken === 0) return 0;
  const paid = await netPaid(db, await orderCartIds(db, order));
  return paidShare(taken, order.totalAfterFeesPrice, paid);
}
