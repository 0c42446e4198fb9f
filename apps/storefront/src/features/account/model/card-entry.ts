import type { RefObject } from 'react';

/**
 * What the account's "Replace card" form asks of the card fields it is given (decision 0067).
 * The account does not own a card form: the app plugs the checkout's one in (sandbox fields or
 * Stripe Elements), so a member types a card the way they do at checkout.
 */
export interface CardEntry {
  /** checks the entered card and shows its errors; false stops the save */
  validate(): boolean;
  /** the entered card's payment method token; rejects with the provider's words */
  paymentMethod(): Promise<string>;
  /** after a definite answer: a refused token is not sent again */
  forget(): void;
  /** the provider's 3-D Secure step for the setup's client secret (Stripe only) */
  authenticateSetup?: (clientSecret: string) => Promise<void>;
}

export interface CardEntryProps {
  inputRef: RefObject<CardEntry | null>;
}
