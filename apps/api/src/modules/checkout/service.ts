import type { CartBundle } from '@admit/contracts/cart';
import type { CheckoutResponse, PaymentEntry, Purchaser } from '@admit/contracts/checkout';
import { decimalToMinor } from '@admit/contracts/money';
import type { Db } from '@/db/connection';
import { AppError } from '@/http/app-error';
import { buildCartBundle } from '@/modules/cart/bundle';
import { selectCart, type CartRow } from '@/modules/cart/repo';
import { entryAmountMinor, checkPayableAmount } from '@/modules/payments/amount-limits';
import { cardGatewayFor } from '@/modules/payments/gateways';
import { selectProcessingPayment, sumPaid } from '@/modules/payments/repo';
import { lockCartRow, selectOrderByCart } from '@/modules/orders/repo';
import { createOrderInTx, orderBundle, type OrderTotals } from '@/modules/orders/service';
import type { CheckoutCaller } from './cart-access';
import { chargeCard, chargeLedger, completeIntent, type ChargeContext } from './charge';
import { findIdentityById } from '@/modules/users/repo';
import { assertNoCheckoutBlockers } from '@/modules/codes/blockers';
import { findOrCreatePurchaser, namedGuest } from './purchaser';

/** Whose order a checkout makes (identity §7 checkout rows). */
export type Buyer =
  | { kind: 'caller' }
  | { kind: 'purchaser'; purchaser: Purchaser }
  | { kind: 'guest_identity'; id: string }
  /** `pay`: the cart's own member, else no order (the guest finishes with guest_checkout) */
  | { kind: 'cart_owner' };

export interface CheckoutRequest {
  entry: PaymentEntry;
  buyer: Buyer;
  sendEmail: boolean;
  idempotencyKey: string;
  /** storefront origin for the order link */
  origin: string;
  /** same-origin path the authentication page returns to */
  returnPath: string;
}

export type CheckoutAnswer =
  | { kind: 'order'; status: 201; body: CheckoutResponse }
  | { kind: 'cart'; status: 200; body: CartBundle };

export const bookedCart = (orderId: string) =>
  // spec: identity §8 "Checkout entry" — a completed-order error goes to checkout/complete
  new AppError('conflict', 'checkout', `Cart with order ID ${orderId} has been booked.`, {
    ticket_order_id: orderId,
  });
const expired = (cartId: string) =>
  new AppError('cart_expired', 'cart', 'The cart has expired', { cart_id: cartId });

/** The cart's totals: the bundle's fees (grand = outstanding + what it counts as paid). */
function totalsOf(bundle: CartBundle): OrderTotals {
  const fees = bundle.cart_fees._data[0]!;
  const m = decimalToMinor;
  return {
    currency: fees.currency_code,
    beforeCartmod: m(fees.total_before_cartmod_price),
    feeFixed: m(fees.total_fee_fixed_outside),
    feePercent: m(fees.total_fee_percent_outside),
    cartmod: m(fees.total_cartmod_amount),
    afterFees: m(fees.total_outstanding) + m(fees.total_payments),
  };
}

export interface CheckoutServiceDeps {
  db: Db;
  now: () => Date;
}

/**
 * Pay and checkout (identity §2 Checkout, §4 "Checkout result", §7): one payment entry, then
 * the order when nothing is outstanding, else the cart (a partial payment).
 */
export function createCheckoutService({ db, now }: CheckoutServiceDeps) {
  function assertOpen(cart: CartRow, at: Date) {
    if (cart.state === 'expired' || (cart.state === 'pending' && cart.expiresAt <= at)) {
      throw expired(cart.id);
    }
  }

  async function buyerIdentity(caller: CheckoutCaller, cart: CartRow, buyer: Buyer) {
    if (buyer.kind === 'caller') return caller.identity.id;
    if (buyer.kind === 'guest_identity')
      return (await namedGuest(db, caller.seller.id, buyer.id)).id;
    if (buyer.kind === 'purchaser') {
      return (await findOrCreatePurchaser(db, caller.seller.id, buyer.purchaser)).id;
    }
    return cart.identityId === caller.publicIdentityId ? null : cart.identityId;
  }

  async function cartAnswer(caller: CheckoutCaller, cartId: string): Promise<CheckoutAnswer> {
    const cart = (await selectCart(db, cartId))!;
    const body = await buildCartBundle(db, cart, {
      now: now(),
      seller: caller.seller,
      publicIdentityId: caller.publicIdentityId,
    });
    return { kind: 'cart', status: 200, body };
  }

  /** The order transaction: lock, re-check, book, complete, mail — or nothing at all. */
  async function finalize(
    caller: CheckoutCaller,
    cartId: string,
    identityId: string,
    bundle: CartBundle,
    request: CheckoutRequest,
  ): Promise<CheckoutAnswer> {
    const at = now();
    const made = await db.transaction(async (tx) => {
      const locked = await lockCartRow(tx, cartId);
      if (!locked) throw new AppError('not_found', 'cart', 'Cart not found', { cart_id: cartId });
      if (locked.state === 'completed') {
        const existing = await selectOrderByCart(tx, cartId);
        throw bookedCart(existing?.id ?? '');
      }
      assertOpen(locked, at);
      await assertNoCheckoutBlockers(tx, cartId);
      // the confirmation goes to the buyer's e-mail at checkout time
      const owner = await findIdentityById(tx, identityId);
      return createOrderInTx(tx, {
        cart: locked,
        seller: caller.seller,
        identityId,
        email: owner?.email ?? null,
        totals: totalsOf(bundle),
        bundle,
        origin: request.origin,
        sendEmail: request.sendEmail,
        now: at,
      });
    });
    const body = await orderBundle(db, made.order, caller.seller, caller.publicIdentityId, at);
    return { kind: 'order', status: 201, body: { ...body, access_secret: made.secret } };
  }

  /** One pay or checkout call on a cart the caller may pay for (cart-access.ts). */
  async function run(
    caller: CheckoutCaller,
    cart: CartRow,
    request: CheckoutRequest,
  ): Promise<CheckoutAnswer> {
    const at = now();
    if (cart.state === 'completed') {
      const existing = await selectOrderByCart(db, cart.id);
      throw bookedCart(existing?.id ?? '');
    }
    assertOpen(cart, at);
    // spec: shopping §8 — 422 rule_blocks_reserve, context checkout_rules, before any charge
    await assertNoCheckoutBlockers(db, cart.id);
    const bundle = await buildCartBundle(db, cart, {
      now: at,
      seller: caller.seller,
      publicIdentityId: caller.publicIdentityId,
    });
    const totals = totalsOf(bundle);
    // resolve the buyer before any charge: a bad purchaser must not leave a payment behind
    const identityId = await buyerIdentity(caller, cart, request.buyer);
    const { entry } = request;
    const ctx: ChargeContext = {
      db,
      gateway: await cardGatewayFor(db, caller.seller.id),
      sellerId: caller.seller.id,
      cartId: cart.id,
      currency: totals.currency,
      grandTotal: totals.afterFees,
      idempotencyKey: request.idempotencyKey,
      now: at,
      actionUrl: (paymentId) =>
        `/api/sandbox/authenticate/${paymentId}?_seller=${encodeURIComponent(caller.seller.slug)}` +
        `&return_url=${encodeURIComponent(request.returnPath)}`,
    };
    const amount = entryAmountMinor(entry.amount);
    const intentId = entry.gateway_data.payment_intent_id;
    if (entry.gateway_id === 'stripe' && typeof intentId === 'string') {
      await completeIntent(ctx, intentId);
    } else if (entry.gateway_id === 'stripe') {
      await chargeCard(ctx, amount, entry);
    } else if (entry.gateway_id === 'ledger') {
      await chargeLedger(ctx, amount, entry);
    } else {
      checkPayableAmount(
        'free',
        amount,
        totals.afterFees - (await sumPaid(db, cart.id)),
        totals.currency,
      );
    }
    const outstanding = totals.afterFees - (await sumPaid(db, cart.id));
    if (outstanding > 0 || identityId === null) return cartAnswer(caller, cart.id);
    const processing = await selectProcessingPayment(db, cart.id);
    if (processing) {
      // spec: identity §4 — pending: no order until the processing payment settles
      throw new AppError('intent_processing', 'stripe', 'Your payment is processing', {
        cart_id: cart.id,
        payment_intent_id: processing.id,
      });
    }
    return finalize(caller, cart.id, identityId, bundle, request);
  }

  return { run };
}
