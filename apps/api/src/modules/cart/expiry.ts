import { forgetSessionReads } from '@/http/read-scopes';
import { startIntervalJob, type IntervalJob } from '@/lib/interval-job';
import type { Db } from '@/db/connection';
import { releaseCartCodes } from '@/modules/codes/repo';
import { releaseHeldCapacity } from './holds';
import { cancelCartTickets, markCartExpired, selectExpiredCartIds } from './repo';
import { withRetryingTransaction, type Tx } from '@/db/transaction';

/**
 * Expires one cart if it is pending and past its expiry: in one transaction the state gate
 * (pending → expired) is won by exactly one caller, which then gives back the held capacity and
 * cancels the tickets; the uses of its codes come back too (decision 0017: lock order cart,
 * codes, counters). Returns whether this call expired it.
 */
export async function expireCart(db: Db, cartId: string, now: Date): Promise<boolean> {
  const freed = await withRetryingTransaction(db, (tx) => expireCartInTx(tx, cartId, now));
  // committed: the freed seats' cached seat maps go stale (decision 0052)
  if (freed) await forgetSessionReads(db, freed);
  return freed !== null;
}

/**
 * `expireCart` inside the caller's transaction (which may already hold the cart row's lock):
 * the sessions whose tickets it cancelled, or null when the cart was not this call's to expire.
 */
export async function expireCartInTx(tx: Tx, cartId: string, now: Date): Promise<string[] | null> {
  if (!(await markCartExpired(tx, cartId, now))) return null;
  await releaseCartCodes(tx, cartId);
  await releaseHeldCapacity(tx, cartId);
  return cancelCartTickets(tx, cartId);
}

const SWEEP_BATCH = 200;

/** Expires every pending cart past its expiry at `now`; returns how many this call expired. */
export async function sweepExpiredCarts(db: Db, now: Date): Promise<number> {
  let expired = 0;
  for (;;) {
    const ids = await selectExpiredCartIds(db, now, SWEEP_BATCH);
    for (const id of ids) if (await expireCart(db, id, now)) expired++;
    if (ids.length < SWEEP_BATCH) return expired;
  }
}

export type CartSweeper = IntervalJob;

/** Sweeps expired carts every `intervalMs` (see `startIntervalJob`). */
export function startCartSweeper(options: {
  db: Db;
  now: () => Date;
  intervalMs: number;
  onError: (err: unknown) => void;
}): CartSweeper {
  return startIntervalJob({
    intervalMs: options.intervalMs,
    run: () => sweepExpiredCarts(options.db, options.now()),
    onError: options.onError,
  });
}
