import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '@/db/connection';
import { membership } from '@/db/schema/memberships';

/** Anything that can run drizzle selects: the database or an open transaction. */
type Reader = Pick<Db, 'select'>;

/**
 * The rule of a current membership, and its only home: spec identity §3 "Membership" — active
 * when now is strictly between validFrom and validTo. Every check (members-only reads, member
 * benefits in a reserve, login and reset flows) builds on this condition.
 */
export const activeMembershipOf = (identityId: string, now: Date) =>
  and(
    eq(membership.identityId, identityId),
    lt(membership.validFrom, now),
    gt(membership.validTo, now),
  );

/** Whether an identity holds an active membership right now. */
export async function hasActiveMembership(
  db: Reader,
  identityId: string,
  now: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ id: membership.id })
    .from(membership)
    .where(activeMembershipOf(identityId, now))
    .limit(1);
  return row !== undefined;
}
