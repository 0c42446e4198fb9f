import { createHash } from 'node:crypto';
import { and, eq, inArray, lte } from 'drizzle-orm';
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
