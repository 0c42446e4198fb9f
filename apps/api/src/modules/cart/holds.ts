import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { ticket, type TicketRow } from '@/db/schema/cart';
import { ticketGroup } from '@/db/schema/catalog';
import { eventSession } from '@/db/schema/sessions';
import type { Executor } from '@/db/transaction';

/**
 * Capacity holds (issue "Holds"). Capacity is taken by ONE conditional UPDATE per counter row
 * (hold-statement.ts): PostgreSQL re-checks the WHERE clause against the latest committed row
 * after waiting for a concurrent writer, so two buyers can never both take the last place. No
 * advisory locks, no read-then-write. Lock order everywhere: cart row, then session rows, then
 * group rows, each sorted by id, so crossing transactions rarely deadlock (and are replayed
 * when they do).
 */

/**
 * Gives back the places held by the given tickets of a cart: counts per counter row, then one
 * decrement per row in lock order. Only tickets still `in_cart` hold anything; the caller has
 * already won the cart row (state gate or row lock), so no ticket is released twice.
 */
export async function releaseHeldCapacity(tx: Executor, cartId: string, ticketIds?: string[]) {
  const held = and(
    eq(ticket.cartId, cartId),
    eq(ticket.state, 'in_cart'),
    ticketIds ? inArray(ticket.id, ticketIds) : undefined,
  );
  const count = sql<number>`cast(count(*) as integer)`;
  const sessions = await tx
    .select({ id: ticket.eventSessionId, n: count })
    .from(ticket)
    .where(and(held, eq(ticket.holdsSessionCapacity, true)))
    .groupBy(ticket.eventSessionId)
    .orderBy(asc(ticket.eventSessionId));
  const groups = await tx
    .select({ id: ticket.ticketGroupId, n: count })
    .from(ticket)
    .where(and(held, eq(ticket.holdsGroupCapacity, true)))
    .groupBy(ticket.ticketGroupId)
    .orderBy(asc(ticket.ticketGroupId));
  await decrementCounters(tx, sessions, groups);
}

type Counts = { id: string | null; n: number }[];

/** One decrement per counter row, sessions then groups, each in id order (the lock order). */
async function decrementCounters(tx: Executor, sessions: Counts, groups: Counts) {
  for (const { id, n } of sessions) {
    if (!id) continue;
    await tx
      .update(eventSession)
      .set({ usedCapacity: sql`greatest(${eventSession.usedCapacity} - ${n}, 0)` })
      .where(eq(eventSession.id, id));
  }
  for (const { id, n } of groups) {
    if (!id) continue;
    await tx
      .update(ticketGroup)
      .set({ usedCapacity: sql`greatest(${ticketGroup.usedCapacity} - ${n}, 0)` })
      .where(eq(ticketGroup.id, id));
  }
}

const countBy = (tickets: TicketRow[], key: (t: TicketRow) => string | null): Counts => {
  const counts = new Map<string, number>();
  for (const t of tickets) {
    const id = key(t);
    if (id) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return [...counts.keys()].sort().map((id) => ({ id, n: counts.get(id)! }));
};

/**
 * Gives back the places of booked tickets the caller has just cancelled (identity §5 cancel,
 * decision 0036): only the tickets its conditional `booked → cancelled` update returned, so a
 * place comes back exactly once whoever else tries to cancel the same ticket.
 */
export async function releaseCancelledCapacity(tx: Executor, cancelled: TicketRow[]) {
  await decrementCounters(
    tx,
    countBy(cancelled, (t) => (t.holdsSessionCapacity ? t.eventSessionId : null)),
    countBy(cancelled, (t) => (t.holdsGroupCapacity ? t.ticketGroupId : null)),
  );
}
