import type { CartBundle } from '@admit/contracts/cart';
import { decimalToMinor } from '@admit/contracts/money';
import type { Db } from '@/db/connection';
import { forgetSessionReads } from '@/http/read-scopes';
import { AppError } from '@/http/app-error';
import type { SellerRef } from '@/http/request-context';
import { assertNoCheckoutBlockers } from '@/modules/codes/blockers';
import { selectOrderByCart } from '@/modules/cart/repo';
import { lockCartRow, selectOrderEdit } from '@/modules/orders/repo';
import { commitEditInTx } from '@/modules/orders/edit-commit';
import { createOrderInTx, type OrderTotals } from '@/modules/orders/service';
import { cartBookedDescription, cartExpired } from '@/modules/cart/cart-lookup';
import { findIdentityById } from '@/modules/users/repo';
import { recordKeyOrder } from '@/modules/payments/idempotency';

/**
 * The order transaction shared by the checkout call and the settlement of a processing payment
 * (settlement.ts): lock the cart, re-check, book, complete, mail — or nothing at all.
 */

export const bookedCart = (orderId: string) =>
  // spec: identity §8 "Checkout entry" — a completed-order error goes to checkout/complete
  new AppError('conflict', 'checkout', cartBookedDescription(orderId), {
    ticket_order_id: orderId,
  });

/**
 * What is still due once `paid` is paid in all: payments cover the earliest installments, so
 * whatever was paid since the bundle was built comes off its `total_due` first.
 */
export function dueOnce(bundle: CartBundle, paid: number): number {
  const fees = bundle.cart_fees._data[0]!;
  const due = decimalToMinor(fees.total_due ?? fees.total_outstanding);
  return Math.max(0, due - (paid - decimalToMinor(fees.total_payments)));
}

/**
 * The cart's totals: the bundle's fees; the order's total is subtotal − discounts + fees
 * (decision 0047), whatever was paid towards it.
 */
export function totalsOf(bundle: CartBundle): OrderTotals {
  const fees = bundle.cart_fees._data[0]!;
  const m = decimalToMinor;
  const beforeCartmod = m(fees.total_before_cartmod_price);
  const feeFixed = m(fees.total_fee_fixed_outside);
  const feePercent = m(fees.total_fee_percent_outside);
  const cartmod = m(fees.total_cartmod_amount);
  return {
    currency: fees.currency_code,
    beforeCartmod,
    feeFixed,
    feePercent,
    cartmod,
    afterFees: beforeCartmod - cartmod + feeFixed + feePercent,
  };
}

export interface MakeOrderInput {
  cartId: string;
  seller: SellerRef;
  identityId: string;
  bundle: CartBundle;
  origin: string;
  sendEmail: boolean;
  now: Date;
  /**
   * The cart's hold outlived its expiry because a payment was processing (the expiry gate skips
   * such carts): its places are still held, so the order is made although expires_at is past.
   */
  holdKept?: boolean;
  /** the Idempotency-Key the order is made under: it records the order in the same transaction */
  key?: { sellerId: string; key: string };
}

export async function makeOrder(db: Db, input: MakeOrderInput) {
  const freed: (string | null)[] = [];
  const made = await makeOrderInTx(db, input, freed);
  // committed: an order edit's replaced seats are free, their cached seat maps go stale
  await forgetSessionReads(db, freed);
  return made;
}

/** The order's transaction; an edit's replaced tickets' sessions go into `freed`. */
function makeOrderInTx(db: Db, input: MakeOrderInput, freed: (string | null)[]) {
  const { cartId, now } = input;
  return db.transaction(async (tx) => {
    const locked = await lockCartRow(tx, cartId);
    if (!locked) throw new AppError('not_found', 'cart', 'Cart not found', { cart_id: cartId });
    if (locked.state === 'completed') {
      const existing = await selectOrderByCart(tx, cartId);
      throw bookedCart(existing?.id ?? '');
    }
    const pastExpiry = locked.state === 'pending' && locked.expiresAt <= now;
    if (locked.state === 'expired' || (pastExpiry && !input.holdKept)) throw cartExpired(cartId);
    await assertNoCheckoutBlockers(tx, cartId);
    // an order edit's cart changes its order instead of making one (decision 0036)
    const edit = await selectOrderEdit(tx, cartId);
    // the confirmation goes to the buyer's e-mail at checkout time
    const owner = edit ? null : await findIdentityById(tx, input.identityId);
    const made = edit
      ? await commitEditInTx(tx, { ...input, cart: locked, edit }).then((committed) => {
          // a replay of the transaction starts from nothing
          freed.splice(0, freed.length, ...committed.freedSessions);
          return committed;
        })
      : await createOrderInTx(tx, {
          cart: locked,
          seller: input.seller,
          identityId: input.identityId,
          email: owner?.email ?? null,
          totals: totalsOf(input.bundle),
          bundle: input.bundle,
          origin: input.origin,
          sendEmail: input.sendEmail,
          now,
        });
    if (input.key) {
      await recordKeyOrder(tx, input.key.sellerId, input.key.key, {
        id: made.order.id,
        secret: made.secret,
      });
    }
    return made;
  });
}
