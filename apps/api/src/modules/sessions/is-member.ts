import type { Db } from '@/db/connection';
import { hasActiveMembership } from '@/modules/memberships/active';

/**
 * Whether the caller is a member (shopping §6: members-only events and groups). The rule itself
 * lives in modules/memberships/active.ts; the public identity (guests) is never a member, so it
 * costs no query.
 */
export async function isMember(
  db: Db,
  identity: { id: string; isPublic: boolean },
  now: Date,
): Promise<boolean> {
  if (identity.isPublic) return false;
  return hasActiveMembership(db, identity.id, now);
}
