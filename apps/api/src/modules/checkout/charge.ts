import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PaymentEntry } from '@admit/contracts/checkout';
import type { Db } from '@/db/connection';
import type { Executor } from '@/db/transaction';
import { payment } from '@/db/schema/payments';
import { AppError } from '@/http/app-error';
import type { CardGateway, CustomerInput, IntentResult } from '@/modules/payments/card-gateway';
import { checkPayableAmount } from '@/modules/payments/amount-limits';
import {
  insertPayment,
  selectPayment,
  selectPaymentByKey,
  updatePayment,
} from '@/modules/payments/repo';
import { markKeyCharged } from '@/modules/payments/idempotency';
import { withPaidCard } from '@/modules/payments/receipt-payments';
import { cardDeclined } from '@/modules/payments/card-errors';
import { confirmInputOf, customerFor, rememberSavedCard } from '@/modules/payments/saved-methods';
import { lockCartRow } from '@/modules/orders/repo';
import type { PaymentRow, SavedPaymentMethodRow } from '@/db/schema/payments';

/**
 * Runs one payment entry against its gateway (identity §3 "Payment entry", §4 "Payment intent").
 * A card payment's row is committed BEFORE the gateway is called and updated after, so a crash
 * between the charge and the order leaves a row that the retry (same Idempotency-Key) finds.
 */

export interface ChargeContext {
  db: Db;
  gateway: CardGateway;
  sellerId: string;
  cartId: string;
  currency: string;
  /** the cart's grand total, minor units */
  grandTotal: number;
  idempotencyKey: string;
  now: Date;
  /** where the browser goes for the authentication step, given the payment id */
  actionUrl: (paymentId: string) => string;
  /** kept on a card payment: the order its settlement makes if it ends up processing */
  settleAs: SettleAs;
  /** the buyer, when the entry asked to keep the card (`save_card`) and there is one */
  saveFor?: CustomerInput | null;
  /** a saved card to charge off-session instead of the entry's source (the auto-renew job) */
  savedMethod?: SavedPaymentMethodRow | null;
}

/** Whose order a payment that settles later makes (settlement.ts), stored with the payment. */
export interface SettleAs {
  identityId: string | null;
  sendEmail: boolean;
  origin: string;
}

// states that hold money back from a second payment while the first is undecided
const RESERVING = ['succeeded', 'processing', 'created'];

/** What the cart's payments already hold (paid, or undecided), minor units; under its row lock. */
export async function reservedOn(tx: Executor, cartId: string): Promise<number> {
  const [sum] = await tx
    .select({ total: sql<string>`coalesce(sum(${payment.amount}), 0)` })
    .from(payment)
    .where(and(eq(payment.cartId, cartId), inArray(payment.state, RESERVING)));
  return Number(sum?.total ?? 0);
}

/** What the gateway answered, turned into the spec's answer: paid, or the matching error. */
function settleIntent(row: PaymentRow, result: IntentResult, ctx: ChargeContext): PaymentRow {
  if (result.status === 'succeeded') return row;
  if (result.status === 'requires_action') {
    // spec: identity §4 — a 402 with intent_requires_action triggers the authentication step
    throw new AppError('intent_requires_action', 'stripe', 'Your card requires authentication', {
      payment_intent_id: row.id,
      status: 'requires_action',
      // Stripe's in-page step (stripe.handleCardAction) needs the secret, not our sandbox page
      next_action_url:
        result.nextActionUrl ?? (ctx.gateway.kind === 'sandbox' ? ctx.actionUrl(row.id) : null),
      client_secret: result.clientSecret ?? null,
    });
  }
  if (result.status === 'processing') {
    throw new AppError('intent_processing', 'stripe', 'Your payment is processing', {
      cart_id: ctx.cartId,
      payment_intent_id: row.id,
    });
  }
  throw cardDeclined(result.declineCode ?? 'card_declined', result.message);
}

/**
 * Records the gateway's answer; a success moves the request's Idempotency-Key to `charged` in
 * the same transaction (decision 0027), so a crash after it leaves a key the recovery finishes.
 */
export async function recordIntentResult(
  db: Db,
  key: { sellerId: string; key: string },
  row: PaymentRow,
  result: IntentResult,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const updated = await updatePayment(
      tx,
      row.id,
      {
        state: result.status,
        gatewayRef: result.ref || row.id,
        errorCode: result.status === 'failed' ? (result.declineCode ?? 'card_declined') : null,
        // the receipt lists the card by brand and last 4 (issue #22)
        ...(result.paidCard ? { gatewayData: withPaidCard(row.gatewayData, result.paidCard) } : {}),
      },
      now,
    );
    if (updated.state === 'succeeded') {
      await markKeyCharged(tx, key.sellerId, key.key, updated.id);
      // save_card: the reusable reference is kept with the success itself (decision 0038)
      await rememberSavedCard(tx, updated, result, now);
    }
    return updated;
  });
}

const recordResult = (ctx: ChargeContext, row: PaymentRow, result: IntentResult) =>
  recordIntentResult(
    ctx.db,
    { sellerId: ctx.sellerId, key: ctx.idempotencyKey },
    row,
    result,
    ctx.now,
  );

/** Re-submission after the authentication step: the intent's state now decides. */
export async function completeIntent(ctx: ChargeContext, paymentId: string): Promise<void> {
  const row = await selectPayment(ctx.db, paymentId);
  if (!row || row.cartId !== ctx.cartId || row.gatewayId !== 'stripe') {
    throw new AppError('not_found', 'stripe', 'Payment not found', { field: 'payment_intent_id' });
  }
  let current = row;
  if (row.state === 'requires_action' || row.state === 'created') {
    current = await recordResult(ctx, row, await ctx.gateway.retrieve(row.gatewayRef ?? row.id));
  } else if (row.state === 'succeeded') {
    // paid on the authentication page: this request's key now guards that money
    await markKeyCharged(ctx.db, ctx.sellerId, ctx.idempotencyKey, row.id);
    await rememberSavedCard(ctx.db, row, { status: 'succeeded' }, ctx.now);
  }
  const result: IntentResult = {
    status: current.state === 'created' ? 'failed' : (current.state as IntentResult['status']),
    ref: current.gatewayRef ?? current.id,
    declineCode: current.errorCode ?? undefined,
    message:
      current.errorCode === 'payment_intent_authentication_failure'
        ? 'We are unable to authenticate your payment method. Please choose a different payment method and try again.'
        : undefined,
  };
  settleIntent(current, result, ctx);
}

/** How a card payment is confirmed: its method, and whether it keeps or charges a saved card. */
interface CardUse {
  source: string;
  customer: string | null;
  saveCard: boolean;
  offSession: boolean;
}

/** Checks the amount and reserves it under the cart's row lock, recording the card payment. */
async function reserveCardPayment(
  ctx: ChargeContext,
  amount: number,
  entry: PaymentEntry,
  use: CardUse,
) {
  return ctx.db.transaction(async (tx) => {
    await lockCartRow(tx, ctx.cartId);
    checkPayableAmount(
      'stripe',
      amount,
      ctx.grandTotal - (await reservedOn(tx, ctx.cartId)),
      ctx.currency,
    );
    return insertPayment(tx, {
      sellerId: ctx.sellerId,
      cartId: ctx.cartId,
      gatewayId: 'stripe',
      amount,
      currency: ctx.currency,
      state: 'created',
      gatewayData: {
        idempotency_key: ctx.idempotencyKey,
        card_gateway: ctx.gateway.kind,
        source_type:
          typeof entry.gateway_data.source_type === 'string'
            ? entry.gateway_data.source_type
            : 'card',
        settle_as: ctx.settleAs,
        // the recovery confirms a payment left `created` by a crash again (same payment id:
        // the gateway answers the same intent), so it keeps the payment method token
        payment_method: use.source,
        // …and whether it saves a card or charges a saved one (saved-methods.ts confirmInputOf)
        ...(use.customer ? { customer: use.customer } : {}),
        ...(use.saveCard ? { save_card: true } : {}),
        ...(use.offSession
          ? { off_session: true, saved_payment_method_id: ctx.savedMethod?.id }
          : {}),
        // …and the rest of what it sent: Stripe refuses an idempotency key with other parameters
        description:
          typeof entry.gateway_data.description === 'string'
            ? entry.gateway_data.description
            : undefined,
      },
      createdAt: ctx.now,
      updatedAt: ctx.now,
    });
  });
}

/**
 * Charges a card: the row first (committed), then the gateway, then the row's outcome. A row an
 * earlier attempt under the same key left behind is reused: paid stays paid, `created` (a crash
 * mid-call) is confirmed again under the same payment id (the gateway's own idempotency).
 */
export async function chargeCard(ctx: ChargeContext, amount: number, entry: PaymentEntry) {
  const saved = ctx.savedMethod ?? null;
  const source = saved ? saved.paymentMethodRef : entry.gateway_data.source;
  const earlier = await selectPaymentByKey(ctx.db, ctx.cartId, ctx.idempotencyKey);
  if (earlier && (earlier.state === 'succeeded' || earlier.state === 'processing')) {
    if (earlier.state === 'succeeded') {
      await markKeyCharged(ctx.db, ctx.sellerId, ctx.idempotencyKey, earlier.id);
    }
    return settleIntent(
      earlier,
      { status: earlier.state, ref: earlier.gatewayRef ?? earlier.id },
      ctx,
    );
  }
  if (typeof source !== 'string' || source.length === 0) {
    throw new AppError(
      'validation_failed',
      'checkout',
      'gateway_data.source: a payment method is required',
      {
        field: 'gateway_data.source',
      },
    );
  }
  const row =
    earlier?.state === 'created'
      ? earlier
      : await reserveCardPayment(ctx, amount, entry, await cardUseOf(ctx, source));
  const result = await ctx.gateway.confirm(confirmInputOf(row)!);
  return settleIntent(await recordResult(ctx, row, result), result, ctx);
}

/** A saved card is charged off-session on its customer; a card to keep goes on the buyer's. */
async function cardUseOf(ctx: ChargeContext, source: string): Promise<CardUse> {
  if (ctx.savedMethod) {
    return { source, customer: ctx.savedMethod.customerRef, saveCard: false, offSession: true };
  }
  if (!ctx.saveFor) return { source, customer: null, saveCard: false, offSession: false };
  const customer = await customerFor(ctx.db, ctx.gateway, ctx.saveFor);
  return { source, customer, saveCard: true, offSession: false };
}
