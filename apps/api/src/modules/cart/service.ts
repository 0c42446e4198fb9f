import type { CartBundle, CartModifyBody } from '@admit/contracts/cart';
import { DEFAULT_CART_HOLD_MINUTES } from '@admit/contracts/constants';
import type { Db } from '@/db/connection';
import type { PreparedExecute } from '@/db/prepared';
import { clearWithCatalogue, forgetSessionReads } from '@/http/read-scopes';
import { ttlCache } from '@/lib/ttl-cache';
import { readSellerSettings } from '@/modules/sellers/seller-settings';
import { selectBundleRows, type BundleRows } from './bundle-repo';
import { createCartChanges } from './cart-changes';
import { createCartLookup, type CartCaller } from './cart-lookup';
import { createHoldCoalescer } from './hold-batch';
import { answerModify } from './modify-answer';
import { holdModify, type PlanOutcome } from './modify-hold';
import { planModify } from './modify-plan';
import type { BundleRowsLoader } from './reserve-plan';

export interface CartServiceDeps {
  db: Db;
  now: () => Date;
  /** ms a reserve may reuse the seller's hold and the catalogue rows (0: off; plan-cache.ts) */
  planCacheMs?: number;
  /** the hold batch's named statement on a direct connection (db/prepared.ts), if any */
  prepared?: PreparedExecute | null;
}

export type CartService = ReturnType<typeof createCartService>;

/** The cart and its holds (shopping §3, §4 "Cart", §7 cart calls). */
export function createCartService({ db, now, planCacheMs = 0, prepared = null }: CartServiceDeps) {
  const holdCache = ttlCache<number>(planCacheMs);
  const holdMs = (sellerId: string) =>
    holdCache.get(
      sellerId,
      async () =>
        ((await readSellerSettings(db, sellerId)).cart_hold_minutes ?? DEFAULT_CART_HOLD_MINUTES) *
        60_000,
    );
  const coalescer = createHoldCoalescer(db, prepared);
  const lookup = createCartLookup(db);
  const rowsCache = ttlCache<BundleRows>(planCacheMs);
  // a seller's import clears both on every node (decision 0097)
  clearWithCatalogue(db, holdCache);
  clearWithCatalogue(db, rowsCache);
  const loadRows: BundleRowsLoader = (sellerId, ids) =>
    rowsCache.get(`${sellerId}|${[...ids.types].sort()}|${[...ids.sessions].sort()}`, () =>
      selectBundleRows(db, sellerId, ids, null),
    );

  /**
   * POST my/cart/modify (no cart: creates one for the caller's identity, channel web) and
   * POST (my/)cart/{id}/modify: remove, then add and reserve, in one short transaction. Adding
   * refreshes the hold to now + the seller's hold minutes, never shortening it. Codes named in
   * the body are taken in the same transaction and checkout rules are enforced (decision 0017).
   * Three steps: plan (modify-plan.ts), hold (modify-hold.ts), answer (modify-answer.ts).
   */
  async function modify(
    caller: CartCaller,
    cartId: string | null,
    body: CartModifyBody,
  ): Promise<CartBundle> {
    const at = now();
    // a failed plan is thrown by the hold, after the cart's own refusals (404, 409, 410)
    const outcome: PlanOutcome = await planModify(
      { db, holdMs, loadRows },
      caller,
      cartId,
      body,
      at,
    ).then(
      (plan) => ({ ok: true, plan }),
      (error: unknown) => ({ ok: false, error }),
    );
    const written = await holdModify({ db, lookup, coalescer }, caller, { cartId, at }, outcome);
    // the hold threw unless the plan was made
    if (!outcome.ok) throw outcome.error;
    // committed: the sessions' cached seat maps go stale, so a held seat is never offered after
    // this answer (decision 0052)
    await forgetSessionReads(db, [
      ...outcome.plan.planned.map((t) => t.session?.id),
      ...(written.freedSessions ?? []),
    ]);
    return answerModify(lookup, caller, outcome.plan, written);
  }

  const changes = createCartChanges({ db, now, lookup });
  return { modify, ...changes };
}
