import type { CartModifyBody } from '@admit/contracts/cart';
import type { OrderEditBody } from '@admit/contracts/manage';
import { cancelRefusal, isEditableKind, selfEditRefusal } from '@admit/contracts/rules/self-edit';
import type { Db } from '@/db/connection';
import { validationFailed } from '@/http/app-error';
import type { Caller } from '@/http/caller';
import type { RequestIdentity } from '@/http/request-context';
import { planTickets } from '@/modules/cart/reserve-plan';
import { factsOf, type OrderTicketDetail } from '@/modules/orders/order-tickets';
import { horizonClock, type ManagedOrder } from './access';
import { refusalError, ticketNotFound } from './refusals';

/** What an edit asks of the order's tickets, checked against the rules, and its reserve plan. */

/** Checks each named order ticket against the rules of what is asked of it. */
export function checkTickets(
  managed: ManagedOrder,
  details: OrderTicketDetail[],
  ids: string[],
  action: 'cancel' | 'reschedule',
  caller: Caller,
  at: Date,
) {
  return ids.map((id) => {
    const detail = details.find((d) => d.ticket.id === id);
    if (!detail) throw ticketNotFound(id);
    const clock = horizonClock(at, detail.timeZone || caller.seller.timezone, managed.rules);
    const facts = factsOf(detail);
    const refusal =
      action === 'cancel'
        ? cancelRefusal(facts, managed.rules, clock)
        : selfEditRefusal(facts, managed.rules, clock);
    if (refusal) throw refusalError(refusal, id, action);
    return detail;
  });
}

/** One order ticket moved: to this session, as this type (its own when none is named). */
export interface TicketMove {
  d: OrderTicketDetail;
  sessionId: string;
  typeId?: string;
}

const otherEvent = () =>
  validationFailed(
    'order_edit',
    'reschedule',
    'a ticket moves to another session of its own event',
  );

/**
 * The reserve plan of moved tickets, the one home of a move's pricing (the visitor's
 * reschedule and the office's move, decision 0094): same people, the new session (and type),
 * planned by the reserve's own rules (sales window, started session, session prices).
 */
export async function planTicketMoves(
  db: Db,
  sellerId: string,
  identity: RequestIdentity,
  moves: TicketMove[],
  at: Date,
) {
  if (moves.length === 0) return [];
  const modify: CartModifyBody = {
    reserve: {
      tickets: moves.map(({ d, sessionId, typeId }) => ({
        ticket_type_id: typeId ?? d.ticket.ticketTypeId,
        event_session_id: sessionId,
        admit_name: d.ticket.admitName ?? undefined,
        admit_email: d.ticket.admitEmail ?? undefined,
        additional_info: (d.ticket.additionalInfo as Record<string, unknown> | null) ?? undefined,
      })),
    },
  };
  const { planned } = await planTickets(db, sellerId, identity, modify, at);
  // spec: identity §4 "Reschedule" — another date of the same event
  if (planned.some((p, i) => p.event.id !== moves[i]!.d.ticket.eventTemplateId)) throw otherEvent();
  return planned;
}

/** The reserve plan of the rescheduled tickets: same people, the new session (and type). */
export async function planReschedule(
  db: Db,
  managed: ManagedOrder,
  body: OrderEditBody,
  caller: Caller,
  at: Date,
  details: OrderTicketDetail[],
) {
  const lines = body.reschedule ?? [];
  const moved = lines.flatMap((line) =>
    checkTickets(managed, details, line.ticket_ids, 'reschedule', caller, at).map((d) => ({
      d,
      line,
    })),
  );
  if (moved.length === 0) return { moved, planned: [] };
  const planned = await planTicketMoves(
    db,
    caller.seller.id,
    caller.identity,
    moved.map(({ d, line }) => ({
      d,
      sessionId: line.event_session_id,
      typeId: line.ticket_type_id ?? undefined,
    })),
    at,
  );
  // spec: identity §4 "Reschedule" — an editable kind
  if (
    planned.some(
      (p) =>
        !isEditableKind({ handler: p.group.handler, category: p.event.category }, managed.rules),
    )
  ) {
    throw otherEvent();
  }
  return { moved, planned };
}
