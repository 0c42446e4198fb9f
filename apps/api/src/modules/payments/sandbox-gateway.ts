import type { CardGateway, ConfirmInput, IntentResult, SetupInput } from './card-gateway';
import {
  DECLINE_MESSAGES,
  SETUP_AUTHENTICATION_MESSAGE,
  SPENT_TOKEN_MESSAGE,
  UNKNOWN_TOKEN_DECLINE,
  UNKNOWN_TOKEN_MESSAGE,
  declineCodeOf,
  parseSandboxToken,
  parseSavedSandboxRef,
  sandboxBrandOf,
  savedSandboxRef,
  setupSandboxRef,
  statusOf,
  type SandboxOutcome,
} from './sandbox-cards';

/** What the sandbox of one seller needs: its payment rows, its token key, the token claims. */
export interface SandboxDeps {
  /** the seller whose payments this sandbox confirms (tokens are signed for one seller) */
  sellerId: string;
  /** the intent's state, answered from our payment row */
  readState: (paymentId: string) => Promise<IntentResult>;
  tokenKey: () => Promise<Buffer>;
  /** binds a token to a payment: false when another payment used it (sandbox-tokens.ts) */
  claimToken: (token: string, paymentId: string) => Promise<boolean>;
}

type Card = { outcome: SandboxOutcome; last4: string };

/**
 * The card behind a confirm: a token signed for this seller and bound to this payment (its
 * first use, or this payment confirmed again), or (off-session only) a saved test card.
 */
async function cardOf(deps: SandboxDeps, input: ConfirmInput): Promise<Card | 'unknown' | 'spent'> {
  if (input.offSession) return parseSavedSandboxRef(input.paymentMethod) ?? 'unknown';
  const card = parseSandboxToken(await deps.tokenKey(), deps.sellerId, input.paymentMethod);
  if (!card) return 'unknown';
  return (await deps.claimToken(input.paymentMethod, input.paymentId)) ? card : 'spent';
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
export function createSandboxGateway(deps: SandboxDeps): CardGateway {
  return {
    kind: 'sandbox',
    async confirm(input) {
      const card = await cardOf(deps, input);
      // a token the server did not issue for this seller (forged, altered, another key or
      // seller), or one another payment used, charges nothing
      if (card === 'unknown' || card === 'spent') {
        return {
          status: 'failed',
          ref: input.paymentId,
          declineCode: UNKNOWN_TOKEN_DECLINE,
          message: card === 'unknown' ? UNKNOWN_TOKEN_MESSAGE : SPENT_TOKEN_MESSAGE,
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
        // recorded like Stripe's card (withPaidCard), so the office finds the order by its last 4;
        // a test number of no known brand is Stripe's 'unknown', which the receipt calls "Card"
        paidCard:
          status === 'failed'
            ? null
            : { brand: sandboxBrandOf(card.last4) ?? 'unknown', last4: card.last4 },
      };
    },
    retrieve: deps.readState,
    // the sandbox holds no money: the payment row's state is the refund
    async refund(input) {
      return { ref: `re_sandbox_${input.paymentId}` };
    },
    // the sandbox keeps no customers: the reference names the person
    async createCustomer(input) {
      return `cus_sandbox_${input.identityId}`;
    },
    setupCard: (input) => setupSandboxCard(deps, input),
  };
}

/**
 * A test card saved without a payment (decision 0067): a token signed for this seller becomes
 * a saved test card that auto-renew charges later, decided by its test number like a payment.
 */
async function setupSandboxCard(deps: SandboxDeps, input: SetupInput): Promise<IntentResult> {
  const card = parseSandboxToken(await deps.tokenKey(), deps.sellerId, input.paymentMethod);
  const savedRef = setupSandboxRef(input.paymentMethod);
  const ref = `seti_sandbox_${input.identityId}`;
  if (!card || !savedRef) {
    return {
      status: 'failed',
      ref,
      declineCode: UNKNOWN_TOKEN_DECLINE,
      message: UNKNOWN_TOKEN_MESSAGE,
    };
  }
  if (card.outcome === 'authenticate') {
    return {
      status: 'failed',
      ref,
      declineCode: 'authentication_required',
      message: SETUP_AUTHENTICATION_MESSAGE,
    };
  }
  // a setup charges nothing, so a card whose payment would be "processing" is saved
  if (statusOf(card.outcome) === 'failed') {
    return {
      status: 'failed',
      ref,
      declineCode: declineCodeOf(card.outcome),
      message: DECLINE_MESSAGES[card.outcome],
    };
  }
  return {
    status: 'succeeded',
    ref,
    clientSecret: null,
    savedCard: { ...sandboxSavedCard(card), paymentMethodRef: savedRef },
  };
}

/** The saved card of a tokenized test card (the sandbox's saved payment method). */
export function sandboxSavedCard(card: Card) {
  return {
    paymentMethodRef: savedSandboxRef(card),
    brand: sandboxBrandOf(card.last4),
    last4: card.last4,
    expMonth: null,
    expYear: null,
  };
}
