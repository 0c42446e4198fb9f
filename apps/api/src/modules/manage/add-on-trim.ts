import type { Executor, Tx } from '@/db/transaction';
import { addOnsBeyondAdmission } from '@/modules/cart/anchor-match';
import type { OrderTicketDetail } from '@/modules/orders/order-tickets';
import { insertEditChanges, selectEditChanges } from './edit-repo';
import { undoEditChanges } from './edit-undo';

/**
 * A manage edit keeps the add-on rule as the cart does (shopping §3 event meta
 * `tickets_must_match_anchor_tickets`; decision 0076): an order's add-on never keeps more
 * tickets than its admission, so cancelling admission tickets cancels the add-on tickets now
 * beyond them too, those of the removed admission's type names first (`cart/anchor-match.ts`, the rule's one server home).
 * A reschedule moves a ticket within its own event and changes no count.
 */

// a redeemed admission still admitted its visitor: it counts, as a booked one does
const LIVE_STATES = new Set(['booked', 'redeemed']);

/**
 * The order tickets that must leave with `leaving` (ids the edit cancels): its add-on tickets
 * beyond the admission that stays. `details`: the order's tickets in the order they were made.
 */
export async function addOnsLeavingWith(
  tx: Executor,
  sellerId: string,
  details: readonly OrderTicketDetail[],
  leaving: ReadonlySet<string>,
): Promise<OrderTicketDetail[]> {
  if (leaving.size === 0) return [];
  const staying = details.filter(
    (d) => LIVE_STATES.has(d.ticket.state) && !leaving.has(d.ticket.id),
  );
  const beyond = await addOnsBeyondAdmission(
    tx,
    sellerId,
    staying.map((d) => ({
      id: d.ticket.id,
      eventId: d.ticket.eventTemplateId,
      category: d.category,
      handler: d.handler,
      typeName: d.typeName,
    })),
  );
  return beyond.map((id) => staying.find((d) => d.ticket.id === id)!);
}

/**
 * In an edit's transaction, once its changes are written: the add-on tickets beyond the
 * admission the edit leaves are cancelled by the edit too (an add-on ticket it was moving is
 * cancelled instead, its new place given back). `checkCancel` refuses one the rules keep.
 * Restoring the admission later leaves them cancelled (fewer is allowed; decision 0076).
 */
export async function cancelAddOnsInEdit(
  tx: Tx,
  edit: { cartId: string; sellerId: string },
  details: readonly OrderTicketDetail[],
  checkCancel: (ids: string[]) => void,
): Promise<void> {
  const changes = await selectEditChanges(tx, edit.cartId);
  const leaving = new Set(changes.filter((e) => !e.replacementTicketId).map((e) => e.ticketId));
  const ids = (await addOnsLeavingWith(tx, edit.sellerId, details, leaving)).map(
    (d) => d.ticket.id,
  );
  if (ids.length === 0) return;
  checkCancel(ids);
  // an add-on ticket the edit was moving is cancelled instead: its new place goes back
  await undoEditChanges(
    tx,
    edit.cartId,
    changes.filter((e) => ids.includes(e.ticketId)),
  );
  await insertEditChanges(
    tx,
    ids.map((ticketId) => ({ cartId: edit.cartId, ticketId, replacementTicketId: null })),
  );
}
