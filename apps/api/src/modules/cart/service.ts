import type { CartBundle, CartModifyBody } from '@admit/contracts/cart';
import { DEFAULT_CART_HOLD_MINUTES } from '@admit/contracts/constants';
import type { Db } from '@/db/connection';
import { settleCodes } from '@/modules/codes/apply';
import { assembleCartBundle } from './bundle';
import { createCartChanges, removeInTx } from './cart-changes';
import { cartExpired, createCartLookup, type CartCaller } from './cart-lookup';
import { checkMemberBenefits, isMemberTicket } from './member-benefits';
import { lockIdentityRow } from './member-repo';
import { createHoldCoalescer } from './hold-batch';
import { checkBeyondTerm } from '@/modules/memberships/beyond-term';
import { isMembershipTicket } from '@/modules/memberships/reserve-members';
import { assertRenewalsOpen } from '@/modules/memberships/renewal';
import {
  checkMembershipLevels,
  checkOrderLimits,
  holdTickets,
  newTicketOf,
  rowsAfterHold,
  soleSessionCounter,
  type HeldTickets,
} from './reserve';
import { selectBundleRows, type BundleRows } from './bundle-repo';
import { ttlCache } from '@/lib/ttl-cache';
import { readSellerSettings } from '@/modules/sellers/seller-settings';
import { checkRulesBeforeTx, codeRequestsOf, takeModifyCodes } from './modify-codes';
import { planTickets, type BundleRowsLoader, type PlannedTicket } from './reserve-plan';
import {
  countLiveTickets,
  insertCart,
  lockPendingCart,
  updateCartAdditionalInfo,
  updateCartGiftee,
} from './repo';
import { requireGiftee } from '@/modules/giftee/service';
import { withRetryingTransaction, type Tx } from '@/db/transaction';
import type { CartRow } from '@/db/schema/cart';

export interface CartServiceDeps {
  db: Db;
  now: () => Date;
  /** ms a reserve may reuse the seller's hold and the catalogue rows (0: off; plan-cache.ts) */
  planCacheMs?: number;
}

export type CartService = ReturnType<typeof createCartService>;

/** The sessions of a reserve's member tickets (for `member_reserve_session_beyond_term`). */
function memberSessions(planned: PlannedTicket[]) {
  const sessions = new Map<string, { id: string; startDatetime: Date }>();
  for (const t of planned)
    if (isMemberTicket(t) && t.session) sessions.set(t.session.id, t.session);
  return [...sessions.values()];
}

/**
 * identity §2 renewal period: a level is refused when its program's current term is not yet in
 * its renewal period — for the logged-in caller (a guest's holder is known at checkout, which
 * checks again; decision 0032). A gift cart makes a gift code, not a membership: its giftee is
 * checked when redeeming it (decision 0038).
 */
async function checkRenewals(
  tx: Tx,
  caller: CartCaller,
  cart: CartRow,
  planned: PlannedTicket[],
  at: Date,
) {
  const holderId = cart.gifteeIdentityId || caller.identity.isPublic ? null : caller.identity.id;
  const levelTypes = [...new Set(planned.filter(isMembershipTicket).map((t) => t.type.id))];
  if (holderId && levelTypes.length > 0) {
    await assertRenewalsOpen(tx, caller.seller, holderId, levelTypes, at);
  }
}

/** The cart and its holds (shopping §3, §4 "Cart", §7 cart calls). */
export function createCartService({ db, now, planCacheMs = 0 }: CartServiceDeps) {
  const holdCache = ttlCache<number>(planCacheMs);
  const holdMs = (sellerId: string) =>
    holdCache.get(
      sellerId,
      async () =>
        ((await readSellerSettings(db, sellerId)).cart_hold_minutes ?? DEFAULT_CART_HOLD_MINUTES) *
        60_000,
    );
  const coalescer = createHoldCoalescer(db);
  const lookup = createCartLookup(db);
  const { modifiableCart, bundle } = lookup;
  const rowsCache = ttlCache<BundleRows>(planCacheMs);
  const loadRows: BundleRowsLoader = (sellerId, ids) =>
    rowsCache.get(`${sellerId}|${[...ids.types].sort()}|${[...ids.sessions].sort()}`, () =>
      selectBundleRows(db, sellerId, ids, null),
    );

  /**
   * POST my/cart/modify (no cart: creates one for the caller's identity, channel web) and
   * POST (my/)cart/{id}/modify: remove, then add and reserve, in one short transaction. Adding
   * refreshes the hold to now + the seller's hold minutes, never shortening it. Codes named in
   * the body are taken in the same transaction and checkout rules are enforced (decision 0017).
   */
  async function modify(
    caller: CartCaller,
    cartId: string | null,
    body: CartModifyBody,
  ): Promise<CartBundle> {
    const at = now();
    if (cartId) await modifiableCart(caller, cartId, at);
    const [{ planned, rows }, hold] = await Promise.all([
      planTickets(db, caller.seller.id, caller.identity, body, at, loadRows),
      holdMs(caller.seller.id),
    ]);
    const holdUntil = new Date(at.getTime() + hold);
    // a gift names its giftee with the reserve (decision 0038): a person of the seller, not the caller
    const gifteeId = body.giftee_identity_id?.toLowerCase() ?? null;
    if (gifteeId) await requireGiftee(db, caller.seller, caller.identity, gifteeId);
    // spec: shopping §7 — a cart made by modify belongs to the caller, channel web
    const newCart = {
      sellerId: caller.seller.id,
      identityId: caller.identity.id,
      channel: 'web',
      campaign: body.campaign ?? null,
      preloadedPromoCodes: body.preloadedPromoCodes ?? [],
      additionalInfo: body.additionalInfo ?? null,
      gifteeIdentityId: gifteeId,
      autoRenew: null,
      giftMessage: null,
      extensionCount: 0,
      expiresAt: holdUntil,
      createdAt: at,
      updatedAt: at,
    };
    const codeRequests = codeRequestsOf(body);
    const ruled = checkRulesBeforeTx(planned, rows, !cartId && codeRequests.length === 0);
    // spec: shopping §5 — member tickets are capped by the member's benefits (decision 0015)
    const memberCheck = !caller.identity.isPublic && planned.some(isMemberTicket);
    // a new cart taking places of one session only: coalesced with the other holds on it
    const soleSession =
      !cartId && !memberCheck && !body.remove?.tickets.length && codeRequests.length === 0
        ? soleSessionCounter(planned)
        : null;
    if (soleSession && rows) {
      checkOrderLimits(planned, []);
      const batched = await coalescer.hold(soleSession, {
        cart: newCart,
        tickets: planned.map(newTicketOf),
      });
      return answerNewCart(caller, batched.cart, rows, batched.held, at);
    }
    const { cart, held } = await withRetryingTransaction(db, async (tx) => {
      if (memberCheck) await lockIdentityRow(tx, caller.identity.id);
      let locked = cartId
        ? await lockPendingCart(tx, cartId, at, planned.length > 0 ? holdUntil : null)
        : await insertCart(tx, newCart);
      if (!locked) throw cartExpired(cartId ?? '');
      if (cartId && gifteeId)
        locked = (await updateCartGiftee(tx, locked.id, at, gifteeId)) ?? locked;
      if (cartId && body.additionalInfo) {
        await updateCartAdditionalInfo(tx, locked.id, body.additionalInfo);
      }
      await removeInTx(tx, locked.id, body.remove?.tickets ?? []);
      const target = { sellerId: caller.seller.id, cartId: locked.id, at };
      const taken = await takeModifyCodes(tx, target, {
        existingCart: !!cartId,
        requests: codeRequests,
        ruled,
        planned,
      });
      let held: HeldTickets | null = null;
      if (planned.length > 0) {
        // a cart created just now holds nothing yet: no need to count
        const live = cartId ? await countLiveTickets(tx, locked.id) : [];
        checkOrderLimits(planned, live);
        checkMembershipLevels(planned, live);
        await checkRenewals(tx, caller, locked, planned, at);
        if (memberCheck) {
          const who = { identityId: caller.identity.id, cartId: locked.id };
          await checkMemberBenefits(tx, who, planned, at);
          await checkBeyondTerm(
            tx,
            { sellerId: caller.seller.id, identityId: caller.identity.id },
            memberSessions(planned),
            at,
          );
        }
        held = await holdTickets(tx, locked.id, planned);
      }
      // a new cart without codes has nothing to settle
      if (cartId || taken.length > 0) await settleCodes(tx, target, taken);
      return { cart: locked, held };
    });
    // the row as locked or inserted is current: its expiry is already the refreshed one (a
    // giftee is answered by the full bundle: the planned rows do not carry it)
    if (cartId || !held || !rows || codeRequests.length > 0 || gifteeId) {
      return bundle(caller, cart, at);
    }
    return answerNewCart(caller, cart, rows, held, at);
  }

  // a new cart holds exactly what was just written: answer from it, no second read (the
  // reserve rush's path, bench/RESULTS.md) — unless a group has a payment plan, whose
  // schedule needs the plan rows (decision 0020)
  async function answerNewCart(
    caller: CartCaller,
    cart: CartRow,
    rows: BundleRows,
    held: HeldTickets,
    at: Date,
  ) {
    if (rows.groups.some((g) => g.paymentPlanId)) return bundle(caller, cart, at);
    const fresh = rowsAfterHold(rows, held);
    return assembleCartBundle(cart, fresh.tickets, fresh.rows, {
      now: at,
      seller: caller.seller,
      publicIdentityId: caller.publicIdentityId,
    });
  }

  const changes = createCartChanges({ db, now, lookup });
  return { modify, ...changes };
}
