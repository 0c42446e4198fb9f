import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { TicketFacts } from '@admit/contracts/rules/self-edit';
import { ticket, type TicketRow } from '@/db/schema/cart';
import { eventTemplate, meta, ticketGroup, ticketType, venue } from '@/db/schema/catalog';
import { seatTemplate } from '@/db/schema/seats';
import { eventSession } from '@/db/schema/sessions';
import { seatLabel } from '@admit/contracts/seat-map';
import type { Executor } from '@/db/transaction';
import { chargedLineTotals } from '@admit/contracts/rules/fees';
import { TICKET_DATE_TIME_KEY, ticketDateTimeValue } from '@admit/contracts/session-time';

/**
 * An order's tickets with what the after-sale rules, the mails, the account lists and the wallet
 * passes read beside each (identity §3 Ticket, Event template, Event session): one joined read.
 */
export interface OrderTicketDetail {
  ticket: TicketRow;
  typeName: string;
  outsideFees: unknown;
  groupName: string;
  handler: string;
  eventName: string;
  category: string | null;
  session: { id: string; start: Date; end: Date } | null;
  /** the venue's zone, else null (the seller's applies) */
  timeZone: string | null;
  /** the event's meta `ticket_date_time`: how its ticket dates read (shopping §3); null: default */
  ticketDateTime: string | null;
  /** a seated ticket's seat, "Stalls, Row F, seat 12" (issue #24); null when unseated */
  seatName: string | null;
}

const columns = {
  ticket,
  typeName: ticketType.name,
  outsideFees: ticketType.outsideFees,
  groupName: ticketGroup.name,
  handler: ticketGroup.handler,
  eventName: eventTemplate.name,
  category: eventTemplate.category,
  sessionId: eventSession.id,
  start: eventSession.startDatetime,
  end: eventSession.endDatetime,
  timeZone: venue.timezone,
  ticketDateTime: meta.value,
  seatSection: seatTemplate.section,
  seatRow: seatTemplate.row,
  seatNumber: seatTemplate.seat,
};

function joined(db: Executor) {
  return (
    db
      .select(columns)
      .from(ticket)
      .innerJoin(ticketType, eq(ticketType.id, ticket.ticketTypeId))
      .innerJoin(ticketGroup, eq(ticketGroup.id, ticket.ticketGroupId))
      .innerJoin(eventTemplate, eq(eventTemplate.id, ticket.eventTemplateId))
      .leftJoin(eventSession, eq(eventSession.id, ticket.eventSessionId))
      .leftJoin(venue, eq(venue.id, eventTemplate.venueId))
      // at most one row: meta is unique by resource, resource id and key
      .leftJoin(
        meta,
        and(
          eq(meta.resource, 'event_template'),
          eq(meta.resourceId, eventTemplate.id),
          eq(meta.key, TICKET_DATE_TIME_KEY),
        ),
      )
      // the ticket keeps the seat's id as text (decision 0052): compare as text, no cast can fail
      .leftJoin(seatTemplate, sql`${seatTemplate.id}::text = ${ticket.seatTemplateId}`)
  );
}

type JoinedRow = Awaited<ReturnType<typeof joined>>[number];

const toDetail = (r: JoinedRow): OrderTicketDetail => ({
  ticket: r.ticket,
  typeName: r.typeName,
  outsideFees: r.outsideFees,
  groupName: r.groupName,
  handler: r.handler,
  eventName: r.eventName,
  category: r.category,
  session: r.sessionId && r.start && r.end ? { id: r.sessionId, start: r.start, end: r.end } : null,
  timeZone: r.timeZone,
  ticketDateTime: ticketDateTimeValue(r.ticketDateTime),
  seatName:
    r.seatSection !== null && r.seatRow !== null && r.seatNumber !== null
      ? seatLabel({ section: r.seatSection, row: r.seatRow, seat: r.seatNumber })
      : null,
});

/** Every ticket of the orders (any state), in the order they were made. */
export async function selectOrderTicketDetails(
  db: Executor,
  orderIds: string[],
): Promise<OrderTicketDetail[]> {
  if (orderIds.length === 0) return [];
  const rows = await joined(db)
    .where(inArray(ticket.ticketOrderId, orderIds))
    .orderBy(asc(ticket.createdAt), asc(ticket.id));
  return rows.map(toDetail);
}

/** The tickets of a cart (an edit cart's held replacements). */
export async function selectCartTicketDetails(
  db: Executor,
  cartId: string,
): Promise<OrderTicketDetail[]> {
  const rows = await joined(db)
    .where(eq(ticket.cartId, cartId))
    .orderBy(asc(ticket.createdAt), asc(ticket.id));
  return rows.map(toDetail);
}

/** The rules' view of a ticket (packages/contracts/src/rules/self-edit.ts). */
export const factsOf = (d: OrderTicketDetail): TicketFacts => ({
  state: d.ticket.state,
  handler: d.handler,
  category: d.category,
  faceValue: d.ticket.faceValue,
  adjustedValue: d.ticket.adjustedValue,
  start: d.session?.start ?? null,
});

/** What one ticket costs in the order's totals, minor units (identity §3 ticket_order_fees). */
// decision 0047: an order's ticket costs the fees frozen on it at checkout, an edit cart's held
// replacement the live line rule, so an edit's difference and the order's totals agree with
// what was charged even after the seller changed a fee or tax rate
export function ticketCharge(d: Pick<OrderTicketDetail, 'ticket' | 'outsideFees'>) {
  const { faceValue, adjustedValue } = d.ticket;
  const line = chargedLineTotals(faceValue, adjustedValue, d.outsideFees, d.ticket);
  return {
    face: line.face,
    feeFixed: line.serviceCharge,
    feePercent: line.tax,
    cartmod: line.discount,
    total: line.total,
  };
}
