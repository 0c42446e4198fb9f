import type { CartPatchBody } from '@admit/contracts/cart';
import type { ApplyCodeBody } from '@admit/contracts/codes';
import {
  CART_EXTENSION_OFFER_SECONDS,
  CART_EXTENSION_SECONDS,
  CART_LOCAL_EXPIRY_MARGIN_SECONDS,
  CART_MAX_EXTENSIONS,
} from '@admit/contracts/constants';
import type { Db } from '@/db/connection';
import { AppError } from '@/http/app-error';
import { forgetSessionReads } from '@/http/read-scopes';
import { refuseAfterPayments, settleCodes, takeCodes } from '@/modules/codes/apply';
import { releaseCartCodes } from '@/modules/codes/repo';
import { requireGiftee } from '@/modules/giftee/service';
import { companionTicketsOf } from '@/modules/seats/reserve-seats';
import { addOnsBeyondAdmission } from './anchor-match';
import { selectLiveTicketList } from './anchor-repo';
import { cartBooked, cartExpired, type CartCaller, type CartLookup } from './cart-lookup';
import { touchLockedCart } from './cart-lock-repo';
import { releaseHeldCapacity } from './holds';
import {
  deleteCartRow,
  deleteTickets,
  extendCartHold,
  lockPendingCart,
  selectCartSessionIds,
  selectTickets,
  updateCartGiftee,
  updateCartGiftMessage,
} from './repo';
import { withRetryingTransaction, type Tx } from '@/db/transaction';
import type { CartRow } from '@/db/schema/cart';

/**
 * Drops tickets from a locked cart and gives their places back (not found: 404). Returns the
 * sessions whose tickets it dropped, for the caller to forget their cached reads once committed.
 */
export async function removeInTx(tx: Tx, cartId: string, ticketIds: string[]): Promise<string[]> {
  if (ticketIds.length === 0) return [];
  const live = (await selectTickets(tx, cartId)).filter((t) => t.state === 'in_cart');
  const missing = ticketIds.find((id) => !live.some((t) => t.id === id));
  if (missing) {
    throw new AppError('not_found', 'cart', 'Ticket not found in this cart', {
      ticket_id: missing,
    });
  }
  // a membership leaves the cart whole: its level's price rides on one of its members
  // (decision 0032), so removing a member removes every member of that level
  const levels = new Set(
    live.filter((t) => t.partyRole !== null && ticketIds.includes(t.id)).map((t) => t.ticketTypeId),
  );
  const members = [
    ...new Set([
      ...ticketIds,
      ...live.filter((t) => t.partyRole !== null && levels.has(t.ticketTypeId)).map((t) => t.id),
    ]),
  ];
  // a wheelchair seat's companion seat leaves with it (decision 0052 "Removing")
  const ids = [...members, ...(await companionTicketsOf(tx, live, members))];
  await releaseHeldCapacity(tx, cartId, ids);
  await deleteTickets(tx, cartId, ids);
  return live.filter((t) => ids.includes(t.id)).flatMap((t) => t.eventSessionId ?? []);
}

/**
 * After tickets left a locked cart: the add-on tickets now beyond its admission leave too
 * (shopping §3 `tickets_must_match_anchor_tickets`; decision 0076), the one trim of every path
 * that takes tickets out of a cart (remove, modify). Returns the sessions it freed.
 */
export async function trimAddOnsInTx(
  tx: Tx,
  cart: { id: string; sellerId: string },
): Promise<string[]> {
  const beyond = await addOnsBeyondAdmission(
    tx,
    cart.sellerId,
    await selectLiveTicketList(tx, cart.id),
  );
  return removeInTx(tx, cart.id, beyond);
}

export interface CartChangesDeps {
  db: Db;
  now: () => Date;
  lookup: CartLookup;
}

/**
 * spec: shopping §4 — the extension is offered in the last 60 s of the storefront's countdown,
 * and "Confirming adds 2 minutes". That countdown ends at the local expiry, expires_in (whole
 * seconds, rounded down) minus 5 s, so the offer shows while the cart itself has up to 66 s
 * left: the grant's window is that long, or a confirm in the offer's first seconds is refused.
 */
const EXTENSION_RULE = {
  offerMs: (CART_EXTENSION_OFFER_SECONDS + CART_LOCAL_EXPIRY_MARGIN_SECONDS + 1) * 1000,
  maxExtensions: CART_MAX_EXTENSIONS,
};

const extensionRefused = (cartId: string, reason: 'not_yet' | 'limit') =>
  new AppError(
    'validation_failed',
    'cart',
    reason === 'limit'
      ? 'This cart cannot be extended again.'
      : `A cart can be extended only in its last ${CART_EXTENSION_OFFER_SECONDS} seconds.`,
    { field: 'expires_at', cart_id: cartId, max_extensions: CART_MAX_EXTENSIONS },
    422,
  );

/** The cart calls besides reserving: remove, delete, read, extend, apply a code. */
export function createCartChanges({ db, now, lookup }: CartChangesDeps) {
  const { ownedCart, currentCart, lockModifiableCart, bundle } = lookup;

  /**
   * A change on the caller's own pending, unexpired cart, in one short transaction whose one
   * read locks the row and checks its ownership and state there (cart-lookup.ts
   * `lockModifiableCart`, as modify does): 404 not the caller's, 409 booked. A cart past its
   * time is expired in that transaction, which commits, and then the call is 410 `cart_expired`.
   */
  async function inLockedCart<T>(
    caller: CartCaller,
    cartId: string,
    at: Date,
    change: (tx: Tx, cart: CartRow) => Promise<T>,
  ): Promise<T> {
    const done = await withRetryingTransaction(db, async (tx) => {
      const cart = await lockModifiableCart(tx, caller, cartId, at);
      if (cart === 'ran_out') return { ranOut: true as const };
      return { ranOut: false as const, value: await change(tx, cart) };
    });
    if (done.ranOut) {
      // the lock expired the cart in that transaction, now committed: its seats are free
      await forgetSessionReads(db, await selectCartSessionIds(db, cartId));
      throw cartExpired(cartId);
    }
    return done.value;
  }

  /** POST cart/{id}/remove: gives back the tickets' places and drops them from the cart. */
  async function remove(caller: CartCaller, cartId: string, ticketIds: string[]) {
    const at = now();
    const freed = await inLockedCart(caller, cartId, at, async (tx) => {
      await touchLockedCart(tx, cartId, { now: at, expiresAt: null });
      const sessions = await removeInTx(tx, cartId, ticketIds);
      const trimmed = await trimAddOnsInTx(tx, { id: cartId, sellerId: caller.seller.id });
      await settleCodes(tx, { sellerId: caller.seller.id, cartId }, []);
      return [...sessions, ...trimmed];
    });
    // the seats are free: the sessions' cached seat maps go stale (decision 0052); the answer
    // reads the cart as the change left it (its codes settled)
    await forgetSessionReads(db, freed);
    return bundle(caller, await ownedCart(caller, cartId), at);
  }

  /** DELETE (my/)cart/{id}: releases everything and forgets the cart (404 when missing). */
  async function deleteCart(caller: CartCaller, cartId: string): Promise<void> {
    const at = now();
    const cart = await currentCart(caller, cartId, at);
    if (cart.state === 'completed') throw await cartBooked(db, cartId);
    const freed = await withRetryingTransaction(db, async (tx) => {
      // the lock makes a racing expiry wait; an expired cart holds nothing any more
      const sessions: string[] = [];
      if (await lockPendingCart(tx, cartId, at, null)) {
        await releaseCartCodes(tx, cartId);
        await releaseHeldCapacity(tx, cartId);
        const live = (await selectTickets(tx, cartId)).filter((t) => t.state === 'in_cart');
        sessions.push(...live.flatMap((t) => t.eventSessionId ?? []));
      }
      await deleteCartRow(tx, cartId);
      return sessions;
    });
    await forgetSessionReads(db, freed);
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
   * PATCH my/cart/{id} (shopping §4, §9; decisions 0007, 0025): moves expires_at towards the
   * requested time by at most CART_EXTENSION_SECONDS, only while the storefront's countdown
   * offers it (`EXTENSION_RULE`, decision 0121), at most CART_MAX_EXTENSIONS times per cart (422
   * otherwise); an earlier time changes nothing (the unchanged bundle).
   */
  async function extend(caller: CartCaller, cartId: string, requested: Date) {
    const at = now();
    const row = await inLockedCart(caller, cartId, at, async (tx, cart) => {
      const target = Math.min(
        requested.getTime(),
        cart.expiresAt.getTime() + CART_EXTENSION_SECONDS * 1000,
      );
      if (target <= cart.expiresAt.getTime()) return cart;
      if (cart.extensionCount >= CART_MAX_EXTENSIONS) throw extensionRefused(cartId, 'limit');
      if (cart.expiresAt.getTime() - at.getTime() > EXTENSION_RULE.offerMs) {
        throw extensionRefused(cartId, 'not_yet');
      }
      // the row is locked and was checked above, so the conditional update finds it as read
      const extended = await extendCartHold(tx, cartId, at, new Date(target), EXTENSION_RULE);
      if (!extended) throw new Error(`locked cart ${cartId} refused its extension`);
      return extended;
    });
    return bundle(caller, row, at);
  }

  /**
   * PATCH (my/)cart/{id}: the giftee (decision 0023), the giver's message (decision 0038) and/or
   * the expiry. Like every change, only on the caller's own pending, unexpired cart; the giftee
   * is a person of the seller (POST giftee), never the caller (identity §5).
   */
  async function patch(caller: CartCaller, cartId: string, body: CartPatchBody) {
    const gift = body.giftee_identity_id !== undefined || body.gift_message !== undefined;
    if (body.expires_at === undefined && !gift) {
      throw new AppError('validation_failed', 'cart', 'body: expires_at or giftee_identity_id', {
        field: 'body',
      });
    }
    if (gift) {
      const at = now();
      const row = await inLockedCart(caller, cartId, at, async (tx, cart) => {
        let written: CartRow | null = cart;
        const gifteeId = body.giftee_identity_id;
        if (gifteeId) await requireGiftee(tx, caller.seller, caller.identity, gifteeId);
        if (gifteeId !== undefined) written = await updateCartGiftee(tx, cartId, at, gifteeId);
        if (written && body.gift_message !== undefined) {
          written = await updateCartGiftMessage(tx, cartId, at, body.gift_message || null);
        }
        if (!written) throw new Error(`locked cart ${cartId} vanished`);
        return written;
      });
      if (body.expires_at === undefined) return bundle(caller, row, at);
    }
    return extend(caller, cartId, new Date(body.expires_at!));
  }

  /**
   * POST (my/)cart/{id}/apply_code (shopping §7, §8; identity §4 "Promo codes"): takes one use
   * of the code for the cart, in one transaction with its checks (decision 0017).
   */
  async function applyCode(caller: CartCaller, cartId: string, body: ApplyCodeBody) {
    const at = now();
    const cart = await inLockedCart(caller, cartId, at, async (tx) => {
      const touched = await touchLockedCart(tx, cartId, { now: at, expiresAt: null });
      await refuseAfterPayments(tx, cartId);
      const target = { sellerId: caller.seller.id, cartId, at };
      await settleCodes(tx, target, await takeCodes(tx, target, [body], 'fail'));
      return touched;
    });
    return bundle(caller, cart, at);
  }

  return { remove, deleteCart, get, extend, patch, applyCode };
}
