import type { CartModifyBody } from '@admit/contracts/cart';
import type { OrderEditBody } from '@admit/contracts/manage';
import { cancelRefusal, isEditableKind, selfEditRefusal } from '@admit/contracts/rules/self-edit';
import type { Db } from '@/db/connection';
import { validationFailed } from '@/http/app-error';
import type { Caller } from '@/http/caller';
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
  const modify: CartModifyBody = {
    reserve: {
      tickets: moved.map(({ d, line }) => ({
        ticket_type_id: line.ticket_type_id ?? d.ticket.ticketTypeId,
        event_session_id: line.event_session_id,
        admit_name: d.ticket.admitName ?? undefined,
        admit_email: d.ticket.admitEmail ?? undefined,
        additional_info: (d.ticket.additionalInfo as Record<string, unknown> | null) ?? undefined,
      })),
    },
  };
  const { planned } = await planTickets(db, caller.seller.id, caller.identity, modify, at);
  planned.forEach((p, i) => {
    const { d } = moved[i]!;
    // spec: identity §4 "Reschedule" — another date of the same event, an editable kind
    if (
      p.event.id !== d.ticket.eventTemplateId ||
      !isEditableKind({ handler: p.group.handler, category: p.event.category }, managed.rules)
    ) {
      throw validationFailed(
        'order_edit',
        'reschedule',
        'a ticket moves to another session of its own event',
      );
    }
  });
  return { moved, planned };
}
