import type { Db } from '@/db/connection';
import { AppError } from '@/http/app-error';
import type { RequestIdentity, SellerRef } from '@/http/request-context';
import { buildCartBundle } from './bundle';
import { expireCart, expireCartInTx } from './expiry';
import { lockCartRow } from './cart-lock-repo';
import { selectCart, selectOrderByCart, selectShopperCart } from './repo';
import type { CartRow } from '@/db/schema/cart';
import type { Executor, Tx } from '@/db/transaction';

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
 * spec: shopping §8 — "A cart already booked error carries an order id: 'Cart with order ID {id}
 * has been booked.'" The cart calls' answer below and the checkout's (checkout/make-order.ts).
 */
export const cartBookedDescription = (orderId: string) =>
  `Cart with order ID ${orderId} has been booked.`;

export async function cartBooked(db: Executor, cartId: string): Promise<AppError> {
  const order = await selectOrderByCart(db, cartId);
  const orderId = order?.id ?? '';
  return new AppError('conflict', 'cart', cartBookedDescription(orderId), {
    cart_id: cartId,
    ticket_order_id: orderId,
  });
}

/**
 * spec: shopping §4, §6 — a guest cart (owned by the public identity) may be used by anyone
 * holding its id, a member's cart by that member only.
 */
const mayUse = (caller: CartCaller, cart: CartRow | null): cart is CartRow =>
  !!cart &&
  cart.sellerId === caller.seller.id &&
  (cart.identityId === caller.identity.id || cart.identityId === caller.publicIdentityId);

/**
 * Finding the caller's cart in the state a call needs, and answering its bundle. `reach`
 * `order_edit` is for the manage edit routes alone, which proved the order's secret link first:
 * every other lookup is sealed from edit carts (repo.ts `notAnOrderEdit`).
 */
export function createCartLookup(db: Db, reach: 'shopper' | 'order_edit' = 'shopper') {
  const select = reach === 'order_edit' ? selectCart : selectShopperCart;

  /** The cart if the caller may use it (`mayUse`), else 404. */
  async function ownedCart(caller: CartCaller, cartId: string): Promise<CartRow> {
    const cart = await select(db, cartId);
    if (!mayUse(caller, cart)) throw cartNotFound(cartId);
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
    if (cart.state !== 'pending') throw await cartBooked(db, cartId);
    return cart;
  }

  /**
   * `modifiableCart` inside the change's own transaction, on ONE read that locks the row
   * (`SELECT … FOR UPDATE`): the same refusals (404 not the caller's, 409 booked), and a cart
   * past its time is expired on the spot in this transaction. Then the answer is `ran_out`
   * rather than a throw, so the expiry commits: the caller ends the transaction and throws
   * `cartExpired` (410). The lock is held to the commit, so no expiry or payment slips in.
   */
  async function lockModifiableCart(
    tx: Tx,
    caller: CartCaller,
    cartId: string,
    at: Date,
  ): Promise<CartRow | 'ran_out'> {
    const cart = await lockCartRow(tx, cartId, reach);
    if (!mayUse(caller, cart)) throw cartNotFound(cartId);
    if (cart.state === 'pending' && cart.expiresAt <= at) {
      // past its time but held for a payment still processing: kept, yet closed to changes
      await expireCartInTx(tx, cart.id, at);
      return 'ran_out';
    }
    if (cart.state === 'expired' || cart.expiresAt <= at) return 'ran_out';
    if (cart.state !== 'pending') throw await cartBooked(tx, cartId);
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

  return { ownedCart, currentCart, modifiableCart, lockModifiableCart, bundle };
}

export type CartLookup = ReturnType<typeof createCartLookup>;
