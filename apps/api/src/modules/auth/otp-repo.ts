import { and, eq, sql } from 'drizzle-orm';
import { OTP_MAX_ATTEMPTS } from '@admit/contracts/constants';
import type { Db } from '@/db/connection';
import { otpChallenge } from '@/db/schema/identity';
import { outbox } from '@/db/schema/mail';

export type OtpChallengeRow = typeof otpChallenge.$inferSelect;
type Executor = Pick<Db, 'select' | 'insert' | 'update'>;

export async function insertChallenge(
  db: Pick<Db, 'insert'>,
  values: typeof otpChallenge.$inferInsert,
): Promise<void> {
  await db.insert(otpChallenge).values(values);
}

export async function findChallenge(
  db: Executor,
  sellerId: string,
  tokenHash: string,
): Promise<OtpChallengeRow | null> {
  const [row] = await db
    .select()
    .from(otpChallenge)
    .where(and(eq(otpChallenge.sellerId, sellerId), eq(otpChallenge.tokenHash, tokenHash)))
    .limit(1);
  return row ?? null;
}

/**
 * Counts one guess. The condition is the limit: concurrent guesses queue on the row, and once
 * OTP_MAX_ATTEMPTS are counted (or the challenge is consumed or expired) no row comes back.
 */
export async function countGuess(
  db: Executor,
  id: string,
  now: Date,
): Promise<{ attempts: number } | null> {
  const [row] = await db
    .update(otpChallenge)
    .set({ attempts: sql`${otpChallenge.attempts} + 1` })
    .where(
      and(
        eq(otpChallenge.id, id),
        sql`${otpChallenge.attempts} < ${OTP_MAX_ATTEMPTS}`,
        sql`${otpChallenge.consumedAt} IS NULL`,
        sql`${otpChallenge.expiresAt} > ${now}`,
      ),
    )
    .returning({ attempts: otpChallenge.attempts });
  return row ?? null;
}

/** Marks the challenge used; false when another request consumed it first. */
export async function consumeChallenge(db: Executor, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(otpChallenge)
    .set({ consumedAt: now })
    .where(and(eq(otpChallenge.id, id), sql`${otpChallenge.consumedAt} IS NULL`))
    .returning({ id: otpChallenge.id });
  return rows.length > 0;
}

/** Whether a passcode mail to this address is still waiting in the outbox (not sent yet). */
export async function passcodeMailPending(
  db: Executor,
  sellerId: string,
  email: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        eq(outbox.sellerId, sellerId),
        eq(outbox.kind, 'otp'),
        eq(outbox.status, 'pending'),
        sql`lower(${outbox.toAddress}) = lower(${email})`,
      ),
    )
    .limit(1);
  return row !== undefined;
}
