import type { CartBundle } from '@admit/contracts/cart';
import type { CheckoutResponse, PaymentEntry, Purchaser } from '@admit/contracts/checkout';
import { decimalToMinor } from '@admit/contracts/money';
import type { Db } from '@/db/connection';
import { AppError } from '@/http/app-error';
import { buildCartBundle } from '@/modules/cart/bundle';
import { selectCart, selectOrderByCart } from '@/modules/cart/repo';
import { entryAmountMinor, checkPayableAmount } from '@/modules/payments/amount-limits';
import { cardGatewayFor } from '@/modules/payments/gateways';
import { assertSandboxPayable } from '@/modules/payments/sandbox-mode';
import { selectProcessingPayment, sumPaid } from '@/modules/payments/repo';
import { orderBundle } from '@/modules/orders/order-read';
import type { CheckoutCaller } from './cart-access';
import { chargeCard, completeIntent, type ChargeContext } from './charge';
import { chargeLedger } from './charge-ledger';
import { assertNoCheckoutBlockers } from '@/modules/codes/blockers';
import { cartExpired } from '@/modules/cart/cart-lookup';
import { bookedCart, dueOnce, makeOrder, totalsOf } from './make-order';
import { prepareMembershipCheckout } from './membership-entry';
import { findOrCreatePurchaser, namedGuest } from '@/modules/users/purchaser';
import type { CartRow } from '@/db/schema/cart';
import type { SavedPaymentMethodRow } from '@/db/schema/payments';
import { findIdentityById } from '@/modules/users/repo';
import { assertNotSelfGift } from './gift-checkout';
import { takeCheckoutAnswers } from './checkout-answers';

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
  /** server-side only (the auto-renew job): charge this saved card off-session */
  savedMethod?: SavedPaymentMethodRow | null;
}

export type CheckoutAnswer =
  | { kind: 'order'; status: 201; body: CheckoutResponse }
  | { kind: 'cart'; status: 200; body: CartBundle };

export interface CheckoutServiceDeps {
  db: Db;
  now: () => Date;
  /** production refuses the sandbox to a seller not in test mode (sandbox-mode.ts) */
  config: { NODE_ENV: string };
}

/**
 * Pay and checkout (identity §2 Checkout, §4 "Checkout result", §7): one payment entry, then
 * the order when nothing is outstanding, else the cart (a partial payment).
 */
export function createCheckoutService({ db, now, config }: CheckoutServiceDeps) {
  function assertOpen(cart: CartRow, at: Date) {
    if (cart.state === 'expired' || (cart.state === 'pending' && cart.expiresAt <= at)) {
      throw cartExpired(cart.id);
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

  /** The order (make-order.ts), answered with the order bundle and its access secret. */
  async function finalize(
    caller: CheckoutCaller,
    cartId: string,
    identityId: string,
    bundle: CartBundle,
    request: CheckoutRequest,
  ): Promise<CheckoutAnswer> {
    const at = now();
    const made = await makeOrder(db, {
      cartId,
      seller: caller.seller,
      identityId,
      bundle,
      origin: request.origin,
      sendEmail: request.sendEmail,
      now: at,
      key: { sellerId: caller.seller.id, key: request.idempotencyKey },
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
    if (cart.state === 'completed') return payBalance(caller, cart, request);
    const at = now();
    assertOpen(cart, at);
    // spec: shopping §8 — 422 rule_blocks_reserve, context checkout_rules, before any charge
    await assertNoCheckoutBlockers(db, cart.id);
    const bundle = await buildCartBundle(db, cart, {
      now: at,
      seller: caller.seller,
      publicIdentityId: caller.publicIdentityId,
    });
    // resolve the buyer before any charge: a bad purchaser must not leave a payment behind
    const identityId = await buyerIdentity(caller, cart, request.buyer);
    // identity §5 "Gifting to oneself" — a guest's purchaser is known only now
    await assertNotSelfGift(db, cart, identityId);
    // the order's checkout questions (decision 0064): a call that would make the order needs
    // their answers, its own or those kept from an earlier call, before anything is charged
    const makesOrder =
      identityId !== null &&
      dueOnce(bundle, (await sumPaid(db, cart.id)) + entryAmountMinor(request.entry.amount)) === 0;
    await takeCheckoutAnswers(db, cart, bundle, request.entry.additional_info, makesOrder);
    await prepareMembershipCheckout(db, caller.seller, cart.id, identityId, request.entry, at);
    await charge(caller, cart, request, bundle, at, identityId);
    // spec: identity §4 "Checkout result" — the order once nothing is due; a payment plan may
    // leave a balance (scheduled payments), without one due is the whole outstanding amount
    if (dueOnce(bundle, await sumPaid(db, cart.id)) > 0 || identityId === null) {
      return cartAnswer(caller, cart.id);
    }
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

  /**
   * `pay` on a completed cart whose order keeps a balance (scheduled payments): the payment
   * and the cart's new totals; no expiry (its tickets are booked) and no new order.
   */
  async function payBalance(
    caller: CheckoutCaller,
    cart: CartRow,
    request: CheckoutRequest,
  ): Promise<CheckoutAnswer> {
    const at = now();
    const existing = await selectOrderByCart(db, cart.id);
    if (request.buyer.kind !== 'cart_owner' || !existing) throw bookedCart(existing?.id ?? '');
    const bundle = await buildCartBundle(db, cart, {
      now: at,
      seller: caller.seller,
      publicIdentityId: caller.publicIdentityId,
    });
    const fees = bundle.cart_fees._data[0]!;
    const outstanding = decimalToMinor(fees.total_outstanding);
    if (outstanding <= 0) throw bookedCart(existing.id);
    // `free` pays nothing: on a balance it is refused like any unsupported amount
    if (request.entry.gateway_id === 'free') {
      checkPayableAmount('free', 0, outstanding, fees.currency_code);
    }
    await charge(caller, cart, request, bundle, at, null);
    return cartAnswer(caller, cart.id);
  }

  /** Takes the payment entry through its gateway (charge.ts), within what the cart owes. */
  async function charge(
    caller: CheckoutCaller,
    cart: CartRow,
    request: CheckoutRequest,
    bundle: CartBundle,
    at: Date,
    /** whose order a processing payment makes once it settles (null: none, e.g. a balance) */
    buyerId: string | null,
  ) {
    const totals = totalsOf(bundle);
    const { entry } = request;
    const gateway = await cardGatewayFor(db, caller.seller.id);
    if (entry.gateway_id === 'stripe' && gateway.kind === 'sandbox') {
      await assertSandboxPayable(db, caller.seller.id, config);
    }
    const ctx: ChargeContext = {
      db,
      gateway,
      sellerId: caller.seller.id,
      cartId: cart.id,
      currency: totals.currency,
      grandTotal: totals.afterFees,
      idempotencyKey: request.idempotencyKey,
      now: at,
      settleAs: { identityId: buyerId, sendEmail: request.sendEmail, origin: request.origin },
      savedMethod: request.savedMethod ?? null,
      saveFor: wantsSavedCard(entry, request) && buyerId ? await personOf(buyerId) : null,
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
      // free: nothing due now (with no plan: nothing outstanding)
      const fees = bundle.cart_fees._data[0]!;
      const due = decimalToMinor(fees.total_due ?? fees.total_outstanding);
      checkPayableAmount('free', amount, due, totals.currency);
    }
  }

  /** Who a card is saved for: the buyer's names and e-mail go to the gateway's customer. */
  async function personOf(identityId: string) {
    const person = await findIdentityById(db, identityId);
    const name = [person?.firstName, person?.lastName].filter(Boolean).join(' ');
    return { identityId, email: person?.email ?? null, name: name || null };
  }

  return { run };
}

/** identity §3 "Payment entry" save_card: a card payment asks to keep its card (decision 0038). */
const wantsSavedCard = (entry: PaymentEntry, request: CheckoutRequest) =>
  entry.gateway_id === 'stripe' &&
  entry.gateway_data.save_card === true &&
  !request.savedMethod &&
  typeof entry.gateway_data.payment_intent_id !== 'string';
