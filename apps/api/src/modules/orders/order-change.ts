import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '@/http/app-error';
import type { SellerRef } from '@/http/request-context';
import { ticket, type OrderRow, type TicketRow } from '@/db/schema/cart';
import type { PaymentRefundRow } from '@/db/schema/aftersale';
import type { Tx } from '@/db/transaction';
import { releaseCancelledCapacity } from '@/modules/cart/holds';
import { enqueueMail } from '@/modules/mail/outbox';
import { allocateRefunds, netPaid } from '@/modules/payments/refunds';
import { rewriteOrderSchedule } from '@/modules/schedules/order-schedule';
import type { ScheduleEntry } from '@/modules/schedules/plan';
import { changeView, orderBalanceLink, orderMail } from './order-mail';
import { selectOrderTicketDetails, ticketCharge, type OrderTicketDetail } from './order-tickets';
import { completeCart, orderCartIds, updateOrderTotals, type OrderTotalsRow } from './repo';
import { ticketScanCodeSql } from './codes';

/**
 * One change of a booked order (identity §4 "Manage order", §5 cancel; decision 0036), inside
 * the caller's transaction with the order row locked: cancel tickets (places back once),
 * book an edit cart's held tickets into the order, new totals, refunds of what was paid beyond
 * the new total, the edit cart completed, and the order mailed again — all or nothing.
 */

export interface OrderChangeInput {
  /** the order row as locked (`lockOrderRow`) */
  order: OrderRow;
  seller: SellerRef;
  /** order tickets the change cancels */
  cancelIds: string[];
  /** an edit cart whose held tickets join the order (null: a cancel) */
  editCartId: string | null;
  kind: 'order_cancel' | 'order_update';
  now: Date;
  /** the remaining installments of the edit cart's tickets (none: they are paid in full) */
  addedSchedule?: ScheduleEntry[];
  /** how the order is mailed again; null: not mailed */
  mail: { origin: string; secret: string | null; manageable: boolean } | null;
}

export interface OrderChangeResult {
  order: OrderRow;
  cancelled: OrderTicketDetail[];
  added: OrderTicketDetail[];
  refunds: PaymentRefundRow[];
}

export const ticketStateIncorrect = (ticketId: string | null) =>
  new AppError(
    'ticket_state_incorrect',
    'ticket_order',
    'This ticket can no longer be changed',
    ticketId ? { ticket_id: ticketId } : null,
  );

/**
 * The guard of every cancel: only tickets still `booked` in this order move to `cancelled`, and
 * only what this statement moved gives its place back. A second cancel of the same ticket (a
 * retry, a race) moves nothing and is refused, so nothing is returned or refunded twice.
 */
async function cancelBooked(tx: Tx, orderId: string, ids: string[]): Promise<TicketRow[]> {
  if (ids.length === 0) return [];
  const moved = await tx
    .update(ticket)
    .set({ state: 'cancelled' })
    .where(
      and(inArray(ticket.id, ids), eq(ticket.ticketOrderId, orderId), eq(ticket.state, 'booked')),
    )
    .returning();
  if (moved.length !== new Set(ids).size) {
    throw ticketStateIncorrect(ids.find((id) => !moved.some((t) => t.id === id)) ?? null);
  }
  return moved;
}

/** The edit cart's held tickets become the order's: booked, on the order's cart. */
async function bookEditTickets(tx: Tx, order: OrderRow, editCartId: string) {
  return tx
    .update(ticket)
    .set({
      state: 'booked',
      ticketOrderId: order.id,
      cartId: order.cartId,
      scanCode: order.scanCode ? ticketScanCodeSql(order.scanCode, ticket.id) : null,
    })
    .where(and(eq(ticket.cartId, editCartId), eq(ticket.state, 'in_cart')))
    .returning();
}

function totalsAfter(order: OrderRow, removed: OrderTicketDetail[], added: OrderTicketDetail[]) {
  const totals: OrderTotalsRow = {
    totalBeforeCartmodPrice: order.totalBeforeCartmodPrice,
    totalFeeFixedOutside: order.totalFeeFixedOutside,
    totalFeePercentOutside: order.totalFeePercentOutside,
    totalCartmodAmount: order.totalCartmodAmount,
    totalAfterFeesPrice: order.totalAfterFeesPrice,
  };
  for (const [sign, list] of [
    [-1, removed],
    [1, added],
  ] as const) {
    for (const d of list) {
      const c = ticketCharge(d);
      totals.totalBeforeCartmodPrice += sign * c.face;
      totals.totalFeeFixedOutside += sign * c.feeFixed;
      totals.totalFeePercentOutside += sign * c.feePercent;
      totals.totalCartmodAmount += sign * c.cartmod;
      totals.totalAfterFeesPrice += sign * c.total;
    }
  }
  return totals;
}

export async function applyOrderChangeInTx(
  tx: Tx,
  input: OrderChangeInput,
): Promise<OrderChangeResult> {
  const { order, seller, now } = input;
  const cancelledRows = await cancelBooked(tx, order.id, input.cancelIds);
  await releaseCancelledCapacity(tx, cancelledRows);
  const addedRows = input.editCartId ? await bookEditTickets(tx, order, input.editCartId) : [];
  const details = await selectOrderTicketDetails(tx, [order.id]);
  const pick = (rows: TicketRow[]) => details.filter((d) => rows.some((r) => r.id === d.ticket.id));
  const cancelled = pick(cancelledRows);
  const added = pick(addedRows);
  const updated = await updateOrderTotals(tx, order.id, totalsAfter(order, cancelled, added));
  if (input.editCartId) await completeCart(tx, input.editCartId, now);
  // what was paid beyond the new total goes back (a balance still owed is reduced first)
  const cartIds = await orderCartIds(tx, updated);
  if (input.editCartId && !cartIds.includes(input.editCartId)) cartIds.push(input.editCartId);
  const kept = await netPaid(tx, cartIds);
  // what the change's own checkout took (a dearer reschedule's difference), for its mail
  const chargedMinor = input.editCartId ? await netPaid(tx, [input.editCartId]) : 0;
  const refundMinor = Math.max(0, kept - updated.totalAfterFeesPrice);
  const refunds =
    refundMinor > 0
      ? await allocateRefunds(tx, {
          sellerId: seller.id,
          orderId: order.id,
          cartIds,
          amount: refundMinor,
          currency: order.currency,
          reason: input.kind,
          now,
        })
      : [];
  // the schedule owes exactly what the order does: value booked = paid + still owed
  const owedMinor = Math.max(0, updated.totalAfterFeesPrice - kept);
  await rewriteOrderSchedule(tx, {
    seller,
    order: updated,
    owed: owedMinor,
    added: input.addedSchedule ?? [],
    now,
  });
  if (input.mail) {
    const mail = await orderMail(tx, {
      order: updated,
      seller,
      ...input.mail,
      details,
      change: changeView(input.kind, cancelled, refundMinor, seller.timezone, {
        added,
        chargedMinor,
        // decision 0101: a change that leaves something owed (an office move settled `owe`)
        // says how much and links the order's balance payment
        owed:
          owedMinor > 0
            ? { minor: owedMinor, link: orderBalanceLink(input.mail.origin, updated.cartId) }
            : null,
      }),
    });
    if (mail) await enqueueMail(tx, mail);
  }
  return { order: updated, cancelled, added, refunds };
}
