import { and, asc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '@/db/connection';
import { ticket } from '@/db/schema/cart';
import { eventTemplate } from '@/db/schema/catalog';
import { eventSession } from '@/db/schema/sessions';

/** The reads of the office's today page (decision 0088): one seller's sessions of one day. */

/** A ticket that holds a place at the door: sold into an order and not given back. */
const AT_THE_DOOR = ['booked', 'redeemed'];

/** The seller's sessions starting in [from, to), with their event's name, by start. */
export function sessionsStarting(db: Db, sellerId: string, from: Date, to: Date) {
  return db
    .select({
      id: eventSession.id,
      eventTemplateId: eventSession.eventTemplateId,
      eventName: eventTemplate.name,
      start: eventSession.startDatetime,
      end: eventSession.endDatetime,
      capacity: eventSession.capacity,
    })
    .from(eventSession)
    .innerJoin(eventTemplate, eq(eventTemplate.id, eventSession.eventTemplateId))
    .where(
      and(
        eq(eventSession.sellerId, sellerId),
        gte(eventSession.startDatetime, from),
        lt(eventSession.startDatetime, to),
      ),
    )
    .orderBy(asc(eventSession.startDatetime), asc(eventTemplate.name));
}

/** Sold and checked-in tickets per session (the sessions are the seller's: sessionsStarting). */
export async function doorCounts(db: Db, sessionIds: string[]) {
  if (sessionIds.length === 0) return [];
  return db
    .select({
      sessionId: ticket.eventSessionId,
      sold: sql<number>`count(*)::int`,
      checkedIn: sql<number>`(count(*) filter (where ${ticket.state} = 'redeemed'))::int`,
    })
    .from(ticket)
    .where(
      and(
        inArray(ticket.eventSessionId, sessionIds),
        isNotNull(ticket.ticketOrderId),
        inArray(ticket.state, AT_THE_DOOR),
      ),
    )
    .groupBy(ticket.eventSessionId);
}

/** When each checked-in ticket of the sessions was scanned. */
export async function arrivalTimes(db: Db, sessionIds: string[]): Promise<Date[]> {
  if (sessionIds.length === 0) return [];
  const rows = await db
    .select({ at: ticket.redeemedAt })
    .from(ticket)
    .where(
      and(
        inArray(ticket.eventSessionId, sessionIds),
        eq(ticket.state, 'redeemed'),
        isNotNull(ticket.redeemedAt),
      ),
    );
  return rows.map((r) => r.at!);
}
