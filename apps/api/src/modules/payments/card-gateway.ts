/**
 * One interface for the card gateways (identity §4 "Payment intent"): the built-in sandbox
 * (the default, the card provider's test mode) and Stripe (when the seller has keys). The
 * intent id is ours when the gateway keeps none (sandbox), the provider's otherwise.
 */

/** PaymentIntent-like states (identity §4): what a confirm or a retrieve can answer. */
export type IntentStatus = 'requires_action' | 'processing' | 'succeeded' | 'failed';

export interface IntentResult {
  status: IntentStatus;
  /** the gateway's intent reference, kept in payment.gateway_ref */
  ref: string;
  /** the decline code when failed: card_declined | incorrect_cvc | incorrect_zip | … */
  declineCode?: string;
  /** the provider's message for a decline ("Your card was declined.") */
  message?: string;
  /** Stripe's client secret (authentication step in the browser) */
  clientSecret?: string | null;
  /** where the browser goes for the authentication step */
  nextActionUrl?: string | null;
  /** the reusable card the intent was paid with, when it was confirmed to be saved */
  savedCard?: SavedCard | null;
  /** the card (or wallet card) the intent was paid with, as a receipt may show it */
  paidCard?: PaidCard | null;
}

/** What a receipt may show of the card a payment took (issue #22): brand and last 4, no more. */
export interface PaidCard {
  /** lower-case brand key: visa | mastercard | amex | … */
  brand: string;
  last4: string;
}

/**
 * A card kept for later (identity §3 "Saved payment method"): the gateway's reusable reference
 * and what may be shown of it — never the number (decision 0038).
 */
export interface SavedCard {
  /** Stripe `pm_…`; the sandbox's `pm_sandbox_saved_…` */
  paymentMethodRef: string;
  brand: string | null;
  last4: string | null;
  expMonth: number | null;
  expYear: number | null;
}

export interface ConfirmInput {
  /** our payment row id (the sandbox's intent id; Stripe's metadata and idempotency key) */
  paymentId: string;
  amountMinor: number;
  currency: string;
  /** the payment method token (`pm_…`) */
  paymentMethod: string;
  returnUrl: string | null;
  description?: string;
  /** the gateway's customer to charge or save the card for (Stripe `cus_…`) */
  customer?: string;
  /** keep the card for off-session charges (Stripe `setup_future_usage: 'off_session'`) */
  saveCard?: boolean;
  /** a saved card charged without its holder present (the auto-renew job) */
  offSession?: boolean;
}

/** Who a gateway customer is made for (a saved card hangs on one). */
export interface CustomerInput {
  identityId: string;
  email: string | null;
  name: string | null;
}

/**
 * A card saved without a payment (decision 0067): Stripe's SetupIntent, the sandbox's saved
 * test card. The payment method comes from the same card form as a payment's.
 */
export interface SetupInput {
  identityId: string;
  /** the gateway customer the card is attached to (Stripe `cus_…`) */
  customer: string;
  /** the payment method token (`pm_…`, `pm_sandbox_…`) */
  paymentMethod: string;
}

export interface RefundInput {
  /** our payment row id (Stripe's idempotency key: a repeated refund never refunds twice) */
  paymentId: string;
  /** the intent to refund (payment.gateway_ref) */
  ref: string;
  amountMinor: number;
}

export interface CardGateway {
  readonly kind: 'sandbox' | 'stripe';
  /** creates and confirms an intent for a payment method */
  confirm(input: ConfirmInput): Promise<IntentResult>;
  /** the intent's state now (after the authentication step) */
  retrieve(ref: string): Promise<IntentResult>;
  /** gives a succeeded intent's money back (decision 0027); answers the refund's reference */
  refund(input: RefundInput): Promise<{ ref: string }>;
  /** the gateway's customer for a person, to save a card on (decision 0038) */
  createCustomer(input: CustomerInput): Promise<string>;
  /**
   * confirms a card for later off-session charges without charging it (decision 0067): the
   * same states as a payment's confirm, `savedCard` when it succeeded. Repeating the call with
   * the same card answers the same setup (after the authentication step, its state now).
   */
  setupCard(input: SetupInput): Promise<IntentResult>;
}
