import type { RefObject } from 'react';
import type { CheckoutStringKey } from '@/features/checkout/strings';
import { classifyPaymentError } from '@/features/checkout/model/payment-errors';

/**
 * What the checkout asks of its card section, whichever provider serves it: the sandbox fields
 * (tokenized by our API) or Stripe Elements (decision 0022). Both yield a payment method id
 * (`pm_…`) that travels as `gateway_data.source`.
 */
export interface CardInput {
  /** checks the entered card and shows its errors; false stops the payment */
  validate(): boolean;
  /**
   * the entered card's payment method id; throws `CardProviderError` when the provider refuses.
   * `billing` carries what the purchaser form asked instead of the card fields (the postcode).
   */
  paymentMethod(billing?: CardBilling): Promise<string>;
  /** after a definite answer: a declined payment method is not reused */
  forget(): void;
  /** after a partial payment (identity §4): the card starts empty again */
  clear(): void;
  /** the provider's in-page authentication step; without it the browser follows next_action_url */
  authenticate?: (clientSecret: string) => Promise<void>;
  /** the same step for a card saved without a payment (a SetupIntent's secret; decision 0067) */
  authenticateSetup?: (clientSecret: string) => Promise<void>;
}

/** The card's billing details that the purchaser form asks (decision 0031: a ZIP asked once). */
export interface CardBilling {
  postalCode?: string;
}

/** The purchaser's ZIP as the card's billing postcode, when one was given. */
export function billingFromPurchaser(zipCode: string): CardBilling {
  const postalCode = zipCode.trim();
  return postalCode ? { postalCode } : {};
}

/** A card or authentication error reported by the card provider's script (not by our API). */
export class CardProviderError extends Error {
  readonly code: string | null;
  constructor(message: string, code: string | null = null) {
    super(message);
    this.name = 'CardProviderError';
    this.code = code;
  }
}

/** A wallet's payment method (Payment Request API through the card provider). */
export interface WalletPayment {
  paymentMethodId: string;
  payerName: string | null;
  payerEmail: string | null;
  /** the wallet's billing postcode (fills an empty, possibly required, ZIP field) */
  payerPostalCode?: string | null;
  /** the in-page authentication step; the wallet's sheet is closed first */
  authenticate: (clientSecret: string) => Promise<void>;
}

/** How the wallet's sheet is closed: the payment went through or not. */
export type WalletResult = 'success' | 'fail';

/** What the payment section hands to the card section, sandbox or Stripe. */
export interface CardInputProps {
  inputRef: RefObject<CardInput | null>;
  /** what this checkout charges (decimal, 2 places): the wallet's total */
  amount: string;
  currency: string;
  /** absent: no wallet button (a card saved without a payment has no total; decision 0067) */
  onWalletPayment?: (payment: WalletPayment) => Promise<WalletResult>;
  /**
   * the purchaser form asks the ZIP (a guest's checkout): the card fields do not ask it again,
   * the purchaser's goes with the card (`paymentMethod(billing)`; decision 0031)
   */
  postcodeFromPurchaser?: boolean;
}

export interface CardFailureMessage {
  keys: CheckoutStringKey[];
  provider?: string;
}

/**
 * spec: identity §8 "Card provider error" — 'Your card has not been charged.', then the
 * provider's message, else the general one.
 */
export function cardFailureMessage(error: unknown): CardFailureMessage {
  if (error instanceof CardProviderError) {
    return error.message
      ? { keys: ['checkout.error.not-charged'], provider: error.message }
      : { keys: ['checkout.error.not-charged', 'checkout.error.payment-general'] };
  }
  const failure = classifyPaymentError(error);
  return failure.kind === 'message' && failure.provider
    ? { keys: failure.keys, provider: failure.provider }
    : { keys: ['checkout.error.not-charged', 'checkout.error.payment-general'] };
}
