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
export function expireCart(db: Db, cartId: string, now: Date): Promise<boolean> {
  return withRetryingTransaction(db, (tx) => expireCartInTx(tx, cartId, now));
}

/** `expireCart` inside the caller's transaction (which may already hold the cart row's lock). */
export async function expireCartInTx(tx: Tx, cartId: string, now: Date): Promise<boolean> {
  if (!(await markCartExpired(tx, cartId, now))) return false;
  await releaseCartCodes(tx, cartId);
  await releaseHeldCapacity(tx, cartId);
  await cancelCartTickets(tx, cartId);
  return true;
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
