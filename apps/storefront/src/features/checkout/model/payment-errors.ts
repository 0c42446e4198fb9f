import { ApiError } from '@/api/client';
import type { CheckoutStringKey } from '@/features/checkout/strings';

/** spec: identity §8 — card errors that are expected, shown with the provider's message. */
export const CARD_ERROR_CODES = new Set([
  'card_declined',
  'incorrect_zip',
  'incorrect_cvc',
  'invalid_cvc',
  'payment_intent_authentication_failure',
  'invalid_bank_account',
]);

/** What a failed payment leads to (identity §4 "Checkout result", §8). */
export type PaymentFailure =
  | { kind: 'authenticate'; url: string }
  | { kind: 'pending' }
  | { kind: 'completed'; orderId: string }
  | { kind: 'expired' }
  | {
      kind: 'message';
      keys: CheckoutStringKey[];
      provider?: string;
      /** after the provider's message: the wallet's postcode note */
      note?: CheckoutStringKey;
      refreshCart: boolean;
    }
  /** no answer (network): the same attempt may be retried with the same idempotency key */
  | { kind: 'retryable'; keys: CheckoutStringKey[] };

/**
 * A 402 intent_requires_action that the card provider's script can authenticate in the page
 * (Stripe.js with the intent's client secret; decision 0022), else null.
 */
export function inPageAuthentication(
  error: unknown,
): { clientSecret: string; paymentIntentId: string } | null {
  if (!(error instanceof ApiError) || error.code !== 'intent_requires_action') return null;
  const { client_secret: clientSecret, payment_intent_id: paymentIntentId } = error.extra ?? {};
  return typeof clientSecret === 'string' && clientSecret && typeof paymentIntentId === 'string'
    ? { clientSecret, paymentIntentId }
    : null;
}

/**
 * identity §4 "Payment intent": runs the provider's in-page step for a 402 it can handle.
 * null: no such step (the caller classifies the error); else the intent to re-submit with, or
 * the step's own failure.
 */
export async function runInPageStep(
  error: unknown,
  authenticate: ((clientSecret: string) => Promise<void>) | undefined,
): Promise<{ ok: true; paymentIntentId: string } | { ok: false; error: unknown } | null> {
  const step = authenticate ? inPageAuthentication(error) : null;
  if (!step || !authenticate) return null;
  try {
    await authenticate(step.clientSecret);
    return { ok: true, paymentIntentId: step.paymentIntentId };
  } catch (stepError) {
    return { ok: false, error: stepError };
  }
}

export function classifyPaymentError(
  error: unknown,
  options: { wallet?: boolean } = {},
): PaymentFailure {
  if (!(error instanceof ApiError) || error.status === 0) {
    return { kind: 'retryable', keys: ['checkout.error.unexpected'] };
  }
  const extra = error.extra ?? {};
  if (error.status === 402 && error.code === 'intent_requires_action') {
    const url = typeof extra.next_action_url === 'string' ? extra.next_action_url : null;
    if (url) return { kind: 'authenticate', url };
  }
  if (error.code === 'intent_processing') return { kind: 'pending' };
  if (error.code === 'conflict' && typeof extra.ticket_order_id === 'string') {
    return { kind: 'completed', orderId: extra.ticket_order_id };
  }
  if (error.code === 'cart_expired') return { kind: 'expired' };
  if (CARD_ERROR_CODES.has(error.code) || error.context === 'stripe') {
    const provider =
      error.description && error.description !== error.code ? error.description : undefined;
    return {
      kind: 'message',
      // the provider's message, else the general one (identity §8 "Payment error general")
      keys: provider
        ? ['checkout.error.not-charged']
        : ['checkout.error.not-charged', 'checkout.error.payment-general'],
      provider,
      // spec: identity §8 — a wallet postcode error notes that the wallet's zip differs
      ...(options.wallet && error.code === 'incorrect_zip'
        ? { note: 'checkout.wallet.zip-differs' as const }
        : {}),
      refreshCart: true,
    };
  }
  if (error.code === 'validation_failed' && extra.field === 'amount') {
    return { kind: 'message', keys: ['checkout.error.unsupported-amount'], refreshCart: true };
  }
  if (error.status === 409) return { kind: 'retryable', keys: ['checkout.error.unexpected'] };
  return { kind: 'message', keys: ['checkout.error.unexpected'], refreshCart: false };
}

/** A payment message as one sentence run: our texts, the provider's message, then the note. */
export function paymentMessageText(
  message: { keys: CheckoutStringKey[]; provider?: string | undefined; note?: CheckoutStringKey },
  t: (key: CheckoutStringKey) => string,
): string {
  return [...message.keys.map((key) => t(key)), message.provider, message.note && t(message.note)]
    .filter(Boolean)
    .join(' ');
}
