import { and, desc, eq } from 'drizzle-orm';
import type { SavedPaymentMethod } from '@admit/contracts/saved-payment-method';
import {
  savedPaymentMethod,
  type PaymentRow,
  type SavedPaymentMethodRow,
} from '@/db/schema/payments';
import type { Executor } from '@/db/transaction';
import type {
  CardGateway,
  ConfirmInput,
  CustomerInput,
  IntentResult,
  SavedCard,
} from './card-gateway';
import { readSandboxToken } from './sandbox-cards';
import { sandboxSavedCard } from './sandbox-gateway';

/**
 * Saved cards (identity §3 "Payment entry" `save_card`, "Saved payment method"; decision 0038):
 * a card payment asked to be kept stores the gateway's reusable reference for its buyer when it
 * succeeds — in the transaction that records the success — and the auto-renew job charges the
 * newest one off-session. Card numbers never reach the server.
 */

export type CardGatewayKind = CardGateway['kind'];

/** What a card payment row remembers of its confirm call (charge.ts writes it). */
export interface SentCardData {
  payment_method?: unknown;
  description?: unknown;
  card_gateway?: unknown;
  /** the gateway customer the card was charged or saved for */
  customer?: unknown;
  /** the buyer asked to keep the card */
  save_card?: unknown;
  /** a saved card charged without its holder (the auto-renew job) */
  off_session?: unknown;
  settle_as?: { identityId?: unknown } | null;
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * The confirm call of a recorded card payment: the same parameters every time (a re-confirm
 * after a crash must repeat the first call exactly, or Stripe refuses its idempotency key).
 */
export function confirmInputOf(row: PaymentRow): ConfirmInput | null {
  const sent = row.gatewayData as SentCardData;
  const paymentMethod = text(sent.payment_method);
  if (!paymentMethod) return null;
  const customer = text(sent.customer);
  return {
    paymentId: row.id,
    amountMinor: row.amount,
    currency: row.currency,
    paymentMethod,
    returnUrl: null,
    description: text(sent.description),
    ...(customer ? { customer } : {}),
    ...(sent.save_card === true ? { saveCard: true } : {}),
    ...(sent.off_session === true ? { offSession: true } : {}),
  };
}

/** The person's newest saved card, of one gateway when given (the one auto-renew charges). */
export async function newestSavedMethod(
  db: Executor,
  identityId: string,
  gateway?: CardGatewayKind,
): Promise<SavedPaymentMethodRow | null> {
  const [row] = await db
    .select()
    .from(savedPaymentMethod)
    .where(
      and(
        eq(savedPaymentMethod.identityId, identityId),
        gateway ? eq(savedPaymentMethod.gateway, gateway) : undefined,
      ),
    )
    .orderBy(desc(savedPaymentMethod.createdAt), desc(savedPaymentMethod.id))
    .limit(1);
  return row ?? null;
}

/** The gateway customer a card is saved on: the person's existing one, else a new one. */
export async function customerFor(
  db: Executor,
  gateway: CardGateway,
  person: CustomerInput,
): Promise<string> {
  const saved = await newestSavedMethod(db, person.identityId, gateway.kind);
  return saved?.customerRef ?? (await gateway.createCustomer(person));
}

/**
 * Keeps the card of a succeeded payment that asked for it (`save_card`), for the buyer the
 * payment settles for. The gateway's answer names the reusable method; the sandbox's 3-D Secure
 * page answers none, so its saved card comes from the payment's own token.
 */
export async function rememberSavedCard(
  tx: Executor,
  row: PaymentRow,
  result: Pick<IntentResult, 'status' | 'savedCard'>,
  now: Date,
): Promise<void> {
  const sent = row.gatewayData as SentCardData;
  const identityId = text(sent.settle_as?.identityId);
  if (sent.save_card !== true || result.status !== 'succeeded' || !identityId) return;
  const token = text(sent.payment_method);
  const sandbox = sent.card_gateway === 'sandbox';
  // the confirm that took this payment verified its token (and bound it to the payment)
  const fromToken = sandbox && token ? readSandboxToken(token) : null;
  const card = result.savedCard ?? (fromToken ? sandboxSavedCard(fromToken) : null);
  if (!card) return;
  await insertSavedCard(tx, {
    sellerId: row.sellerId,
    identityId,
    gateway: sandbox ? 'sandbox' : 'stripe',
    customerRef: text(sent.customer) ?? null,
    card,
    now,
  });
}

/**
 * Stores a reusable card as the person's newest (the one auto-renew charges): from a payment
 * that kept its card, or a card saved without a payment (setup-card.ts). The same card twice
 * is one row; the row is answered either way.
 */
export async function insertSavedCard(
  tx: Executor,
  input: {
    sellerId: string;
    identityId: string;
    gateway: CardGatewayKind;
    customerRef: string | null;
    card: SavedCard;
    now: Date;
  },
): Promise<SavedPaymentMethodRow> {
  const { card } = input;
  const [inserted] = await tx
    .insert(savedPaymentMethod)
    .values({
      sellerId: input.sellerId,
      identityId: input.identityId,
      gateway: input.gateway,
      customerRef: input.customerRef,
      paymentMethodRef: card.paymentMethodRef,
      brand: card.brand,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
      createdAt: input.now,
    })
    .onConflictDoNothing()
    .returning();
  if (inserted) return inserted;
  const [existing] = await tx
    .select()
    .from(savedPaymentMethod)
    .where(
      and(
        eq(savedPaymentMethod.identityId, input.identityId),
        eq(savedPaymentMethod.gateway, input.gateway),
        eq(savedPaymentMethod.paymentMethodRef, card.paymentMethodRef),
      ),
    );
  if (!existing) throw new Error('saved card neither inserted nor found');
  return existing;
}

/** A saved card as the account page may see it (never the gateway's references). */
export function toSavedPaymentMethod(row: SavedPaymentMethodRow): SavedPaymentMethod {
  return {
    id: row.id,
    type: 'card',
    brand: row.brand,
    last4: row.last4,
    exp_month: row.expMonth,
    exp_year: row.expYear,
    created_at: row.createdAt.toISOString(),
  };
}
