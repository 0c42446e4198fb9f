import { eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { payment } from '@/db/schema/payments';
import type { Executor } from '@/db/transaction';

/**
 * How the payment job retries a payment whose gateway call (re-confirm, refund, settlement
 * check) or order keeps failing (decision 0027, "Update (issue 22)"): the n-th failure waits
 * 2 s × 2^(n−1), at most 10 minutes, before the next attempt — the same schedule every time,
 * no jitter, so a test can read it off a fixed clock. The count and the next time are columns
 * of the payment (`recovery_attempts`, `recovery_at`), so a restart keeps the schedule; before,
 * every 2 s poll called the gateway again and logged (569 errors for one payment).
 */

export const RECOVERY_FIRST_DELAY_MS = 2_000;
export const RECOVERY_MAX_DELAY_MS = 10 * 60_000;

/** The wait after the n-th failed attempt (n ≥ 1). */
export const recoveryDelayMs = (attempts: number) =>
  Math.min(RECOVERY_FIRST_DELAY_MS * 2 ** Math.max(0, attempts - 1), RECOVERY_MAX_DELAY_MS);

/** The job's filter: payments it may try now (never failed, or their wait is over). */
export const recoveryDue = (at: Date) =>
  or(isNull(payment.recoveryAt), lte(payment.recoveryAt, at));

/** One failed attempt at a payment: counted, and the next put off by the schedule above. */
export async function deferRecovery(
  db: Executor,
  paymentId: string,
  at: Date,
): Promise<{ attempts: number; nextAt: Date } | null> {
  const [row] = await db
    .update(payment)
    .set({ recoveryAttempts: sql`${payment.recoveryAttempts} + 1` })
    .where(eq(payment.id, paymentId))
    .returning({ attempts: payment.recoveryAttempts });
  if (!row) return null;
  const nextAt = new Date(at.getTime() + recoveryDelayMs(row.attempts));
  await db.update(payment).set({ recoveryAt: nextAt }).where(eq(payment.id, paymentId));
  return { attempts: row.attempts, nextAt };
}

/**
 * The job's one way to handle a failed attempt: put the payment off and log once, with the
 * attempt's number and when the next comes.
 */
export async function recoveryFailed(
  deps: { db: Executor; log: Pick<FastifyBaseLogger, 'error'> },
  paymentId: string,
  at: Date,
  error: unknown,
  what: string,
  fields: Record<string, unknown> = {},
): Promise<void> {
  const next = await deferRecovery(deps.db, paymentId, at).catch(() => null);
  deps.log.error(
    {
      err: error,
      paymentId,
      ...fields,
      attempt: next?.attempts,
      nextAttemptAt: next?.nextAt.toISOString(),
    },
    `payment recovery: ${what}`,
  );
}
