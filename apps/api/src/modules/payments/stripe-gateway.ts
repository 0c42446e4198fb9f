import type { CardGateway, IntentResult, IntentStatus, PaidCard } from './card-gateway';

/**
 * The Stripe adapter, used only when the seller's private config has a secret key. The client
 * is the slice of the `stripe` SDK we call, so tests pass a fake (no network in tests).
 */

/** A payment method as an intent carries it when expanded (else its id). */
export interface StripePaymentMethod {
  id: string;
  card?: { brand?: string; last4?: string; exp_month?: number; exp_year?: number } | null;
}

export interface StripeIntent {
  id: string;
  status: string;
  client_secret: string | null;
  payment_method?: string | StripePaymentMethod | null;
  next_action?: { redirect_to_url?: { url?: string | null } | null } | null;
  last_payment_error?: { code?: string; decline_code?: string; message?: string } | null;
}

/** A SetupIntent as we read it (decision 0067): an intent's shape, its error named otherwise. */
export interface StripeSetupIntent extends Omit<StripeIntent, 'last_payment_error'> {
  last_setup_error?: StripeIntent['last_payment_error'];
}

export interface StripeLikeClient {
  paymentIntents: {
    create(
      params: Record<string, unknown>,
      options?: { idempotencyKey?: string },
    ): Promise<StripeIntent>;
    retrieve(id: string, params?: Record<string, unknown>): Promise<StripeIntent>;
    confirm(
      id: string,
      params?: Record<string, unknown>,
      options?: { idempotencyKey?: string },
    ): Promise<StripeIntent>;
  };
  refunds: {
    create(
      params: { payment_intent: string; amount: number },
      options?: { idempotencyKey?: string },
    ): Promise<{ id: string; status: string | null }>;
  };
  customers: {
    create(
      params: Record<string, unknown>,
      options?: { idempotencyKey?: string },
    ): Promise<{ id: string }>;
  };
  setupIntents: {
    create(
      params: Record<string, unknown>,
      options?: { idempotencyKey?: string },
    ): Promise<StripeSetupIntent>;
    retrieve(id: string, params?: Record<string, unknown>): Promise<StripeSetupIntent>;
  };
}

/** Stripe's intent states → ours (identity §4: requires_capture counts as paid). */
export function mapStripeStatus(status: string): IntentStatus {
  if (status === 'succeeded' || status === 'requires_capture') return 'succeeded';
  if (status === 'processing') return 'processing';
  if (status === 'requires_action' || status === 'requires_confirmation') return 'requires_action';
  return 'failed';
}

const OWN_CODES = new Set(['card_declined', 'incorrect_cvc', 'incorrect_zip']);

/** The intent's payment method as a card to keep (its details when the intent expanded it). */
function savedCardOf(intent: StripeIntent): IntentResult['savedCard'] {
  const method = intent.payment_method;
  if (!method) return null;
  if (typeof method === 'string') {
    return { paymentMethodRef: method, brand: null, last4: null, expMonth: null, expYear: null };
  }
  return {
    paymentMethodRef: method.id,
    brand: method.card?.brand ?? null,
    last4: method.card?.last4 ?? null,
    expMonth: method.card?.exp_month ?? null,
    expYear: method.card?.exp_year ?? null,
  };
}

/**
 * The card the intent was paid with, for the receipt (issue #22): only when the intent expanded
 * its payment method (a webhook's intent names just its id). A wallet's method is a card too.
 */
function paidCardOf(intent: StripeIntent): PaidCard | null {
  const method = intent.payment_method;
  const card = method && typeof method === 'object' ? method.card : null;
  const brand = card?.brand?.toLowerCase();
  const last4 = card?.last4;
  return brand && last4 && /^\d{4}$/.test(last4) ? { brand, last4 } : null;
}

// the receipt's card brand and last 4 (paidCardOf) come with the intent, not from another call
const EXPAND = { expand: ['payment_method'] };

export function mapStripeIntent(intent: StripeIntent): IntentResult {
  const status = mapStripeStatus(intent.status);
  const error = intent.last_payment_error;
  return {
    status,
    ref: intent.id,
    savedCard: savedCardOf(intent),
    paidCard: paidCardOf(intent),
    clientSecret: intent.client_secret,
    nextActionUrl: intent.next_action?.redirect_to_url?.url ?? null,
    declineCode:
      status === 'failed'
        ? OWN_CODES.has(error?.code ?? '')
          ? error!.code
          : 'card_declined'
        : undefined,
    message: status === 'failed' ? (error?.message ?? 'Your card was declined.') : undefined,
  };
}

/** A card error thrown by the SDK (StripeCardError): `code`, `decline_code`, `message`. */
function cardErrorOf(error: unknown): IntentResult | null {
  const e = error as {
    type?: string;
    code?: string;
    message?: string;
    payment_intent?: StripeIntent;
  };
  if (e?.type !== 'StripeCardError') return null;
  return {
    status: 'failed',
    ref: e.payment_intent?.id ?? '',
    declineCode: OWN_CODES.has(e.code ?? '') ? e.code : 'card_declined',
    message: e.message ?? 'Your card was declined.',
  };
}

export function createStripeGateway(client: StripeLikeClient): CardGateway {
  return {
    kind: 'stripe',
    async confirm(input) {
      try {
        const intent = await client.paymentIntents.create(
          {
            amount: input.amountMinor,
            currency: input.currency.toLowerCase(),
            payment_method: input.paymentMethod,
            // a wallet (Apple Pay, Google Pay) answers a card payment method, so one type
            // serves both; without it Stripe's automatic methods would demand a return_url
            payment_method_types: ['card'],
            confirm: true,
            description: input.description,
            metadata: { payment_id: input.paymentId },
            ...(input.returnUrl ? { return_url: input.returnUrl } : {}),
            // decision 0038: a card kept for the auto-renewal, or the renewal charging it
            ...(input.customer ? { customer: input.customer } : {}),
            ...EXPAND,
            ...(input.saveCard ? { setup_future_usage: 'off_session' } : {}),
            ...(input.offSession ? { off_session: true } : {}),
          },
          // our payment row id: a retried confirm never creates a second intent
          { idempotencyKey: `admit-${input.paymentId}` },
        );
        return mapStripeIntent(intent);
      } catch (error) {
        const declined = cardErrorOf(error);
        if (declined) return { ...declined, ref: declined.ref || input.paymentId };
        throw error;
      }
    },
    async refund(input) {
      const refund = await client.refunds.create(
        { payment_intent: input.ref, amount: input.amountMinor },
        // our payment row id: a refund repeated after a crash is the same refund
        { idempotencyKey: `admit-refund-${input.paymentId}` },
      );
      return { ref: refund.id };
    },
    async createCustomer(input) {
      const customer = await client.customers.create(
        {
          ...(input.email ? { email: input.email } : {}),
          ...(input.name ? { name: input.name } : {}),
          metadata: { identity_id: input.identityId },
        },
        // one customer per person, even when two payments save a card at once
        { idempotencyKey: `admit-customer-${input.identityId}` },
      );
      return customer.id;
    },
    async setupCard(input) {
      try {
        let intent = await client.setupIntents.create(
          {
            customer: input.customer,
            payment_method: input.paymentMethod,
            payment_method_types: ['card'],
            usage: 'off_session',
            confirm: true,
            metadata: { identity_id: input.identityId },
            ...EXPAND,
          },
          // one setup per entered card: the call repeated after the authentication step
          // answers the first intent, whose state is then read afresh
          { idempotencyKey: `admit-setup-${input.identityId}-${input.paymentMethod}` },
        );
        if (intent.status !== 'succeeded') {
          intent = await client.setupIntents.retrieve(intent.id, EXPAND);
        }
        const { last_setup_error, ...rest } = intent;
        return mapStripeIntent({ ...rest, last_payment_error: last_setup_error ?? null });
      } catch (error) {
        const declined = cardErrorOf(error);
        if (declined) return { ...declined, ref: declined.ref || input.paymentMethod };
        throw error;
      }
    },
    async retrieve(ref) {
      const intent = await client.paymentIntents.retrieve(ref, EXPAND);
      // after stripe.handleCardAction a manually confirmed intent waits for the server
      if (intent.status !== 'requires_confirmation') return mapStripeIntent(intent);
      try {
        return mapStripeIntent(
          await client.paymentIntents.confirm(ref, EXPAND, {
            idempotencyKey: `admit-confirm-${ref}`,
          }),
        );
      } catch (error) {
        const declined = cardErrorOf(error);
        if (declined) return { ...declined, ref: declined.ref || ref };
        throw error;
      }
    },
  };
}
