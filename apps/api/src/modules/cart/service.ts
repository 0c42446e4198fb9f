import type { CartBundle, CartModifyBody } from '@admit/contracts/cart';
import type { ApplyCodeBody } from '@admit/contracts/codes';
import { CART_EXTENSION_SECONDS, DEFAULT_CART_HOLD_MINUTES } from '@admit/contracts/constants';
import type { Db } from '@/db/connection';
import { AppError } from '@/http/app-error';
import type { RequestIdentity, SellerRef } from '@/http/request-context';
import { refuseAfterPayments, settleCodes, takeCodes } from '@/modules/codes/apply';
import { releaseCartCodes } from '@/modules/codes/repo';
import { assembleCartBundle, buildCartBundle } from './bundle';
import { expireCart } from './expiry';
import { releaseHeldCapacity } from './holds';
import { checkMemberBenefits, isMemberTicket } from './member-benefits';
import { lockIdentityRow } from './member-repo';
import { createHoldCoalescer } from './hold-batch';
import {
  checkOrderLimits,
  holdTickets,
  newTicketOf,
  rowsAfterHold,
  soleSessionCounter,
  type HeldTickets,
} from './reserve';
import { selectBundleRows, type BundleRows } from './bundle-repo';
import { ttlCache } from './plan-cache';
import { checkRulesBeforeTx, codeRequestsOf, takeModifyCodes } from './modify-codes';
import { planTickets, type BundleRowsLoader } from './reserve-plan';
import {
  countLiveTickets,
  deleteCartRow,
  deleteTickets,
  insertCart,
  lockPendingCart,
  selectCart,
  selectHoldMinutes,
  selectTickets,
  updateCartAdditionalInfo,
  updateCartExpiry,
  type CartRow,
} from './repo';
import { withRetryingTransaction, type Tx } from './transaction';

/** Who is calling: the seller, the visitor's identity and the seller's public identity id. */
export interface CartCaller {
  seller: SellerRef;
  identity: RequestIdentity;
  publicIdentityId: string;
}

export interface CartServiceDeps {
  db: Db;
  now: () => Date;
  /** ms a reserve may reuse the seller's hold and the catalogue rows (0: off; plan-cache.ts) */
  planCacheMs?: number;
}

// one answer for "missing" and "not yours": a caller learns nothing about other carts
const cartNotFound = (cartId: string) =>
  new AppError('not_found', 'cart', 'Cart not found', { cart_id: cartId });
const cartExpired = (cartId: string) =>
  new AppError('cart_expired', 'cart', 'The cart has expired', { cart_id: cartId });

export type CartService = ReturnType<typeof createCartService>;

/** The cart and its holds (shopping §3, §4 "Cart", §7 cart calls). */
export function createCartService({ db, now, planCacheMs = 0 }: CartServiceDeps) {
  const holdCache = ttlCache<number>(planCacheMs);
  const holdMs = (sellerId: string) =>
    holdCache.get(
      sellerId,
      async () => ((await selectHoldMinutes(db, sellerId)) ?? DEFAULT_CART_HOLD_MINUTES) * 60_000,
    );
  const coalescer = createHoldCoalescer(db);
  const rowsCache = ttlCache<BundleRows>(planCacheMs);
  const loadRows: BundleRowsLoader = (sellerId, ids) =>
    rowsCache.get(`${sellerId}|${[...ids.types].sort()}|${[...ids.sessions].sort()}`, () =>
      selectBundleRows(db, sellerId, ids, null),
    );

  /**
   * The cart if the caller may use it: a guest cart (owned by the public identity) by anyone
   * holding its id, a member's cart by that member only (spec: shopping §4, §6).
   */
  async function ownedCart(caller: CartCaller, cartId: string): Promise<CartRow> {
    const cart = await selectCart(db, cartId);
    const mayUse =
      cart &&
      cart.sellerId === caller.seller.id &&
      (cart.identityId === caller.identity.id || cart.identityId === caller.publicIdentityId);
    if (!mayUse) throw cartNotFound(cartId);
    return cart;
  }

  /** The cart, expired on the spot when its time has run out (the read-side expiry check). */
  async function currentCart(caller: CartCaller, cartId: string, at: Date): Promise<CartRow> {
    const cart = await ownedCart(caller, cartId);
    if (cart.state === 'pending' && cart.expiresAt <= at) {
      await expireCart(db, cart.id, at);
      return ownedCart(caller, cartId);
    }
    return cart;
  }

  /** A cart that may change: pending and not past its expiry (410 `cart_expired` otherwise). */
  async function modifiableCart(caller: CartCaller, cartId: string, at: Date) {
    const cart = await currentCart(caller, cartId, at);
    if (cart.state === 'expired') throw cartExpired(cartId);
    if (cart.state !== 'pending') {
      throw new AppError('conflict', 'cart', 'The cart has been booked', { cart_id: cartId });
    }
    return cart;
  }

  const bundle = (
    caller: CartCaller,
    cart: CartRow,
    at: Date,
    extra: { limit?: number; configKeys?: string[] | null } = {},
  ) =>
    buildCartBundle(db, cart, {
      now: at,
      seller: caller.seller,
      publicIdentityId: caller.publicIdentityId,
      ...extra,
    });

  async function removeInTx(tx: Tx, cartId: string, ticketIds: string[]) {
    if (ticketIds.length === 0) return;
    const ids = [...new Set(ticketIds)];
    const live = (await selectTickets(tx, cartId)).filter((t) => t.state === 'in_cart');
    const missing = ids.find((id) => !live.some((t) => t.id === id));
    if (missing) {
      throw new AppError('not_found', 'cart', 'Ticket not found in this cart', {
        ticket_id: missing,
      });
    }
    await releaseHeldCapacity(tx, cartId, ids);
    await deleteTickets(tx, cartId, ids);
  }

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
        cart: {
          sellerId: caller.seller.id,
          identityId: caller.identity.id,
          channel: 'web',
          campaign: body.campaign ?? null,
          preloadedPromoCodes: body.preloadedPromoCodes ?? [],
          additionalInfo: body.additionalInfo ?? null,
          expiresAt: holdUntil,
          createdAt: at,
          updatedAt: at,
        },
        tickets: planned.map(newTicketOf),
      });
      return answerNewCart(caller, batched.cart, rows, batched.held, at);
    }
    const { cart, held } = await withRetryingTransaction(db, async (tx) => {
      if (memberCheck) await lockIdentityRow(tx, caller.identity.id);
      const locked = cartId
        ? await lockPendingCart(tx, cartId, at, planned.length > 0 ? holdUntil : null)
        : await insertCart(tx, {
            sellerId: caller.seller.id,
            identityId: caller.identity.id,
            channel: 'web',
            campaign: body.campaign ?? null,
            preloadedPromoCodes: body.preloadedPromoCodes ?? [],
            additionalInfo: body.additionalInfo ?? null,
            expiresAt: holdUntil,
            createdAt: at,
            updatedAt: at,
          });
      if (!locked) throw cartExpired(cartId ?? '');
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
        checkOrderLimits(planned, cartId ? await countLiveTickets(tx, locked.id) : []);
        if (memberCheck) {
          const who = { identityId: caller.identity.id, cartId: locked.id };
          await checkMemberBenefits(tx, who, planned, at);
        }
        held = await holdTickets(tx, locked.id, planned);
      }
      // a new cart without codes has nothing to settle
      if (cartId || taken.length > 0) await settleCodes(tx, target, taken);
      return { cart: locked, held };
    });
    // the row as locked or inserted is current: its expiry is already the refreshed one
    if (cartId || !held || !rows || codeRequests.length > 0) return bundle(caller, cart, at);
    return answerNewCart(caller, cart, rows, held, at);
  }

  // a new cart holds exactly what was just written: answer from it, no second read (the
  // reserve rush's path, bench/RESULTS.md)
  function answerNewCart(
    caller: CartCaller,
    cart: CartRow,
    rows: BundleRows,
    held: HeldTickets,
    at: Date,
  ) {
    const fresh = rowsAfterHold(rows, held);
    return assembleCartBundle(cart, fresh.tickets, fresh.rows, {
      now: at,
      seller: caller.seller,
      publicIdentityId: caller.publicIdentityId,
    });
  }

  /** POST cart/{id}/remove: gives back the tickets' places and drops them from the cart. */
  async function remove(caller: CartCaller, cartId: string, ticketIds: string[]) {
    const at = now();
    await modifiableCart(caller, cartId, at);
    await withRetryingTransaction(db, async (tx) => {
      if (!(await lockPendingCart(tx, cartId, at, null))) throw cartExpired(cartId);
      await removeInTx(tx, cartId, ticketIds);
      await settleCodes(tx, { sellerId: caller.seller.id, cartId }, []);
    });
    return bundle(caller, await ownedCart(caller, cartId), at);
  }

  /** DELETE (my/)cart/{id}: releases everything and forgets the cart (404 when missing). */
  async function deleteCart(caller: CartCaller, cartId: string): Promise<void> {
    const at = now();
    const cart = await currentCart(caller, cartId, at);
    if (cart.state === 'completed') {
      throw new AppError('conflict', 'cart', 'The cart has been booked', { cart_id: cartId });
    }
    await withRetryingTransaction(db, async (tx) => {
      // the lock makes a racing expiry wait; an expired cart holds nothing any more
      if (await lockPendingCart(tx, cartId, at, null)) {
        await releaseCartCodes(tx, cartId);
        await releaseHeldCapacity(tx, cartId);
      }
      await deleteCartRow(tx, cartId);
    });
  }

  /** GET (my/)cart/{id}: the bundle; a cart past its expiry is expired first (state `expired`). */
  async function get(
    caller: CartCaller,
    cartId: string,
    options: { limit: number; configKeys: string[] | null },
  ) {
    const at = now();
    return bundle(caller, await currentCart(caller, cartId, at), at, options);
  }

  /**
   * PATCH my/cart/{id}: moves expires_at towards the requested time, by at most
   * CART_EXTENSION_SECONDS past the current expiry and never beyond now + hold + the same
   * margin; never shortens (docs/decisions/cart-extension.md).
   */
  async function extend(caller: CartCaller, cartId: string, requested: Date) {
    const at = now();
    const cart = await modifiableCart(caller, cartId, at);
    const hold = await holdMs(caller.seller.id);
    const cap = Math.min(
      cart.expiresAt.getTime() + CART_EXTENSION_SECONDS * 1000,
      at.getTime() + hold + CART_EXTENSION_SECONDS * 1000,
    );
    const target = Math.min(requested.getTime(), cap);
    let updated = cart;
    if (target > cart.expiresAt.getTime()) {
      const row = await withRetryingTransaction(db, (tx) =>
        updateCartExpiry(tx, cartId, at, new Date(target)),
      );
      if (!row) throw cartExpired(cartId);
      updated = row;
    }
    return bundle(caller, updated, at);
  }

  /**
   * POST (my/)cart/{id}/apply_code (shopping §7, §8; identity §4 "Promo codes"): takes one use
   * of the code for the cart, in one transaction with its checks (decision 0017).
   */
  async function applyCode(caller: CartCaller, cartId: string, body: ApplyCodeBody) {
    const at = now();
    await modifiableCart(caller, cartId, at);
    const cart = await withRetryingTransaction(db, async (tx) => {
      const locked = await lockPendingCart(tx, cartId, at, null);
      if (!locked) throw cartExpired(cartId);
      await refuseAfterPayments(tx, cartId);
      const target = { sellerId: caller.seller.id, cartId, at };
      await settleCodes(tx, target, await takeCodes(tx, target, [body], 'fail'));
      return locked;
    });
    return bundle(caller, cart, at);
  }

  return { modify, remove, deleteCart, get, extend, applyCode };
}
