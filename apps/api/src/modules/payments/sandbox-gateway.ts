import type { CardGateway, ConfirmInput, IntentResult } from './card-gateway';
import {
  DECLINE_MESSAGES,
  UNKNOWN_TOKEN_DECLINE,
  UNKNOWN_TOKEN_MESSAGE,
  declineCodeOf,
  parseSandboxToken,
  parseSavedSandboxRef,
  sandboxBrandOf,
  savedSandboxRef,
  statusOf,
  type SandboxOutcome,
} from './sandbox-cards';

/** The card behind a confirm: a signed token, or (off-session only) a saved test card. */
function cardOf(input: ConfirmInput): { outcome: SandboxOutcome; last4: string } | null {
  if (input.offSession) return parseSavedSandboxRef(input.paymentMethod);
  return parseSandboxToken(input.paymentMethod);
}

/**
 * Off-session, the holder is not there for 3-D Secure: such a card is declined, like the
 * provider's `authentication_required`.
 */
function offSessionOutcome(outcome: SandboxOutcome): SandboxOutcome | 'authentication_required' {
  return outcome === 'authenticate' ? 'authentication_required' : outcome;
}

/**
 * The built-in test card gateway (the demo's and the tests' default). Its intent is our payment
 * row: `confirm` decides from the token's test card; after the authentication page
 * (sandbox-routes.ts) has marked the row, `retrieve` is answered from the row by the caller.
 */
export function createSandboxGateway(
  readState: (paymentId: string) => Promise<IntentResult>,
): CardGateway {
  return {
    kind: 'sandbox',
    async confirm(input) {
      const card = cardOf(input);
      // a token the server did not issue (forged, altered, from another key) charges nothing
      if (!card) {
        return {
          status: 'failed',
          ref: input.paymentId,
          declineCode: UNKNOWN_TOKEN_DECLINE,
          message: UNKNOWN_TOKEN_MESSAGE,
        };
      }
      const outcome = input.offSession ? offSessionOutcome(card.outcome) : card.outcome;
      if (outcome === 'authentication_required') {
        return {
          status: 'failed',
          ref: input.paymentId,
          declineCode: outcome,
          message: DECLINE_MESSAGES[outcome],
        };
      }
      const status = statusOf(outcome);
      const declineCode = status === 'failed' ? declineCodeOf(outcome) : undefined;
      return {
        status,
        ref: input.paymentId,
        declineCode,
        message: status === 'failed' ? DECLINE_MESSAGES[outcome] : undefined,
        clientSecret: null,
        savedCard: input.saveCard && status !== 'failed' ? sandboxSavedCard(card) : undefined,
      };
    },
    retrieve: readState,
    // the sandbox holds no money: the payment row's state is the refund
    async refund(input) {
      return { ref: `re_sandbox_${input.paymentId}` };
    },
    // the sandbox keeps no customers: the reference names the person
    async createCustomer(input) {
      return `cus_sandbox_${input.identityId}`;
    },
  };
}

/** The saved card of a tokenized test card (the sandbox's saved payment method). */
export function sandboxSavedCard(card: { outcome: SandboxOutcome; last4: string }) {
  return {
    paymentMethodRef: savedSandboxRef(card),
    brand: sandboxBrandOf(card.last4),
    last4: card.last4,
    expMonth: null,
    expYear: null,
  };
}
