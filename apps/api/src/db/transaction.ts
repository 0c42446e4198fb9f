import type { Db } from '@/db/connection';

/** A drizzle transaction handle (the same API as `Db` for queries). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What repo functions need: a database or a transaction. */
export type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

// serialization_failure and deadlock_detected: safe to replay the whole transaction
const RETRYABLE_SQLSTATES = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 5;

/** The SQLSTATE of a database error, also when drizzle wraps the driver's error as `cause`. */
export function sqlStateOf(err: unknown): string | null {
  for (let current = err, depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * Runs `work` in a transaction and replays it when PostgreSQL aborts it for a serialization
 * failure or a deadlock (holds update several counter rows, so two carts can cross). `work`
 * must be free of side effects outside the transaction. Other errors propagate untouched.
 */
export async function withRetryingTransaction<T>(
  db: Db,
  work: (tx: Tx) => Promise<T>,
  attempts = MAX_ATTEMPTS,
): Promise<T> {
  return withRetryingStatement(() => db.transaction(work), attempts);
}

/**
 * Replays `work`, one autocommitted statement (its own transaction), on the same failures as
 * `withRetryingTransaction`: engines that run every transaction serializable may abort it.
 */
export async function withRetryingStatement<T>(
  work: () => Promise<T>,
  attempts = MAX_ATTEMPTS,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      const state = sqlStateOf(err);
      if (attempt >= attempts || !state || !RETRYABLE_SQLSTATES.has(state)) throw err;
      // a little jitter so the replays of crossed transactions do not collide again
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
}
