import { createHash } from 'node:crypto';
import { and, eq, inArray, lte } from 'drizzle-orm';
import type { Db } from '@/db/connection';
import type { Executor } from '@/db/transaction';
import { idempotencyKey } from '@/db/schema/payments';
import { AppError } from '@/http/app-error';

/**
 * Idempotency-Key replay store with a state machine (decision 0027): the first request claims
 * the key (`started`, with a lease), the charge moves it to `charged` in the payment's own
 * transaction, the order transaction records the order on it, and the final answer makes it
 * `completed` (or `failed` once the money was given back). A replay gets the stored answer; a
 * `charged` key is finished by the recovery (`finishCharged`); a `started` key whose lease ran
 * out is taken over. So a retry after a crash answers the final result, never a lasting 409.
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_RE = /^[\x21-\x7e]{1,200}$/;

export type KeyRow = typeof idempotencyKey.$inferSelect;
export type KeyState = 'started' | 'charged' | 'completed' | 'failed';

export interface StoredAnswer {
  status: number;
  body: unknown;
}

/** The header's key, or 400 validation_failed naming the header. */
export function idempotencyKeyOf(headers: Record<string, unknown>): string {
  const value = headers[IDEMPOTENCY_HEADER];
  if (typeof value !== 'string' || !KEY_RE.test(value)) {
    throw new AppError('validation_failed', 'checkout', 'Idempotency-Key: a key is required', {
      field: 'Idempotency-Key',
    });
  }
  return value;
}

/** What identifies a request under a key: who, which call, which body. */
export function requestHash(parts: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

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

/** A key by (seller, key). */
export async function selectKey(db: Executor, sellerId: string, key: string) {
  const [row] = await db
    .select()
    .from(idempotencyKey)
    .where(and(eq(idempotencyKey.sellerId, sellerId), eq(idempotencyKey.key, key)));
  return row ?? null;
}

export async function selectKeyById(db: Executor, id: string): Promise<KeyRow | null> {
  const [row] = await db.select().from(idempotencyKey).where(eq(idempotencyKey.id, id));
  return row ?? null;
}

/**
 * Takes the lease of a key in `state` whose lease has run out (one winner: a conditional
 * UPDATE). Answers the row, or null when someone else holds it or it moved on.
 */
export async function takeLease(
  db: Executor,
  id: string,
  state: KeyState,
  now: Date,
  leaseMs: number,
): Promise<KeyRow | null> {
  const [row] = await db
    .update(idempotencyKey)
    .set({ leaseUntil: new Date(now.getTime() + leaseMs) })
    .where(
      and(
        eq(idempotencyKey.id, id),
        eq(idempotencyKey.state, state),
        lte(idempotencyKey.leaseUntil, now),
      ),
    )
    .returning();
  return row ?? null;
}

/** Gives a key's lease up at once (its holder failed): the next retry or tick may take it. */
export async function releaseLease(db: Executor, id: string, now: Date) {
  await db.update(idempotencyKey).set({ leaseUntil: now }).where(eq(idempotencyKey.id, id));
}

/**
 * The charge took money under this key: in the payment's own transaction, so no payment is ever
 * `succeeded` while its key still says `started`.
 */
export async function markKeyCharged(
  tx: Executor,
  sellerId: string,
  key: string,
  paymentId: string,
) {
  await tx
    .update(idempotencyKey)
    .set({ state: 'charged', paymentId })
    .where(
      and(
        eq(idempotencyKey.sellerId, sellerId),
        eq(idempotencyKey.key, key),
        eq(idempotencyKey.state, 'started'),
      ),
    );
}

/** The order made under this key, in the order's own transaction (its secret is shown once). */
export async function recordKeyOrder(
  tx: Executor,
  sellerId: string,
  key: string,
  order: { id: string; secret: string },
) {
  await tx
    .update(idempotencyKey)
    .set({ orderId: order.id, orderSecret: order.secret })
    .where(and(eq(idempotencyKey.sellerId, sellerId), eq(idempotencyKey.key, key)));
}

/**
 * Stores the final answer once (`completed`, or `failed` after a refund); false when the key
 * was already final (another holder finished it first).
 */
export async function storeAnswer(
  db: Executor,
  id: string,
  answer: StoredAnswer,
  state: 'completed' | 'failed' = 'completed',
): Promise<boolean> {
  const rows = await db
    .update(idempotencyKey)
    .set({ state, status: answer.status, body: answer.body })
    .where(and(eq(idempotencyKey.id, id), inArray(idempotencyKey.state, ['started', 'charged'])))
    .returning({ id: idempotencyKey.id });
  return rows.length > 0;
}

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
