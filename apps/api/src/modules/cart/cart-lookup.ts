import type { Db } from '@/db/connection';
import { AppError } from '@/http/app-error';
import type { RequestIdentity, SellerRef } from '@/http/request-context';
import { buildCartBundle } from './bundle';
import { expireCart } from './expiry';
import { selectCart, selectShopperCart } from './repo';
import type { CartRow } from '@/db/schema/cart';

/** Who is calling: the seller, the visitor's identity and the seller's public identity id. */
export interface CartCaller {
  seller: SellerRef;
  identity: RequestIdentity;
  publicIdentityId: string;
}

// one answer for "missing" and "not yours": a caller learns nothing about other carts
const cartNotFound = (cartId: string) =>
  new AppError('not_found', 'cart', 'Cart not found', { cart_id: cartId });
export const cartExpired = (cartId: string) =>
  new AppError('cart_expired', 'cart', 'The cart has expired', { cart_id: cartId });

/**
 * Finding the caller's cart in the state a call needs, and answering its bundle. `reach`
 * `order_edit` is for the manage edit routes alone, which proved the order's secret link first:
 * every other lookup is sealed from edit carts (repo.ts `notAnOrderEdit`).
 */
export function createCartLookup(db: Db, reach: 'shopper' | 'order_edit' = 'shopper') {
  const select = reach === 'order_edit' ? selectCart : selectShopperCart;

  /**
   * The cart if the caller may use it: a guest cart (owned by the public identity) by anyone
   * holding its id, a member's cart by that member only (spec: shopping §4, §6).
   */
  async function ownedCart(caller: CartCaller, cartId: string): Promise<CartRow> {
    const cart = await select(db, cartId);
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
    // past its time but held for a payment still processing: kept, yet closed to changes
    if (cart.state === 'expired' || cart.expiresAt <= at) throw cartExpired(cartId);
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

  return { ownedCart, currentCart, modifiableCart, bundle };
}

export type CartLookup = ReturnType<typeof createCartLookup>;
