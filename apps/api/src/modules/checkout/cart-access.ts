import { needsEmail } from '@admit/contracts/rules/no-email';
import type { Db } from '@/db/connection';
import { AppError } from '@/http/app-error';
import type { RequestIdentity, SellerRef } from '@/http/request-context';
import { selectShopperCart } from '@/modules/cart/repo';
import { findIdentityById } from '@/modules/users/repo';
import type { CartRow } from '@/db/schema/cart';

/** Who is checking out, and through which path family (`cart/…` or `my/cart/…`). */
export interface CheckoutCaller {
  seller: SellerRef;
  identity: RequestIdentity;
  publicIdentityId: string;
  /** `my/cart/{id}/…` needs a login and the caller's own cart */
  scope: 'guest' | 'member';
}

const cartNotFound = (cartId: string) =>
  new AppError('not_found', 'cart', 'Cart not found', { cart_id: cartId });

/**
 * The cart if the caller may pay for it (shopping §4, §6): `cart/{id}/…` a guest cart (owned by
 * the public identity) or the caller's own; `my/cart/{id}/…` only the logged-in caller's own.
 * Missing and not-yours answer the same 404, before the body or the key is even looked at.
 */
export async function payableCart(
  db: Db,
  caller: CheckoutCaller,
  cartId: string,
): Promise<CartRow> {
  if (caller.scope === 'member' && caller.identity.isPublic) {
    throw new AppError('not_authorized', 'cart', 'Please log in');
  }
  // an order's edit cart is paid through ticket_order/{id}/edit/pay only: not found here
  const cart = await selectShopperCart(db, cartId);
  const own = cart?.identityId === caller.identity.id && !caller.identity.isPublic;
  const guestCart = caller.scope === 'guest' && cart?.identityId === caller.publicIdentityId;
  if (!cart || cart.sellerId !== caller.seller.id || !(own || guestCart))
    throw cartNotFound(cartId);
  return cart;
}

/**
 * spec: identity §6 — "A user without a valid e-mail (e-mail starting with a no-email marker,
 * except test accounts) is forced to set one before checkout". The storefront sends such a
 * user to /user/set-email-address first; a call made around it is refused here, before any
 * charge (403 `forbidden`, `_extra.reason: 'needs_email'`; decision 0122), so no order is made
 * for an address no mail can reach. Guests give their e-mail with the purchaser.
 */
export async function assertCallerHasEmail(db: Db, caller: RequestIdentity): Promise<void> {
  if (caller.isPublic) return;
  const person = await findIdentityById(db, caller.id);
  if (!needsEmail(person?.email)) return;
  throw new AppError(
    'forbidden',
    'checkout',
    'Please set your e-mail address before checking out.',
    { reason: 'needs_email', field: 'email' },
  );
}
