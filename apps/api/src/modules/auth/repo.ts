import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/connection';
import { identity } from '@/db/schema/identity';
import { membership } from '@/db/schema/memberships';
import {
  findUserByEmail,
  insertUser,
  normalizeEmail,
  type IdentityRow,
} from '@/modules/users/repo';

type Reader = Pick<Db, 'select'>;

/** The identity holding the membership with this member ID (identity §6 member-ID login). */
export async function findIdentityByMemberCode(
  db: Reader,
  sellerId: string,
  memberCode: string,
): Promise<IdentityRow | null> {
  const [row] = await db
    .select({ identity })
    .from(membership)
    .innerJoin(identity, eq(identity.id, membership.identityId))
    .where(and(eq(membership.sellerId, sellerId), eq(membership.memberCode, memberCode.trim())))
    .limit(1);
  return row?.identity ?? null;
}

const UNIQUE_VIOLATION = '23505';
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
  }
  return false;
}

/**
 * The person an external provider vouched for, by e-mail; created (without a password) on first
 * login. Two first logins racing meet at the unique e-mail index; the loser reads the winner.
 */
export async function findOrCreateExternalUser(
  db: Db,
  sellerId: string,
  claims: { email: string; given_name?: string; family_name?: string; sub: string },
): Promise<IdentityRow> {
  const existing = await findUserByEmail(db, sellerId, claims.email);
  if (existing) return existing;
  try {
    return await insertUser(db, {
      sellerId,
      email: normalizeEmail(claims.email),
      firstName: claims.given_name ?? null,
      lastName: claims.family_name ?? null,
      passwordHash: null,
      meta: { external_sub: claims.sub },
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const winner = await findUserByEmail(db, sellerId, claims.email);
    if (!winner) throw error;
    return winner;
  }
}
