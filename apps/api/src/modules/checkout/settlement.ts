import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '@/db/connection';
import { seller } from '@/db/schema/identity';
import { payment } from '@/db/schema/payments';
import { AppError } from '@/http/app-error';
import { sellerRefColumns, type SellerRef } from '@/http/request-context';
import { buildCartBundle } from '@/modules/cart/bundle';
import { selectCart } from '@/modules/cart/repo';
import type { IntentResult } from '@/modules/payments/card-gateway';
import { cardGatewayFor } from '@/modules/payments/gateways';
import { deferRecovery, recoveryDue } from '@/modules/payments/recovery-backoff';
import { withPaidCard } from '@/modules/payments/receipt-payments';
import { selectProcessingPayment, sumPaid, updatePayment } from '@/modules/payments/repo';
import type { SettleAs } from './charge';
import { dueOnce, makeOrder } from './make-order';
import type { PaymentRow } from '@/db/schema/payments';

/**
 * Processing payments (identity §2 "Checkout pending", §4 "pending"): a card payment the
 * provider has not decided yet. The checkout answered `intent_processing` and the visitor waits
 * on the pending page; here the payment's outcome is recorded once known and, when that leaves
 * nothing due, the order is made for the buyer stored with the payment (charge.ts `settle_as`)
 * — the visitor may have closed the tab long ago (decision 0018 "Update: settlement").
 */

export interface SettlementDeps {
  db: Db;
  now: () => Date;
  /** the seller's public identity (the order bundle's ownedByPublicIdentity) */
  publicIdentityId: (seller: SellerRef) => Promise<string>;
  /** a settled payment whose order could not be made: its money goes back (refund.ts) */
  onStranded: (paymentId: string, reason: unknown) => Promise<void>;
}

export interface SettleOptions {
  /** how long the sandbox keeps a payment processing before it succeeds */
  sandboxProcessingMs: number;
  /** how often the card provider is asked again about one payment */
  providerRecheckMs: number;
}

const BATCH = 100;

/** Whose order the payment makes (charge.ts `settle_as`). */
export function settleAsOf(row: PaymentRow): SettleAs | null {
  const value = (row.gatewayData as { settle_as?: SettleAs }).settle_as;
  return value && typeof value === 'object' ? value : null;
}

/** The seller's reference for bundles and orders, from its id. */
export async function sellerRef(db: Db, sellerId: string): Promise<SellerRef | null> {
  const [row] = await db.select(sellerRefColumns).from(seller).where(eq(seller.id, sellerId));
  return row ?? null;
}

/** After a payment succeeded: the order, if nothing else is due or still in flight. */
async function completeSettledCart(deps: SettlementDeps, row: PaymentRow, at: Date) {
  const settle = settleAsOf(row);
  if (!settle?.identityId) return; // a balance payment or a guest's `pay`: no order to make
  const cart = await selectCart(deps.db, row.cartId);
  if (!cart || cart.state !== 'pending') return;
  if (await selectProcessingPayment(deps.db, cart.id)) return; // the last one to settle decides
  const ref = await sellerRef(deps.db, cart.sellerId);
  if (!ref) return;
  const bundle = await buildCartBundle(deps.db, cart, {
    now: at,
    seller: ref,
    publicIdentityId: await deps.publicIdentityId(ref),
  });
  if (dueOnce(bundle, await sumPaid(deps.db, cart.id)) > 0) return;
  try {
    await makeOrder(deps.db, {
      cartId: cart.id,
      seller: ref,
      identityId: settle.identityId,
      bundle,
      origin: settle.origin,
      sendEmail: settle.sendEmail,
      now: at,
      holdKept: true,
    });
  } catch (error) {
    // a checkout call that raced us made the order already: nothing is lost
    if (error instanceof AppError && error.code === 'conflict') return;
    await deps.onStranded(row.id, error);
  }
}

/**
 * Records the provider's final answer for a processing payment (once: a second answer, e.g. a
 * webhook after the poll, changes nothing) and completes the cart when it succeeded.
 */
export async function settlePayment(
  deps: SettlementDeps,
  paymentId: string,
  result: IntentResult,
): Promise<'succeeded' | 'failed' | 'unchanged'> {
  if (result.status === 'processing' || result.status === 'requires_action') return 'unchanged';
  const at = deps.now();
  const changed = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(payment).where(eq(payment.id, paymentId)).for('update');
    if (!row || row.state !== 'processing') return null;
    const succeeded = result.status === 'succeeded';
    return updatePayment(
      tx,
      row.id,
      {
        state: succeeded ? 'succeeded' : 'failed',
        errorCode: succeeded ? null : (result.declineCode ?? 'card_declined'),
        // the receipt lists the card by brand and last 4 (issue #22; the webhook reads them first)
        gatewayData: withPaidCard(row.gatewayData, result.paidCard),
      },
      at,
    );
  });
  if (!changed) return 'unchanged';
  if (changed.state === 'succeeded') await completeSettledCart(deps, changed, at);
  return changed.state === 'succeeded' ? 'succeeded' : 'failed';
}

async function settleOne(
  deps: SettlementDeps,
  options: SettleOptions,
  row: PaymentRow,
  at: Date,
): Promise<boolean> {
  const sandbox = (row.gatewayData as { card_gateway?: string }).card_gateway === 'sandbox';
  let result: IntentResult;
  if (sandbox) {
    if (at.getTime() - row.createdAt.getTime() < options.sandboxProcessingMs) return false;
    result = { status: 'succeeded', ref: row.id };
  } else {
    if (at.getTime() - row.updatedAt.getTime() < options.providerRecheckMs) return false;
    const gateway = await cardGatewayFor(deps.db, row.sellerId);
    if (gateway.kind !== 'stripe') return false; // keys removed: nobody to ask
    result = await gateway.retrieve(row.gatewayRef ?? row.id);
    if (result.status === 'processing' || result.status === 'requires_action') {
      await updatePayment(deps.db, row.id, {}, at); // asked: again in providerRecheckMs
      return false;
    }
  }
  return (await settlePayment(deps, row.id, result)) !== 'unchanged';
}

/**
 * One pass over the processing card payments: the sandbox succeeds them after
 * `sandboxProcessingMs` (like the provider's test card, which settles on its own); Stripe is
 * asked for the intent's state at most every `providerRecheckMs` per payment. Answers how many
 * payments it settled.
 */
export async function settleProcessingPayments(
  deps: SettlementDeps,
  options: SettleOptions,
): Promise<number> {
  const at = deps.now();
  const rows = await deps.db
    .select()
    .from(payment)
    .where(and(eq(payment.state, 'processing'), eq(payment.gatewayId, 'stripe'), recoveryDue(at)))
    .orderBy(asc(payment.updatedAt))
    .limit(BATCH);
  let settled = 0;
  let firstError: unknown = null;
  for (const row of rows) {
    try {
      if (await settleOne(deps, options, row, at)) settled++;
    } catch (error) {
      // one payment the provider cannot answer for now must not hold up the others; it is
      // asked again on the recovery's doubling schedule, not at every poll
      await deferRecovery(deps.db, row.id, at).catch(() => null);
      firstError ??= error;
    }
  }
  if (firstError) throw firstError;
  return settled;
}
