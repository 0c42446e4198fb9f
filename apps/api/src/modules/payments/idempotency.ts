import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/db/connection';
import { idempotencyKey } from '@/db/schema/payments';
import { AppError } from '@/http/app-error';

/**
 * Idempotency-Key replay store (decision 0018): the first request inserts the key (status
 * null), runs, and stores its answer; a replay gets that answer; another body under the same
 * key is refused; a duplicate still running gets 409. A 5xx (or a crash) frees the key so the
 * retry runs again — and finds the payment the first attempt recorded (never a second charge).
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_RE = /^[\x21-\x7e]{1,200}$/;

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

/**
 * Runs `work` once per (seller, key). `work` answers the status and body to store; an AppError
 * below 500 is stored and replayed too (a decline stays a decline), anything else frees the key.
 */
export async function runIdempotent(
  db: Db,
  sellerId: string,
  key: string,
  hash: string,
  work: () => Promise<StoredAnswer>,
): Promise<StoredAnswer> {
  const [claimed] = await db
    .insert(idempotencyKey)
    .values({ sellerId, key, requestHash: hash })
    .onConflictDoNothing()
    .returning({ id: idempotencyKey.id });
  if (!claimed) {
    const [row] = await db
      .select()
      .from(idempotencyKey)
      .where(and(eq(idempotencyKey.sellerId, sellerId), eq(idempotencyKey.key, key)));
    if (!row) throw new AppError('conflict', 'checkout', 'This request is being processed');
    if (row.requestHash !== hash) {
      throw new AppError(
        'validation_failed',
        'checkout',
        'Idempotency-Key: this key was used for another request',
        { field: 'Idempotency-Key' },
        422,
      );
    }
    if (row.status === null) {
      throw new AppError('conflict', 'checkout', 'This request is being processed', {
        retry_after_seconds: 1,
      });
    }
    return { status: row.status, body: row.body };
  }
  const store = (answer: StoredAnswer) =>
    db
      .update(idempotencyKey)
      .set({ status: answer.status, body: answer.body })
      .where(and(eq(idempotencyKey.id, claimed.id), isNull(idempotencyKey.status)));
  try {
    const answer = await work();
    await store(answer);
    return answer;
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      await store({ status: error.status, body: errorBody(error) });
      throw error;
    }
    await db.delete(idempotencyKey).where(eq(idempotencyKey.id, claimed.id));
    throw error;
  }
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
