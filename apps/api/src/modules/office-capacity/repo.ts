import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { eventTemplate } from '@/db/schema/catalog';
import { eventSession } from '@/db/schema/sessions';
import type { Executor } from '@/db/transaction';
import { sessionStartsOn } from '@/modules/catalog/conditions';

/** The capacity screen's SQL (decision 0089): sessions with their held and sold places. */

const s = eventSession;

// the tickets that took a place on the session's counter (`holds_session_capacity`), split
// into those still in a cart and those sold; what `used_capacity` counts, read for display
const placesTaken = (states: readonly string[]) =>
  sql<number>`(select count(*)::int from ticket t
    where t.event_session_id = ${s.id} and t.holds_session_capacity
      and t.state in (${sql.join(
        states.map((state) => sql`${state}`),
        sql`, `,
      )}))`;
const HELD = ['held', 'in_cart'] as const;
const SOLD = ['booked', 'redeemed'] as const;

const columns = {
  id: s.id,
  eventTemplateId: s.eventTemplateId,
  eventName: eventTemplate.name,
  startDatetime: s.startDatetime,
  endDatetime: s.endDatetime,
  capacity: s.capacity,
  oversellCapacity: s.oversellCapacity,
  usedCapacity: s.usedCapacity,
  soldOut: s.soldOut,
  held: placesTaken(HELD),
  sold: placesTaken(SOLD),
};

export type SessionPlaces = {
  id: string;
  eventTemplateId: string;
  eventName: string;
  startDatetime: Date;
  endDatetime: Date;
  capacity: number;
  oversellCapacity: number;
  usedCapacity: number;
  soldOut: boolean;
  held: number;
  sold: number;
};

function selectPlaces(db: Executor, where: SQL | undefined): Promise<SessionPlaces[]> {
  return db
    .select(columns)
    .from(s)
    .innerJoin(eventTemplate, eq(eventTemplate.id, s.eventTemplateId))
    .where(where)
    .orderBy(asc(s.startDatetime), asc(eventTemplate.name), asc(s.id));
}

/** The seller's sessions starting on a local date (the venue's zone, else the seller's). */
export const sessionsOnDate = (db: Executor, sellerId: string, date: string) =>
  selectPlaces(db, and(eq(s.sellerId, sellerId), sessionStartsOn(date)));

/** One of the seller's sessions, or undefined (another seller's is none). */
export async function sessionOf(db: Executor, sellerId: string, id: string) {
  const [row] = await selectPlaces(db, and(eq(s.sellerId, sellerId), eq(s.id, id)));
  return row;
}

export interface CapacityWrite {
  sellerId: string;
  id: string;
  /** -1: unlimited */
  capacity: number;
  closed: boolean;
  /** the staff user accepted a capacity below the places taken */
  belowTaken: boolean;
}

/**
 * The one conditional UPDATE of a session's capacity and closed flag. Unless `belowTaken`, it
 * matches only while the places taken fit the new capacity: the condition is judged on the
 * row as locked, so a hold that commits between the preview and the change makes it match
 * nothing (PostgreSQL re-reads the row after the lock wait), never a counter above capacity.
 * Returns the values before and after, or undefined when it matched no row.
 */
export async function writeCapacity(tx: Executor, write: CapacityWrite) {
  const fits = write.belowTaken
    ? sql`true`
    : sql`(${write.capacity}::int = -1 or s.used_capacity <= ${write.capacity}::int + s.oversell_capacity)`;
  const result = await tx.execute<{
    before_capacity: number;
    before_closed: boolean;
    used_capacity: number;
  }>(sql`update event_session s
      set capacity = ${write.capacity}::int, sold_out = ${write.closed}::boolean
      from (select id, capacity, sold_out from event_session
              where id = ${write.id}::uuid and seller_id = ${write.sellerId}::uuid
              for update) old
      where s.id = old.id and ${fits}
      returning old.capacity as before_capacity, old.sold_out as before_closed, s.used_capacity`);
  const row = result.rows[0];
  return row
    ? {
        beforeCapacity: Number(row.before_capacity),
        beforeClosed: Boolean(row.before_closed),
        usedCapacity: Number(row.used_capacity),
      }
    : undefined;
}

/** Closes or reopens the given sessions; the ids of those whose flag changed. */
export async function writeClosed(tx: Executor, sellerId: string, ids: string[], closed: boolean) {
  if (ids.length === 0) return [];
  const rows = await tx
    .update(s)
    .set({ soldOut: closed })
    .where(
      and(
        eq(s.sellerId, sellerId),
        sql`${s.id} in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
        sql`${s.soldOut} <> ${closed}::boolean`,
      ),
    )
    .returning({ id: s.id });
  return rows.map((r) => r.id);
}
