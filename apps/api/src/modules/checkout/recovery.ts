import { and, eq, isNull, lte, or } from 'drizzle-orm';
import { payResponseSchema } from '@admit/contracts/checkout';
import { idempotencyKey, payment } from '@/db/schema/payments';
import { AppError } from '@/http/app-error';
import type { SellerRef } from '@/http/request-context';
import { buildCartBundle } from '@/modules/cart/bundle';
import { selectCart, selectOrderByCart } from '@/modules/cart/repo';
import {
  releaseLease,
  selectKeyById,
  storeAnswer,
  takeLease,
  type KeyRow,
  type StoredAnswer,
} from '@/modules/payments/idempotency';
import { errorAnswer } from '@/modules/payments/idempotent-run';
import { recoveryDue, recoveryFailed } from '@/modules/payments/recovery-backoff';
import { selectOrder } from '@/modules/orders/repo';
import { orderBundle } from '@/modules/orders/order-read';
import { selectPayment, selectProcessingPayment, sumPaid } from '@/modules/payments/repo';
import { cartExpired } from '@/modules/cart/cart-lookup';
import { bookedCart, dueOnce, makeOrder } from './make-order';
import { refundPayment, refundStranded, type RefundDeps } from './refund';
import { resumeRefunds } from '@/modules/payments/refunds';
import { reconfirmCreated } from './reconfirm';
import { sellerRef, settleAsOf } from './settlement';
import type { CartRow } from '@/db/schema/cart';

/**
 * Payment recovery (decision 0027): finishes every Idempotency-Key whose payment took money but
 * whose request never answered — a crash, a lost connection — by making the order when the
 * cart can still be booked, else refunding; refunds the payments of carts that expired without
 * an order (partial payments); resumes refunds a crash interrupted. Run by the settlement job
 * (settlement-plugin.ts) and by the retry of the same key (idempotency.ts `finishCharged`).
 */

export interface RecoveryDeps extends RefundDeps {
  /** the seller's public identity (the bundles' ownedByPublicIdentity) */
  publicIdentityId: (seller: SellerRef) => Promise<string>;
  leaseMs: number;
}

const BATCH = 50;

interface Outcome {
  answer: StoredAnswer;
  state: 'completed' | 'failed';
}

export function createPaymentRecovery(deps: RecoveryDeps) {
  const { db } = deps;

  async function cartAnswer(row: CartRow, seller: SellerRef): Promise<Outcome> {
    const body = await buildCartBundle(db, row, {
      now: deps.now(),
      seller,
      publicIdentityId: await deps.publicIdentityId(seller),
    });
    return { answer: { status: 200, body: payResponseSchema.parse(body) }, state: 'completed' };
  }

  async function orderAnswer(key: KeyRow, seller: SellerRef): Promise<Outcome> {
    const order = (await selectOrder(db, key.orderId!))!;
    const body = await orderBundle(
      db,
      order,
      seller,
      await deps.publicIdentityId(seller),
      deps.now(),
    );
    const full = { ...body, access_secret: key.orderSecret ?? '' };
    return { answer: { status: 201, body: payResponseSchema.parse(full) }, state: 'completed' };
  }

  /** Gives the money back; the answer is the reason, saying so. */
  async function refunded(paymentId: string, reason: AppError): Promise<Outcome> {
    await refundPayment(deps, paymentId, reason.code, { resume: true });
    const error = new AppError(reason.code, reason.context, reason.message, {
      ...(reason.extra ?? {}),
      refunded: true,
      payment_intent_id: paymentId,
    });
    return { answer: errorAnswer(error), state: 'failed' };
  }

  /**
   * The key's cart is completed. The order's transaction records itself on the key, so the key
   * read again now shows it when the order was made under this key — by another holder that
   * took the key over while this one worked (a lease that ran out under load). A balance
   * payment answers the cart; an order made by another call answers 409 booked.
   */
  async function completedCart(
    key: KeyRow,
    paid: CartRow,
    seller: SellerRef,
    balancePayment: boolean,
  ): Promise<Outcome> {
    const fresh = (await selectKeyById(db, key.id)) ?? key;
    if (fresh.orderId) return orderAnswer(fresh, seller);
    if (balancePayment) return cartAnswer(paid, seller);
    const order = await selectOrderByCart(db, paid.id);
    return { answer: errorAnswer(bookedCart(order?.id ?? '')), state: 'completed' };
  }

  /** What a charged key ends as: the same rules as the checkout after its charge (service.ts). */
  async function decide(key: KeyRow): Promise<Outcome> {
    const seller = await sellerRef(db, key.sellerId);
    const row = key.paymentId ? await selectPayment(db, key.paymentId) : null;
    const paid = key.cartId ? await selectCart(db, key.cartId) : null;
    if (!seller || !row || !paid) throw new Error(`idempotency key ${key.id}: rows missing`);
    if (key.orderId) return orderAnswer(key, seller);
    if (row.state === 'refunding' || row.state === 'refunded') {
      return refunded(row.id, cartExpired(paid.id));
    }
    const buyer = settleAsOf(row);
    if (paid.state === 'completed') return completedCart(key, paid, seller, !buyer?.identityId);
    if (paid.state !== 'pending') return refunded(row.id, cartExpired(paid.id));
    const bundle = await buildCartBundle(db, paid, {
      now: deps.now(),
      seller,
      publicIdentityId: await deps.publicIdentityId(seller),
    });
    if (!buyer?.identityId || dueOnce(bundle, await sumPaid(db, paid.id)) > 0) {
      return cartAnswer(paid, seller); // a partial payment: the cart, as `pay` answers
    }
    const processing = await selectProcessingPayment(db, paid.id);
    if (processing) {
      const error = new AppError('intent_processing', 'stripe', 'Your payment is processing', {
        cart_id: paid.id,
        payment_intent_id: processing.id,
      });
      return { answer: errorAnswer(error), state: 'completed' };
    }
    try {
      await makeOrder(db, {
        cartId: paid.id,
        seller,
        identityId: buyer.identityId,
        bundle,
        origin: buyer.origin,
        sendEmail: buyer.sendEmail,
        now: deps.now(),
        // the charged key kept the cart from expiring: its places are still held
        holdKept: true,
        key: { sellerId: key.sellerId, key: key.key },
      });
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      if (error.code === 'conflict') {
        const completed = (await selectCart(db, paid.id)) ?? paid;
        return completedCart(key, completed, seller, false);
      }
      return refunded(row.id, error); // expired, blocked by a checkout rule, …
    }
    const made = (await selectKeyById(db, key.id))!;
    deps.log.info(
      { paymentId: row.id, cartId: paid.id, orderId: made.orderId },
      'payment recovered: order made for a charge whose request did not finish',
    );
    return orderAnswer(made, seller);
  }

  /** Finishes a `charged` key; `mine`: this call decided it (not a holder before it). */
  async function finish(
    keyId: string,
    leaseHeld: boolean,
  ): Promise<{ answer: StoredAnswer | null; mine: boolean }> {
    const key = leaseHeld
      ? await selectKeyById(db, keyId)
      : await takeLease(db, keyId, 'charged', deps.now(), deps.leaseMs);
    if (!key || key.state !== 'charged') {
      const now = await selectKeyById(db, keyId);
      const final = now && (now.state === 'completed' || now.state === 'failed');
      return { answer: final ? { status: now.status!, body: now.body } : null, mine: false };
    }
    try {
      const { answer, state } = await decide(key);
      if (await storeAnswer(db, key.id, answer, state)) return { answer, mine: true };
      const stored = (await selectKeyById(db, key.id))!;
      return { answer: { status: stored.status!, body: stored.body }, mine: false };
    } catch (error) {
      await releaseLease(db, key.id, deps.now());
      throw error;
    }
  }

  /**
   * Finishes a `charged` key and answers its final result; null while another holder has it.
   * `leaseHeld`: the caller (the request that charged) holds the key already.
   */
  const finishKey = async (keyId: string, leaseHeld: boolean) =>
    (await finish(keyId, leaseHeld)).answer;

  /** Keys left `charged` whose holder is gone (lease over): finish them (their payment's backoff). */
  async function finishAbandoned(at: Date): Promise<number> {
    const rows = await db
      .select({ id: idempotencyKey.id, paymentId: idempotencyKey.paymentId })
      .from(idempotencyKey)
      .leftJoin(payment, eq(payment.id, idempotencyKey.paymentId))
      .where(
        and(
          eq(idempotencyKey.state, 'charged'),
          lte(idempotencyKey.leaseUntil, at),
          or(isNull(payment.id), recoveryDue(at)),
        ),
      )
      .limit(BATCH);
    let done = 0;
    for (const r of rows) {
      try {
        if ((await finish(r.id, false)).mine) done++;
      } catch (error) {
        if (r.paymentId) {
          await recoveryFailed(deps, r.paymentId, at, error, 'finishing a key failed', {
            keyId: r.id,
          });
        } else {
          deps.log.error({ err: error, keyId: r.id }, 'payment recovery: finishing a key failed');
        }
      }
    }
    return done;
  }

  /** One pass of the recovery; answers how many payments it moved on. */
  async function recover(): Promise<number> {
    const at = deps.now();
    let moved = 0;
    let firstError: unknown = null;
    for (const step of [
      () => reconfirmCreated(deps, at, finishKey),
      () => finishAbandoned(at),
      () => refundStranded(deps, at),
      // refunds of cancelled or edited orders whose request died (decision 0036)
      () => resumeRefunds(deps, at),
    ]) {
      try {
        moved += await step();
      } catch (error) {
        firstError ??= error; // one failing step must not hold up the others
      }
    }
    if (firstError) throw firstError;
    return moved;
  }

  return { finishKey, recover };
}

export type PaymentRecovery = ReturnType<typeof createPaymentRecovery>;
