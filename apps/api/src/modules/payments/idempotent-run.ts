import type { Db } from '@/db/connection';
import { idempotencyKey } from '@/db/schema/payments';
import { AppError } from '@/http/app-error';
import {
  releaseLease,
  selectKey,
  selectKeyById,
  storeAnswer,
  takeLease,
  type KeyRow,
  type StoredAnswer,
} from './idempotency';

/**
 * One request under an Idempotency-Key, run once (decision 0027): claim the key or replay its
 * answer, run the work, and move the key on by the outcome. The key's states and the statements
 * that move them are in idempotency.ts.
 */

/** Test seam: runs after the work answered, before the answer is stored (a crash there). */
export const idempotencyTestHooks: { beforeStore: (() => void) | null } = { beforeStore: null };

export interface IdempotencyOptions {
  now: () => Date;
  /** how long a holder owns a key before someone else may take it over */
  leaseMs: number;
  cartId: string;
  /**
   * Finishes a `charged` key (the order, or the refund) and answers its final result; null when
   * another holder has it (answered 409 for now). `leaseHeld`: the caller already holds it.
   */
  finishCharged: ((keyId: string, leaseHeld: boolean) => Promise<StoredAnswer | null>) | null;
}

const stillRunning = () =>
  new AppError('conflict', 'checkout', 'This request is being processed', {
    retry_after_seconds: 1,
  });

const isFinal = (row: KeyRow) => row.state === 'completed' || row.state === 'failed';
const replay = (row: KeyRow): StoredAnswer => ({ status: row.status!, body: row.body });

/** An AppError's answer to store (4xx: a decline stays a decline on replay). */
export function errorAnswer(error: AppError): StoredAnswer {
  return { status: error.status, body: errorBody(error) };
}

/** Runs the claimed key's work and moves the key on by its outcome. */
async function runClaimed(
  db: Db,
  claimed: KeyRow,
  options: IdempotencyOptions,
  work: () => Promise<StoredAnswer>,
): Promise<StoredAnswer> {
  const finalOr = async (fallback: StoredAnswer) => {
    const row = await selectKeyById(db, claimed.id);
    return row && isFinal(row) ? replay(row) : fallback;
  };
  let answer: StoredAnswer;
  try {
    answer = await work();
  } catch (error) {
    const row = await selectKeyById(db, claimed.id);
    if (row?.state === 'charged' && options.finishCharged) {
      // money was taken and the rest refused or failed: the recovery decides (order or refund)
      if (error instanceof AppError && error.status < 500) {
        const finished = await options.finishCharged(claimed.id, true);
        if (finished) return finished;
      }
      await releaseLease(db, claimed.id, options.now());
      throw error;
    }
    if (error instanceof AppError && error.status < 500) {
      if (!(await storeAnswer(db, claimed.id, errorAnswer(error))))
        return finalOr(errorAnswer(error));
      throw error;
    }
    // nothing is known to be charged: give the lease up, so the retry runs again at once (and
    // finds any payment row the attempt recorded, never charging twice) and the recovery can
    // ask the gateway about a payment the failure left `created`
    await releaseLease(db, claimed.id, options.now());
    throw error;
  }
  try {
    idempotencyTestHooks.beforeStore?.();
  } catch (error) {
    await releaseLease(db, claimed.id, options.now());
    throw error;
  }
  if (!(await storeAnswer(db, claimed.id, answer))) return finalOr(answer);
  return answer;
}

/**
 * Runs `work` once per (seller, key). `work` answers the status and body to store; an AppError
 * below 500 is stored and replayed too (a decline stays a decline).
 */
export async function runIdempotent(
  db: Db,
  sellerId: string,
  key: string,
  hash: string,
  options: IdempotencyOptions,
  work: () => Promise<StoredAnswer>,
): Promise<StoredAnswer> {
  const now = options.now();
  const [claimed] = await db
    .insert(idempotencyKey)
    .values({
      sellerId,
      key,
      requestHash: hash,
      cartId: options.cartId,
      leaseUntil: new Date(now.getTime() + options.leaseMs),
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (claimed) return runClaimed(db, claimed, options, work);

  const row = await selectKey(db, sellerId, key);
  if (!row) throw stillRunning(); // keys are never deleted; only a race with a manual cleanup
  if (row.requestHash !== hash) {
    throw new AppError(
      'validation_failed',
      'checkout',
      'Idempotency-Key: this key was used for another request',
      { field: 'Idempotency-Key' },
      422,
    );
  }
  if (isFinal(row)) return replay(row);
  // recovery switched off (the crash test's control): the old behaviour, a 409 until answered
  if (!options.finishCharged) throw stillRunning();
  if (row.state === 'charged') {
    const finished = await options.finishCharged(row.id, false);
    if (finished) return finished;
    throw stillRunning();
  }
  // started: the first attempt is running, or died; after its lease the retry takes over
  const taken = await takeLease(db, row.id, 'started', now, options.leaseMs);
  if (!taken) throw stillRunning();
  return runClaimed(db, taken, options, work);
}

/** The error envelope as the error handler renders it (identity §8). */
export function errorBody(error: AppError) {
  return {
    _data: [
      {
        _code: error.code,
        _context: error.context,
        _description: error.message,
        _extra: error.extra,
      },
    ],
  };
}
