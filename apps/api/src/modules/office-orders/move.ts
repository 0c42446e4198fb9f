import type { OfficeMoveSettlement, OrderMove } from '@admit/contracts/office-orders';
import type { OrderRow } from '@/db/schema/cart';
import { withRetryingTransaction, type Tx } from '@/db/transaction';
import { AppError } from '@/http/app-error';
import { forgetSessionReads } from '@/http/read-scopes';
import type { RequestIdentity } from '@/http/request-context';
import { holdTickets } from '@/modules/cart/reserve';
import { planTicketMoves } from '@/modules/manage/edit-plan';
import { insertEditCart } from '@/modules/manage/edit-repo';
import { ticketNotFound } from '@/modules/manage/refusals';
import { recordAudit } from '@/modules/office/audit';
import { applyOrderChangeInTx, ticketStateIncorrect } from '@/modules/orders/order-change';
import {
  selectCartTicketDetails,
  selectOrderTicketDetails,
  ticketCharge,
  type OrderTicketDetail,
} from '@/modules/orders/order-tickets';
import { freezeTicketCharges, lockOrderRow, orderCartIds } from '@/modules/orders/repo';
import { executeRefunds, netPaid } from '@/modules/payments/refunds';
import type { OfficeAction, OfficeActionDeps } from './actions';
import { addOnsFollowingMove } from './move-add-ons';
import { officeOrderNotFound, orderTarget, sellerOrder } from './order-view';

/**
 * The box office moves tickets to another session of their event (issue #27, decision 0094),
 * through the visitor's reschedule machinery, committed at once: the move is planned and priced
 * by `manage/edit-plan.ts` `planTicketMoves` (the visitor's reschedule plan), the new places are
 * held by the reserve's one conditional statement (`holdTickets`, so a full or closed session
 * refuses), in an edit cart of the order (`order_edit`, so the order's money reads find it),
 * and `orders/order-change.ts` `applyOrderChangeInTx` cancels the old tickets (their places back
 * once), books the new ones, refunds what was paid beyond the new total and sends the
 * visitor's reschedule mail (`order_update`). No self-edit rule limits staff. The add-on
 * tickets that follow a moved admission move with it, in the same plan, hold and change
 * (`move-add-ons.ts`, decision 0101).
 */

export interface OfficeMove extends OfficeAction {
  ticketIds: string[];
  sessionId: string;
  identity: RequestIdentity;
  settle: OfficeMoveSettlement;
  dryRun: boolean;
}

/** A dry run's effect, thrown to roll its transaction back. */
class DryRun extends Error {
  constructor(readonly effect: OrderMove) {
    super('dry run');
  }
}

const seated = (ticketId: string) =>
  new AppError(
    'validation_failed',
    'ticket_order',
    'Seated tickets cannot be moved here: cancel them and sell new seats on the seat map.',
    { ticket_id: ticketId },
  );
const sameSession = (ticketId: string) =>
  new AppError('validation_failed', 'ticket_order', 'This ticket is already in that session.', {
    ticket_id: ticketId,
  });

/** The order tickets to move, each booked, unseated, not already in the target session. */
function chosenTickets(details: OrderTicketDetail[], ids: string[], sessionId: string) {
  return ids.map((id) => {
    const d = details.find((x) => x.ticket.id === id);
    if (!d) throw ticketNotFound(id);
    if (d.ticket.state !== 'booked') throw ticketStateIncorrect(id);
    if (d.ticket.seatTemplateId) throw seated(id);
    if (d.ticket.eventSessionId === sessionId) throw sameSession(id);
    return d;
  });
}

/**
 * Books the planned tickets in an edit cart of the order (held by the conditional hold) and
 * freezes what each is charged: the price planned, or under `waive` never more than the ticket
 * it replaces was. Answers the difference before any waiver and the amount waived.
 */
async function holdReplacements(
  tx: Tx,
  input: {
    move: OfficeMove;
    order: OrderRow;
    moved: OrderTicketDetail[];
    planned: Awaited<ReturnType<typeof planTicketMoves>>;
    at: Date;
  },
) {
  const { move, at } = input;
  // committed in this transaction: it expires the moment it is made, never left open
  const cart = await insertEditCart(tx, {
    order: input.order,
    channel: 'office',
    accessSecret: null,
    expiresAt: at,
    at,
  });
  const held = await holdTickets(tx, cart.id, input.planned);
  const charged = await selectCartTicketDetails(tx, cart.id);
  let difference = 0;
  let waived = 0;
  const frozen = held.tickets.map((t, i) => {
    const old = input.moved[i]!;
    const replacement = charged.find((d) => d.ticket.id === t.id)!;
    const now = ticketCharge(replacement);
    const was = ticketCharge(old);
    difference += now.total - was.total;
    if (move.settle === 'waive' && now.total > was.total) {
      waived += now.total - was.total;
      return {
        id: t.id,
        adjusted: old.ticket.adjustedValue,
        fixed: was.feeFixed,
        percent: was.feePercent,
      };
    }
    return {
      id: t.id,
      adjusted: replacement.ticket.adjustedValue,
      fixed: now.feeFixed,
      percent: now.feePercent,
    };
  });
  await freezeTicketCharges(tx, cart.id, frozen);
  return { cartId: cart.id, difference, waived };
}

/** Moves the tickets (or, for a dry run, answers what the move would do and changes nothing). */
export async function moveTickets(deps: OfficeActionDeps, move: OfficeMove): Promise<OrderMove> {
  const { seller } = move;
  const order = await sellerOrder(deps.db, seller.id, move.orderId);
  const origin = await deps.origin(seller);
  const ids = move.ticketIds.map((id) => id.toLowerCase());
  const at = deps.now();
  const details = await selectOrderTicketDetails(deps.db, [order.id]);
  const chosen = chosenTickets(details, ids, move.sessionId);
  // the reserve's own rules: the same event, a session not yet started, its own prices
  const plan = (moves: Parameters<typeof planTicketMoves>[3]) =>
    planTicketMoves(deps.db, seller.id, move.identity, moves, at);
  const plannedChosen = await plan(chosen.map((d) => ({ d, sessionId: move.sessionId })));
  const addOns = await addOnsFollowingMove(deps.db, {
    sellerId: seller.id,
    sellerZone: seller.timezone,
    details,
    moved: chosen,
    target: { start: plannedChosen[0]!.session!.startDatetime },
  });
  // in the order of `moved`: the held tickets replace them one for one
  const moved = [...chosen, ...addOns.map((a) => a.d)];
  const planned = [...plannedChosen, ...(await plan(addOns))];
  const cancelIds = moved.map((d) => d.ticket.id);
  if (planned.some((p) => p.session?.seatLayoutId)) throw seated(ids[0]!);
  let result;
  try {
    result = await withRetryingTransaction(deps.db, async (tx) => {
      const before = await lockOrderRow(tx, order.id);
      if (!before || before.sellerId !== seller.id) throw officeOrderNotFound();
      const held = await holdReplacements(tx, { move, order: before, moved, planned, at });
      const change = await applyOrderChangeInTx(tx, {
        order: before,
        seller,
        cancelIds,
        editCartId: held.cartId,
        kind: 'order_update',
        now: at,
        mail: move.dryRun ? null : { origin, secret: null, manageable: false },
      });
      const kept = await netPaid(tx, await orderCartIds(tx, change.order));
      const effect: OrderMove = {
        event_session_id: move.sessionId,
        tickets: ids,
        add_ons: addOns.map((a) => ({ ticket_id: a.d.ticket.id, event_session_id: a.sessionId })),
        difference: held.difference,
        waived: held.waived,
        refund: change.refunds.reduce((n, r) => n + r.amount, 0),
        owed: Math.max(0, change.order.totalAfterFeesPrice - kept),
        total_before: before.totalAfterFeesPrice,
        total_after: change.order.totalAfterFeesPrice,
        applied: !move.dryRun,
      };
      if (move.dryRun) throw new DryRun(effect);
      await recordAudit(tx, {
        sellerId: seller.id,
        actor: move.actor,
        action: 'order.move',
        target: orderTarget(order.id),
        before: {
          total: before.totalAfterFeesPrice,
          tickets: moved.map((d) => ({ id: d.ticket.id, session: d.ticket.eventSessionId })),
        },
        after: {
          total: change.order.totalAfterFeesPrice,
          session: move.sessionId,
          tickets: change.added.map((d) => d.ticket.id),
          settle: move.settle,
          add_ons: effect.add_ons,
          difference: effect.difference,
          waived: effect.waived,
          owed: effect.owed,
          refunds: change.refunds.map((r) => ({
            id: r.id,
            payment_id: r.paymentId,
            amount: r.amount,
          })),
        },
        reason: move.reason,
        at,
      });
      return { effect, change };
    });
  } catch (err) {
    if (err instanceof DryRun) return err.effect;
    throw err;
  }
  // committed: both sessions' cached reads go stale, and the card refunds run
  await forgetSessionReads(deps.db, [
    move.sessionId,
    ...addOns.map((a) => a.sessionId),
    ...result.change.cancelled.map((d) => d.ticket.eventSessionId),
  ]);
  await executeRefunds(deps, result.change.refunds);
  return result.effect;
}
