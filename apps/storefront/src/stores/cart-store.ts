import { CART_LOCAL_EXPIRY_MARGIN_SECONDS } from '@admit/contracts/constants';
import type { CartBundle } from '@admit/contracts/cart';
import { getSellerSlug } from '@/config/seller-slug';
import { useContext, useMemo } from 'react';
import { CART_COOKIE } from '@admit/contracts/visitor-cookies';
import type { ServerVisitor } from '@admit/contracts/server-render';
import { createPersistedStore, usePersistedStore } from '@/stores/persisted-store';
import { writePageCookie } from '@/stores/page-cookie';
import { ServerVisitorContext } from '@/stores/server-visitor';

/** What the storefront remembers about the visitor's cart, per seller and across tabs. */
export interface CartState {
  cartId: string | null;
  /** epoch ms; spec: shopping §4 — the server's expires_in minus 5 s, set after each change */
  localExpiresAt: number | null;
  /** spec: shopping §4 — declining the extension offer is remembered for this cart */
  extensionDeclined: boolean;
  /** extensions this cart got: past CART_MAX_EXTENSIONS the server refuses, so none is offered */
  extensions: number;
  /** identity §2 rule 4 — `expresscheckout` skips the upsell listing for the rest of the visit */
  skipUpsells: boolean;
  /**
   * shopping §4 "Membership form" — the auto-renew choice made with the membership in this
   * cart; the checkout sends it as the payment entry's `auto_renew` (identity §3). Null: none.
   */
  membershipAutoRenew: boolean | null;
}

export const EMPTY_CART_STATE: CartState = {
  cartId: null,
  localExpiresAt: null,
  extensionDeclined: false,
  extensions: 0,
  skipUpsells: false,
  membershipAutoRenew: null,
};

export function cartStorageKey(sellerSlug: string): string {
  return `admit:${sellerSlug}:cart`;
}

function parseCartState(raw: unknown): CartState {
  if (typeof raw !== 'object' || raw === null) return EMPTY_CART_STATE;
  const value = raw as Record<string, unknown>;
  return {
    cartId: typeof value.cartId === 'string' ? value.cartId : null,
    localExpiresAt: typeof value.localExpiresAt === 'number' ? value.localExpiresAt : null,
    extensionDeclined: value.extensionDeclined === true,
    extensions:
      typeof value.extensions === 'number' && Number.isInteger(value.extensions)
        ? Math.max(0, value.extensions)
        : 0,
    skipUpsells: value.skipUpsells === true,
    membershipAutoRenew:
      typeof value.membershipAutoRenew === 'boolean' ? value.membershipAutoRenew : null,
  };
}

const cartStore = createPersistedStore(
  () => cartStorageKey(getSellerSlug() ?? 'storefront'),
  parseCartState,
);

/**
 * Keeps the cart cookie (contracts/visitor-cookies.ts) naming the live cart, until its local
 * expiry: the page host draws the checkout from it (decision 0045). Local storage stays the
 * storefront's own record; the cookie is what the server may know of it.
 */
function writeCartCookie(state: CartState, now = Date.now()): void {
  const live = liveCartId(state, now);
  writePageCookie(CART_COOKIE, live, live ? (state.localExpiresAt! - now) / 1000 : undefined);
}

function saveCart(state: CartState): void {
  cartStore.set(state);
  writeCartCookie(state);
}

/** At boot: a cart kept from before the cookie existed (or past its expiry) is named anew. */
export function syncCartCookie(): void {
  writeCartCookie(cartStore.get());
}

export function getCartState(): CartState {
  return cartStore.get();
}

/**
 * The cart a server-drawn page was drawn with (decision 0045), as the stores' state: the
 * server's read and clock give its local expiry, on the server and in the hydration pass alike.
 */
function serverCartState(visitor: ServerVisitor | null): CartState | undefined {
  if (!visitor?.cart) return undefined;
  return {
    ...EMPTY_CART_STATE,
    cartId: visitor.cart.id,
    localExpiresAt: localExpiryFor(visitor.cart.expiresIn, visitor.now),
  };
}

export function useCartState(): CartState {
  const visitor = useContext(ServerVisitorContext);
  const drawnWith = useMemo(() => serverCartState(visitor), [visitor]);
  return usePersistedStore(cartStore, drawnWith);
}

/** Calls `listener` when another tab changed the cart (it reserved, removed or extended). */
export function onCartChangedInOtherTab(listener: () => void): () => void {
  return cartStore.subscribeOtherTabs(listener);
}

/** spec: shopping §4 — "A cart counts as existing only if its local expiry has not passed." */
export function liveCartId(state: CartState, now: number = Date.now()): string | null {
  if (!state.cartId || state.localExpiresAt === null) return null;
  return state.localExpiresAt > now ? state.cartId : null;
}

/** The local expiry for a server `expires_in` (seconds), per shopping §4 / §9. */
export function localExpiryFor(expiresIn: number, now: number = Date.now()): number {
  return now + (expiresIn - CART_LOCAL_EXPIRY_MARGIN_SECONDS) * 1000;
}

/** Remembers the cart a call answered with; a cart without expiry is not a live hold. */
export function setCartFromBundle(bundle: CartBundle): void {
  const cart = bundle.cart._data[0];
  if (!cart) return;
  const previous = cartStore.get();
  const sameCart = previous.cartId === cart.id;
  saveCart({
    cartId: cart.id,
    localExpiresAt: cart.expires_in === null ? null : localExpiryFor(cart.expires_in),
    extensionDeclined: sameCart ? previous.extensionDeclined : false,
    extensions: sameCart ? previous.extensions : 0,
    skipUpsells: previous.skipUpsells,
    membershipAutoRenew: sameCart ? previous.membershipAutoRenew : null,
  });
}

/**
 * Forgets the cart (expired, deleted, emptied). The skip-upsells choice stays: it was made for
 * this visit, and a stale cart found on arrival must not undo an `expresscheckout` link.
 */
export function clearCart(): void {
  saveCart({ ...EMPTY_CART_STATE, skipUpsells: cartStore.get().skipUpsells });
}

/** A fresh start ("Start over" after a timed-out cart): nothing of the visit is kept. */
export function resetVisit(): void {
  saveCart(EMPTY_CART_STATE);
}

/** An extension the server granted to the stored cart. */
export function noteExtension(cartId: string): void {
  const state = cartStore.get();
  if (state.cartId === cartId) saveCart({ ...state, extensions: state.extensions + 1 });
}

export function declineExtension(): void {
  saveCart({ ...cartStore.get(), extensionDeclined: true });
}

/** identity §2 rule 4 — set when the visitor arrives with a truthy `expresscheckout`. */
export function setSkipUpsells(skip: boolean): void {
  const state = cartStore.get();
  if (state.skipUpsells !== skip) saveCart({ ...state, skipUpsells: skip });
}

/** The membership form's auto-renew choice for the cart it just reserved into (null: none). */
export function setMembershipAutoRenew(autoRenew: boolean | null): void {
  const state = cartStore.get();
  if (state.membershipAutoRenew !== autoRenew)
    saveCart({ ...state, membershipAutoRenew: autoRenew });
}
