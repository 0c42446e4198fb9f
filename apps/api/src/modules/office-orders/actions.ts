import { and, eq, isNotNull } from 'drizzle-orm';
import { ticket, ticketOrder } from '@/db/schema/cart';
import { withRetryingTransaction, type Tx } from '@/db/transaction';
import { AppError } from '@/http/app-error';
import { forgetSessionReads } from '@/http/read-scopes';
import type { SellerRef } from '@/http/request-context';
import { recordAudit, type AuditActor } from '@/modules/office/audit';
import { cancelTicketsInTx } from '@/modules/manage/cancel';
import { newScanCode, ticketScanCodeSql } from '@/modules/orders/codes';
import { anonymousEditing } from '@/modules/orders/order-mail';
import { lockOrderRow } from '@/modules/orders/repo';
import { executeRefunds, type RefundRunDeps } from '@/modules/payments/refunds';
import { mailOrderConfirmation } from '@/modules/resend/service';
import { officeOrderNotFound, orderTarget, sellerOrder } from './order-view';

/**
 * The box office's actions on an order (decision 0087). Each runs in one transaction with its
 * audit record (who, why, before and after), and goes through the same services as the
 * buyer's own flow: the cancel of modules/manage/cancel.ts (places back once, refunds within
 * what was paid, the cancel mail) and the confirmation of modules/resend/service.ts.
 */

export interface OfficeActionDeps extends RefundRunDeps {
  /** the seller's storefront root, for the mails' links */
  origin: (seller: SellerRef) => Promise<string>;
}

export interface OfficeAction {
  seller: SellerRef;
  actor: AuditActor;
  orderId: string;
  reason: string;
}

/** The order row locked for the action, only the seller's own. */
async function lockedOrder(tx: Tx, sellerId: string, orderId: string) {
  const order = await lockOrderRow(tx, orderId);
  if (!order || order.sellerId !== sellerId) throw officeOrderNotFound();
  return order;
}

const noLiveTickets = () =>
  new AppError('conflict', 'ticket_order', 'This order has no tickets left to send.');
const noAddress = () =>
  new AppError('conflict', 'ticket_order', 'This order has no e-mail address to send to.');

/** The confirmation mailed to the buyer again (a fresh link secret, as the visitor's resend). */
export async function resendConfirmation(deps: OfficeActionDeps, action: OfficeAction) {
  const { seller } = action;
  const order = await sellerOrder(deps.db, seller.id, action.orderId);
  const origin = await deps.origin(seller);
  const manageable = await anonymousEditing(deps.db, seller.id);
  await withRetryingTransaction(deps.db, async (tx) => {
    const locked = await lockedOrder(tx, seller.id, order.id);
    if (!locked.email) throw noAddress();
    const queued = await mailOrderConfirmation(tx, {
      seller,
      to: locked.email,
      order: locked,
      origin,
      manageable,
    });
    if (!queued) throw noLiveTickets();
    await recordAudit(tx, {
      sellerId: seller.id,
      actor: action.actor,
      action: 'order.resend',
      target: orderTarget(order.id),
      after: { to: locked.email },
      reason: action.reason,
      at: deps.now(),
    });
  });
}

/**
 * Tickets cancelled and what paid for them refunded to the payments that took it, never beyond
 * them (orders/order-change.ts); the places come back once. No self-edit rule limits staff.
 */
export async function cancelTickets(
  deps: OfficeActionDeps,
  action: OfficeAction & { ticketIds: string[] },
) {
  const { seller } = action;
  const order = await sellerOrder(deps.db, seller.id, action.orderId);
  const origin = await deps.origin(seller);
  const ids = action.ticketIds.map((id) => id.toLowerCase());
  const result = await withRetryingTransaction(deps.db, async (tx) => {
    const before = await lockedOrder(tx, seller.id, order.id);
    const change = await cancelTicketsInTx(tx, {
      orderId: order.id,
      seller,
      ids,
      rules: null,
      now: deps.now(),
      mail: { origin, secret: null, manageable: false },
    });
    await recordAudit(tx, {
      sellerId: seller.id,
      actor: action.actor,
      action: 'order.cancel',
      target: orderTarget(order.id),
      before: { total: before.totalAfterFeesPrice },
      after: {
        total: change.order.totalAfterFeesPrice,
        tickets: change.cancelled.map((d) => d.ticket.id),
        refunds: change.refunds.map((r) => ({
          id: r.id,
          payment_id: r.paymentId,
          amount: r.amount,
        })),
      },
      reason: action.reason,
      at: deps.now(),
    });
    return change;
  });
  // committed: the freed places' cached reads go stale, and the card refunds run
  await forgetSessionReads(
    deps.db,
    result.cancelled.map((d) => d.ticket.eventSessionId),
  );
  await executeRefunds(deps, result.refunds);
}

/** A note on the order: the audit record is the note. */
export async function addNote(deps: OfficeActionDeps, action: OfficeAction) {
  const { seller } = action;
  const order = await sellerOrder(deps.db, seller.id, action.orderId);
  await withRetryingTransaction(deps.db, async (tx) => {
    await recordAudit(tx, {
      sellerId: seller.id,
      actor: action.actor,
      action: 'order.note',
      target: orderTarget(order.id),
      reason: action.reason,
      at: deps.now(),
    });
  });
}

/**
 * A lost ticket: the order's scan code is drawn anew, so every ticket's code (derived from it,
 * orders/codes.ts) changes and the lost one no longer opens the door; the tickets are mailed
 * to the buyer again with their new codes. Only a booked ticket can be lost.
 */
export async function reissueScanCode(
  deps: OfficeActionDeps,
  action: OfficeAction & { ticketId: string },
) {
  const { seller } = action;
  const order = await sellerOrder(deps.db, seller.id, action.orderId);
  const origin = await deps.origin(seller);
  const manageable = await anonymousEditing(deps.db, seller.id);
  const ticketId = action.ticketId.toLowerCase();
  await withRetryingTransaction(deps.db, async (tx) => {
    const locked = await lockedOrder(tx, seller.id, order.id);
    const [lost] = await tx
      .select({ state: ticket.state })
      .from(ticket)
      .where(and(eq(ticket.id, ticketId), eq(ticket.ticketOrderId, order.id)));
    if (!lost)
      throw new AppError('not_found', 'ticket', 'This order has no such ticket.', {
        ticket_id: ticketId,
      });
    if (lost.state !== 'booked') {
      throw new AppError(
        'ticket_state_incorrect',
        'ticket',
        'Only a ticket not yet used can be issued again.',
        {
          ticket_id: ticketId,
        },
      );
    }
    const scanCode = newScanCode();
    const [updated] = await tx
      .update(ticketOrder)
      .set({ scanCode })
      .where(eq(ticketOrder.id, order.id))
      .returning();
    await tx
      .update(ticket)
      .set({ scanCode: ticketScanCodeSql(scanCode, ticket.id) })
      .where(and(eq(ticket.ticketOrderId, order.id), isNotNull(ticket.scanCode)));
    if (locked.email) {
      await mailOrderConfirmation(tx, {
        seller,
        to: locked.email,
        order: updated!,
        origin,
        manageable,
      });
    }
    // the codes themselves stay out of the log: they open the door
    await recordAudit(tx, {
      sellerId: seller.id,
      actor: action.actor,
      action: 'order.reissue_code',
      target: orderTarget(order.id),
      after: { ticket_id: ticketId, mailed_to: locked.email },
      reason: action.reason,
      at: deps.now(),
    });
  });
}
