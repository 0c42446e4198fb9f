import type { CardGateway, IntentResult } from './card-gateway';
import {
  DECLINE_MESSAGES,
  UNKNOWN_TOKEN_DECLINE,
  UNKNOWN_TOKEN_MESSAGE,
  declineCodeOf,
  parseSandboxToken,
  statusOf,
} from './sandbox-cards';

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
      const card = parseSandboxToken(input.paymentMethod);
      // a token the server did not issue (forged, altered, from another key) charges nothing
      if (!card) {
        return {
          status: 'failed',
          ref: input.paymentId,
          declineCode: UNKNOWN_TOKEN_DECLINE,
          message: UNKNOWN_TOKEN_MESSAGE,
        };
      }
      const status = statusOf(card.outcome);
      const declineCode = status === 'failed' ? declineCodeOf(card.outcome) : undefined;
      return {
        status,
        ref: input.paymentId,
        declineCode,
        message: status === 'failed' ? DECLINE_MESSAGES[card.outcome] : undefined,
        clientSecret: null,
      };
    },
    retrieve: readState,
    // the sandbox holds no money: the payment row's state is the refund
    async refund(input) {
      return { ref: `re_sandbox_${input.paymentId}` };
    },
  };
}
