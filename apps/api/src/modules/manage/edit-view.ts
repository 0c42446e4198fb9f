import { toCollection } from '@admit/contracts/envelope';
import type { OrderEditResponse } from '@admit/contracts/manage';
import { minorToDecimal } from '@admit/contracts/money';
import type { Db } from '@/db/connection';
import type { CartRow } from '@/db/schema/cart';
import type { Caller } from '@/http/caller';
import { buildCartBundle } from '@/modules/cart/bundle';
import {
  selectCartTicketDetails,
  selectOrderTicketDetails,
  ticketCharge,
} from '@/modules/orders/order-tickets';
import type { ManagedOrder } from './access';
import { editCredit } from './edit-credit';
import { secondsLeft, selectEditChanges } from './edit-repo';

/** The edit cart's bundle with the edit (identity §4: what changes, what it costs). */
export async function editView(
  db: Db,
  now: Date,
  managed: ManagedOrder,
  caller: Caller,
  cart: CartRow,
): Promise<OrderEditResponse> {
  const at = now;
  const [bundle, changes, held, details] = await Promise.all([
    buildCartBundle(db, cart, {
      now: at,
      seller: caller.seller,
      publicIdentityId: caller.publicIdentityId,
    }),
    selectEditChanges(db, cart.id),
    selectCartTicketDetails(db, cart.id),
    selectOrderTicketDetails(db, [managed.order.id]),
  ]);
  const credit = await editCredit(db, managed.order, details, changes);
  const added = held
    .filter((d) => d.ticket.state === 'in_cart')
    .reduce((n, d) => n + ticketCharge(d).total, 0);
  const rescheduled = changes.filter((e) => e.replacementTicketId);
  return {
    ...bundle,
    order_edit: toCollection([
      {
        cart_id: cart.id,
        ticket_order_id: managed.order.id,
        expires_at: cart.expiresAt.toISOString(),
        expires_in: secondsLeft(cart.expiresAt, at),
        cancelled_ticket_ids: changes.filter((e) => !e.replacementTicketId).map((e) => e.ticketId),
        rescheduled: rescheduled.map((e) => ({
          ticket_id: e.ticketId,
          replacement_ticket_id: e.replacementTicketId!,
        })),
        credit: minorToDecimal(credit),
        added: minorToDecimal(added),
        difference: minorToDecimal(added - credit),
        currency_code: managed.order.currency,
        // spec: identity §4 — the reschedule text when any ticket is in_cart
        kind: rescheduled.length > 0 ? 'reschedule' : changes.length > 0 ? 'cancel' : 'none',
      },
    ]),
  };
}
