import type { Db } from '@/db/connection';

/**
 * Whether an identity holds a current membership (shopping §6: members-only events and groups).
 * The one place this is decided. Memberships do not exist in the model yet, so nobody is a
 * member; the membership issue fills this in (active = now strictly between validFrom and validTo).
 */
export async function isMember(
  _db: Db,
  identity: { id: string; isPublic: boolean },
  _now: Date,
): Promise<boolean> {
  if (identity.isPublic) return false;
  return false;
}
