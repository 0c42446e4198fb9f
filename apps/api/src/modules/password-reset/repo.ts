import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '@/db/connection';
import { identity, passwordResetToken, webSession } from '@/db/schema/identity';

export type ResetTokenRow = typeof passwordResetToken.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export async function insertResetToken(
  db: Pick<Db, 'insert'>,
  values: {
    sellerId: string;
    identityId: string;
    tokenHash: string;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await db.insert(passwordResetToken).values(values);
}

export async function findResetToken(
  db: Pick<Db, 'select'>,
  tokenHash: string,
): Promise<ResetTokenRow | null> {
  const [row] = await db
    .select()
    .from(passwordResetToken)
    .where(eq(passwordResetToken.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

/**
 * The single-use gate: marks the token used only if it is unused and unexpired at `now`.
 * Exactly one of two concurrent resets gets the row back; the other gets null.
 */
export async function consumeResetToken(
  tx: Tx,
  tokenHash: string,
  now: Date,
): Promise<ResetTokenRow | null> {
  const [row] = await tx
    .update(passwordResetToken)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetToken.tokenHash, tokenHash),
        isNull(passwordResetToken.usedAt),
        gt(passwordResetToken.expiresAt, now),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * After a reset: the new hash, every other open reset link of the identity closed, and every
 * web session of the identity ended (a stolen session dies with the old password).
 */
export async function applyNewPassword(
  tx: Tx,
  identityId: string,
  keepTokenId: string,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await tx
    .update(identity)
    .set({ passwordHash, updatedAt: now })
    .where(eq(identity.id, identityId));
  await tx
    .update(passwordResetToken)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetToken.identityId, identityId),
        isNull(passwordResetToken.usedAt),
        ne(passwordResetToken.id, keepTokenId),
      ),
    );
  await tx.delete(webSession).where(eq(webSession.identityId, identityId));
}

/** A round trip of the same shape as a lookup, for the unknown-account branch. */
export async function touchResetTokens(db: Pick<Db, 'select'>, tokenHash: string): Promise<void> {
  await db
    .select({ n: sql<number>`count(*)` })
    .from(passwordResetToken)
    .where(eq(passwordResetToken.tokenHash, tokenHash));
}
