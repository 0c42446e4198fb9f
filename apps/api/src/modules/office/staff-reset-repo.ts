import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '@/db/connection';
import { staffPasswordResetToken } from '@/db/schema/office';
import type { Executor } from '@/db/transaction';

/** The SQL of staff users' reset links (decision 0095); only token hashes are stored. */

const t = staffPasswordResetToken;
export type StaffResetTokenRow = typeof t.$inferSelect;

export async function insertStaffResetToken(
  db: Executor,
  values: {
    sellerId: string;
    staffUserId: string;
    tokenHash: string;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await db.insert(t).values(values);
}

export async function findStaffResetToken(
  db: Executor,
  tokenHash: string,
): Promise<StaffResetTokenRow | undefined> {
  const [row] = await db.select().from(t).where(eq(t.tokenHash, tokenHash)).limit(1);
  return row;
}

/**
 * The single-use gate: marks the link used only if it is unused and unexpired at `now`. Of two
 * resets racing with one link exactly one gets the row back.
 */
export async function consumeStaffResetToken(
  tx: Executor,
  tokenHash: string,
  now: Date,
): Promise<StaffResetTokenRow | undefined> {
  const [row] = await tx
    .update(t)
    .set({ usedAt: now })
    .where(and(eq(t.tokenHash, tokenHash), isNull(t.usedAt), gt(t.expiresAt, now)))
    .returning();
  return row;
}

/** After a reset, the user's other open links stop working too. */
export async function closeOtherStaffResetTokens(
  tx: Executor,
  staffUserId: string,
  keepId: string,
  now: Date,
): Promise<void> {
  await tx
    .update(t)
    .set({ usedAt: now })
    .where(and(eq(t.staffUserId, staffUserId), isNull(t.usedAt), ne(t.id, keepId)));
}

/** A round trip of the same shape as a lookup, for an address that gets no link. */
export async function touchStaffResetTokens(db: Executor, tokenHash: string): Promise<void> {
  await db
    .select({ n: sql<number>`count(*)` })
    .from(t)
    .where(eq(t.tokenHash, tokenHash));
}

/** Housekeeping: links a day past their expiry (auth/housekeeping.ts). */
export async function purgeStaffResetTokens(db: Db, before: Date): Promise<void> {
  await db.delete(t).where(lt(t.expiresAt, before));
}
