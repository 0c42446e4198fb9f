import type { CartBundle } from '@admit/contracts/cart';
import type { OrderEditRow } from '@/db/schema/aftersale';
import type { CartRow } from '@/db/schema/cart';
import type { Tx } from '@/db/transaction';
import type { SellerRef } from '@/http/request-context';
import { sumPaid } from '@/modules/payments/repo';
import { scheduleLeft } from '@/modules/schedules/order-schedule';
import { freezeCartCharges } from './frozen-fees';
import { applyOrderChangeInTx } from './order-change';
import { anonymousEditing } from './order-mail';
import { lockOrderRow, selectEditTickets } from './repo';

/**
 * Commits an order edit (identity §4 "Manage order" Confirm Changes; decision 0036) in the
 * checkout's order transaction, in place of a new order: the order tickets the edit takes away
 * are cancelled (their places back now, not before), the edit cart's held tickets join the
 * order, and the order is re-mailed (`order_update`). Whatever was paid beyond the new total is
 * written as refunds; the caller runs them after the commit (or the payment job does).
 */
export async function commitEditInTx(
  tx: Tx,
  input: {
    cart: CartRow;
    edit: OrderEditRow;
    /** the edit cart's bundle as the checkout saw it (its tickets' charges, its schedule) */
    bundle: CartBundle;
    seller: SellerRef;
    origin: string;
    sendEmail: boolean;
    now: Date;
  },
) {
  const { edit } = input;
  const order = (await lockOrderRow(tx, edit.ticketOrderId))!;
  const removed = await selectEditTickets(tx, input.cart.id);
  // the replacements keep what the edit's checkout charged them (decision 0047)
  await freezeCartCharges(tx, input.cart.id, input.bundle);
  const secret = edit.accessSecret ?? null;
  const result = await applyOrderChangeInTx(tx, {
    order,
    seller: input.seller,
    cancelIds: removed.map((r) => r.ticketId),
    editCartId: input.cart.id,
    // the new tickets' installments not yet paid (the credit and this checkout's payments in)
    addedSchedule: scheduleLeft(
      input.bundle,
      await sumPaid(tx, input.cart.id),
      input.now,
      input.seller.timezone,
    ),
    kind: 'order_update',
    now: input.now,
    mail: input.sendEmail
      ? { origin: input.origin, secret, manageable: await anonymousEditing(tx, input.seller.id) }
      : null,
  });
  return {
    order: result.order,
    secret: secret ?? '',
    // the replaced tickets' sessions: their seats are free once this commits (decision 0052)
    freedSessions: result.cancelled.map((d) => d.ticket.eventSessionId),
  };
}
