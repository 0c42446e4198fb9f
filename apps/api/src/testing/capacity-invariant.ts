import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/connection';
import { ticket } from '@/db/schema/cart';
import { eventSession } from '@/db/schema/sessions';

/**
 * The capacity invariant of a session after a rush (cart-concurrency.test.ts in one process,
 * cluster.test.ts across nodes).
 */
export interface Invariant {
  capacity: number;
  used: number;
  held: number;
  violations: string[];
}

/** What must hold whatever happened: held tickets = used_capacity ≤ capacity + oversell. */
export async function checkInvariant(db: Db, sessionId: string): Promise<Invariant> {
  const [row] = await db.select().from(eventSession).where(eq(eventSession.id, sessionId));
  const [counted] = await db
    .select({ n: sql<number>`cast(count(*) as integer)` })
    .from(ticket)
    .where(and(eq(ticket.eventSessionId, sessionId), eq(ticket.state, 'in_cart')));
  const capacity = row!.capacity + row!.oversellCapacity;
  const used = row!.usedCapacity;
  const held = counted!.n;
  const violations = [
    held > capacity ? `oversold: ${held} tickets held for ${capacity} places` : '',
    used !== held ? `used_capacity ${used} differs from ${held} held tickets` : '',
    used > capacity ? `used_capacity ${used} above ${capacity}` : '',
  ].filter(Boolean);
  return { capacity, used, held, violations };
}
