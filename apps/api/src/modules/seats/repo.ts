import { and, eq, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '@/db/connection';
import { ticket } from '@/db/schema/cart';
import { seatLayout, seatTemplate, seatTemplateGroup } from '@/db/schema/seats';
import { eventSession } from '@/db/schema/sessions';
import type { Executor } from '@/db/transaction';

/** The seat map's and the seat checks' SQL (decision 0052). */

/** Ticket states that no longer hold a seat: the partial unique index leaves them out. */
export const SEAT_FREEING_STATES = ['cancelled', 'unbooked'];

/** The event's session with the layout it sells (null layout: not seated). */
export async function selectSessionWithLayout(db: Db, eventId: string, sessionId: string) {
  const [row] = await db
    .select({ session: eventSession, layout: seatLayout })
    .from(eventSession)
    .leftJoin(seatLayout, eq(seatLayout.id, eventSession.seatLayoutId))
    .where(and(eq(eventSession.id, sessionId), eq(eventSession.eventTemplateId, eventId)))
    .limit(1);
  return row ?? null;
}

// the seat's groups as one comma list, in id order (portable: string_agg runs on PostgreSQL,
// PGlite and the PostgreSQL-compatible distributed engines)
const groupsOfSeat = sql<string | null>`(select string_agg(${seatTemplateGroup.ticketGroupId}::text,
  ',' order by ${seatTemplateGroup.ticketGroupId}) from ${seatTemplateGroup}
  where ${seatTemplateGroup.seatTemplateId} = ${seatTemplate.id})`;

/** A seat of the map as the read needs it. */
export interface LayoutSeat {
  id: string;
  section: string;
  row: string;
  seat: string;
  x: number;
  y: number;
  r: number;
  blocked: boolean;
  accessibility: string | null;
  companionOf: string | null;
  previousId: string | null;
  nextId: string | null;
  /** the seat's groups as a comma list (null: none) */
  groups: string | null;
}

/**
 * Every seat of a layout with its groups, in reading order: one query, answered as ONE json
 * value of arrays. 5,000 seats as rows cost the driver more than the database (each of ~70,000
 * values parsed on its own); one JSON.parse is several times faster (decision 0052).
 */
export async function selectLayoutSeats(db: Db, layoutId: string): Promise<LayoutSeat[]> {
  const st = seatTemplate;
  const result = await db.execute<{ seats: unknown }>(sql`select json_agg(json_build_array(
      ${st.id}, ${st.section}, ${st.row}, ${st.seat}, ${st.x}, ${st.y}, ${st.r}, ${st.blocked},
      ${st.accessibility}, ${st.companionOf}, ${st.previousId}, ${st.nextId}, ${groupsOfSeat}
    ) order by ${st.sort}, ${st.id}) as seats
    from ${st} where ${st.seatLayoutId} = ${layoutId}::uuid`);
  const raw = result.rows[0]?.seats ?? null;
  const rows = (typeof raw === 'string' ? JSON.parse(raw) : (raw ?? [])) as unknown[][];
  return rows.map((r) => ({
    id: r[0] as string,
    section: r[1] as string,
    row: r[2] as string,
    seat: r[3] as string,
    x: r[4] as number,
    y: r[5] as number,
    r: r[6] as number,
    blocked: r[7] as boolean,
    accessibility: r[8] as string | null,
    companionOf: r[9] as string | null,
    previousId: r[10] as string | null,
    nextId: r[11] as string | null,
    groups: r[12] as string | null,
  }));
}

/** The given seats with their groups (the reserve's checks). */
export function selectSeatsByIds(db: Executor, seatIds: string[]) {
  return db
    .select({ seat: seatTemplate, groups: groupsOfSeat })
    .from(seatTemplate)
    .where(inArray(seatTemplate.id, seatIds));
}

const liveSeatTickets = (sessionId: string) =>
  and(
    eq(ticket.eventSessionId, sessionId),
    isNotNull(ticket.seatTemplateId),
    notInArray(ticket.state, SEAT_FREEING_STATES),
  );

/** The seats a live ticket holds at the session (the partial unique index answers it). */
export async function selectTakenSeatIds(db: Executor, sessionId: string): Promise<string[]> {
  const rows = await db
    .select({ id: ticket.seatTemplateId })
    .from(ticket)
    .where(liveSeatTickets(sessionId));
  return rows.map((r) => r.id!.toLowerCase());
}

/** Which of these seats a live ticket holds at the session. */
export async function selectTakenAmong(
  db: Executor,
  sessionId: string,
  seatIds: string[],
): Promise<string[]> {
  if (seatIds.length === 0) return [];
  const rows = await db
    .select({ id: ticket.seatTemplateId })
    .from(ticket)
    .where(and(liveSeatTickets(sessionId), inArray(ticket.seatTemplateId, seatIds)));
  return rows.map((r) => r.id!.toLowerCase());
}

/** The seats of a cart's live tickets at a session (a companion seat's wheelchair seat). */
export async function selectCartSeatIds(
  db: Executor,
  cartId: string,
  sessionId: string,
): Promise<string[]> {
  const rows = await db
    .select({ id: ticket.seatTemplateId })
    .from(ticket)
    .where(and(eq(ticket.cartId, cartId), eq(ticket.state, 'in_cart'), liveSeatTickets(sessionId)));
  return rows.map((r) => r.id!.toLowerCase());
}
