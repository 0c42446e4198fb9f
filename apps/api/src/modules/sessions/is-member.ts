import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '@/db/connection';
import { membership } from '@/db/schema/identity';

/**
 * Whether an identity holds a current membership (shopping §6: members-only events and groups).
 * The one place this is decided. spec: identity §3 "Membership" — active when now is strictly
 * between validFrom and validTo. The public identity (guests) is never a member: no query.
 */
export async function isMember(
  db: Db,
  identity: { id: string; isPublic: boolean },
  now: Date,
): Promise<boolean> {
  if (identity.isPublic) return false;
  const [row] = await db
    .select({ id: membership.id })
    .from(membership)
    .where(
      and(
        eq(membership.identityId, identity.id),
        lt(membership.validFrom, now),
        gt(membership.validTo, now),
      ),
    )
    .limit(1);
  return row !== undefined;
}
