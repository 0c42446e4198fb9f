import type { SavedPaymentMethodRow } from '@/db/schema/payments';
import type { Db } from '@/db/connection';
import { AppError } from '@/http/app-error';
import type { CustomerInput } from './card-gateway';
import { cardDeclined } from './card-errors';
import { cardGatewayFor } from './gateways';
import { assertSandboxPayable } from './sandbox-mode';
import { customerFor, insertSavedCard } from './saved-methods';

/**
 * Replacing the saved card without a payment (issue #25, decision 0067): the seller's card
 * gateway — Stripe's SetupIntent, or the sandbox — confirms the entered card for off-session
 * use on the person's customer, and the card becomes their newest saved one, the one the
 * auto-renew job charges. Nothing is charged; no payment row is written.
 */
export async function saveCardBySetup(input: {
  db: Db;
  env: { NODE_ENV: string };
  sellerId: string;
  person: CustomerInput;
  paymentMethod: string;
  now: Date;
}): Promise<SavedPaymentMethodRow> {
  const { db, sellerId, person } = input;
  const gateway = await cardGatewayFor(db, sellerId);
  // in production the sandbox serves only a seller in test mode (decision 0025)
  if (gateway.kind === 'sandbox') await assertSandboxPayable(db, sellerId, input.env);
  const customer = await customerFor(db, gateway, person);
  const result = await gateway.setupCard({
    identityId: person.identityId,
    customer,
    paymentMethod: input.paymentMethod,
  });
  if (result.status === 'requires_action') {
    // spec: identity §4 — the 402 starts the browser's authentication step; the same call
    // again afterwards reads the setup's new state
    throw new AppError('intent_requires_action', 'stripe', 'Your card requires authentication', {
      setup_intent_id: result.ref,
      status: 'requires_action',
      client_secret: result.clientSecret ?? null,
    });
  }
  if (result.status !== 'succeeded' || !result.savedCard) {
    throw cardDeclined(result.declineCode ?? 'card_declined', result.message);
  }
  return insertSavedCard(db, {
    sellerId,
    identityId: person.identityId,
    gateway: gateway.kind,
    customerRef: customer,
    card: result.savedCard,
    now: input.now,
  });
}
