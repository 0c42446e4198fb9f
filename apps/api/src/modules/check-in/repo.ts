import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/db/connection';
import { ticket } from '@/db/schema/cart';
import { identity } from '@/db/schema/identity';
import { membership } from '@/db/schema/memberships';
import type { Tx } from '@/db/transaction';

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
