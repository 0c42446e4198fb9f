import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/db/connection';
import { ticket } from '@/db/schema/cart';
import { eventTemplate, venue } from '@/db/schema/catalog';
import { identity } from '@/db/schema/identity';
import { membership } from '@/db/schema/memberships';
import { memberCheckIn } from '@/db/schema/seller-api';
import { eventSession } from '@/db/schema/sessions';
import { ticketScan, type NewTicketScan } from '@/db/schema/ticket-scans';
import type { Executor, Tx } from '@/db/transaction';

/** The SQL of check-in (decision 0042). */

/**
 * THE statement of a check-in: booked → redeemed, conditional on the state, so of any number of
 * scans of one ticket at once exactly one gets the row back — PostgreSQL re-checks the WHERE on
 * the row it waited for, and PGlite runs one statement at a time. A cancel racing it is the
 * same `… WHERE state = 'booked'` (orders/order-change.ts): one of the two wins.
 */
export async function redeemBooked(tx: Tx, ids: string[], apiKeyId: string, now: Date) {
  if (ids.length === 0) return [];
  return tx
    .update(ticket)
    .set({ state: 'redeemed', redeemedAt: now, redeemedByApiKeyId: apiKeyId })
    .where(and(inArray(ticket.id, ids), eq(ticket.state, 'booked')))
    .returning({ id: ticket.id });
}

/** Scans of tickets for their history (decision 0107): one INSERT, whatever the count. */
export async function insertTicketScans(db: Executor, scans: NewTicketScan[]) {
  if (scans.length === 0) return;
  await db.insert(ticketScan).values(scans);
}

/** The latest term of a member ID of the seller, with its holder's name. */
export async function latestTermOfMemberCode(db: Db, sellerId: string, memberCode: string) {
  const [row] = await db
    .select({
      memberCode: membership.memberCode,
      identityId: membership.identityId,
      role: membership.role,
      validFrom: membership.validFrom,
      validTo: membership.validTo,
      firstName: identity.firstName,
      lastName: identity.lastName,
    })
    .from(membership)
    .innerJoin(identity, eq(identity.id, membership.identityId))
    .where(and(eq(membership.sellerId, sellerId), eq(membership.memberCode, memberCode)))
    .orderBy(desc(membership.validTo))
    .limit(1);
  return row ?? null;
}

/**
 * A member's entry of the day: the row of (seller, member ID, day), inserted if there is none —
 * ON CONFLICT DO NOTHING on the unique index, so of scans racing on one day exactly one
 * inserts. Answers whether this scan inserted it and when the member came in that day.
 */
export async function admitMemberOnDay(
  db: Db,
  entry: { sellerId: string; memberCode: string; day: string; now: Date; apiKeyId: string },
): Promise<{ admitted: boolean; checkedInAt: Date }> {
  const [inserted] = await db
    .insert(memberCheckIn)
    .values({
      sellerId: entry.sellerId,
      memberCode: entry.memberCode,
      day: entry.day,
      checkedInAt: entry.now,
      apiKeyId: entry.apiKeyId,
    })
    .onConflictDoNothing()
    .returning({ checkedInAt: memberCheckIn.checkedInAt });
  if (inserted) return { admitted: true, checkedInAt: inserted.checkedInAt };
  const [first] = await db
    .select({ checkedInAt: memberCheckIn.checkedInAt })
    .from(memberCheckIn)
    .where(
      and(
        eq(memberCheckIn.sellerId, entry.sellerId),
        eq(memberCheckIn.memberCode, entry.memberCode),
        eq(memberCheckIn.day, entry.day),
      ),
    );
  return { admitted: false, checkedInAt: first!.checkedInAt };
}

/** The venue zone of a session of the seller's (null: no such session, or no venue). */
export async function venueZoneOfSession(db: Db, sellerId: string, sessionId: string) {
  const [row] = await db
    .select({ timezone: venue.timezone })
    .from(eventSession)
    .innerJoin(eventTemplate, eq(eventTemplate.id, eventSession.eventTemplateId))
    .innerJoin(venue, eq(venue.id, eventTemplate.venueId))
    .where(and(eq(eventSession.id, sessionId), eq(eventTemplate.sellerId, sellerId)));
  return row?.timezone || null;
}
