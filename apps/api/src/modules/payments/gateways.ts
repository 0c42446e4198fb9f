import { LRUCache } from 'lru-cache';
import type { Db } from '@/db/connection';
import { readSellerSettings, sellerSettingsOf } from '@/modules/sellers/seller-settings';
import type { CardGateway, IntentResult } from './card-gateway';
import { selectPayment } from './repo';
import { createSandboxGateway } from './sandbox-gateway';
import { claimSandboxToken, sandboxTokenKey } from './sandbox-tokens';
import { createStripeGateway, type StripeLikeClient } from './stripe-gateway';
import type { PaymentRow } from '@/db/schema/payments';
import { loadStripe } from './stripe-sdk';

/**
 * A seller's sandbox: its intent state is our payment row (the authentication page marks it);
 * its tokens are signed for that seller and each pays one payment (sandbox-tokens.ts).
 */
export function sandboxFor(db: Db, sellerId: string): CardGateway {
  return createSandboxGateway({
    sellerId,
    tokenKey: () => sandboxTokenKey(db),
    claimToken: (token, paymentId) => claimSandboxToken(db, token, paymentId),
    async readState(paymentId): Promise<IntentResult> {
      const row = await selectPayment(db, paymentId);
      const state = row?.state ?? 'failed';
      return {
        status:
          state === 'succeeded' || state === 'processing' || state === 'requires_action'
            ? state
            : 'failed',
        ref: paymentId,
        declineCode: state === 'failed' ? 'card_declined' : undefined,
        message: row?.errorCode ?? undefined,
      };
    },
  });
}

// one client per secret key; the cap only matters to a server whose sellers rotate keys often
const stripeClients = new LRUCache<string, StripeLikeClient>({ max: 100 });

type StripeClientFactory = (secretKey: string) => StripeLikeClient | Promise<StripeLikeClient>;
const sdkClient: StripeClientFactory = async (key) =>
  new (await loadStripe())(key) as unknown as StripeLikeClient;
let stripeClientFactory = sdkClient;

/** Tests put a fake Stripe client behind a seller's keys (no network); null restores the SDK. */
export function setStripeClientFactory(factory: StripeClientFactory | null): void {
  stripeClientFactory = factory ?? sdkClient;
  stripeClients.clear();
}

async function privateStripeConfig(db: Db, sellerId: string) {
  return (await readSellerSettings(db, sellerId)).private ?? {};
}

/** Whether a stored seller config names a Stripe secret key (else the seller uses the sandbox). */
export function hasStripeKey(storedConfig: unknown): boolean {
  return sellerSettingsOf(storedConfig).private?.stripe_secret_key !== undefined;
}

/** The seller's webhook signing secret (`config.private.stripe_webhook_secret`), if any. */
export async function stripeWebhookSecretFor(db: Db, sellerId: string): Promise<string | null> {
  return (await privateStripeConfig(db, sellerId)).stripe_webhook_secret ?? null;
}

/**
 * The card gateway of a seller: Stripe when the seller has configured a secret key, else the
 * built-in sandbox (the demo's and the tests' default; decision 0018).
 */
export async function cardGatewayFor(db: Db, sellerId: string): Promise<CardGateway> {
  const key = (await privateStripeConfig(db, sellerId)).stripe_secret_key;
  if (!key) return sandboxFor(db, sellerId);
  let client = stripeClients.get(key);
  if (!client) {
    client = await stripeClientFactory(key);
    stripeClients.set(key, client);
  }
  return createStripeGateway(client);
}

/**
 * The gateway that took a recorded card payment: the sandbox for a sandbox payment even if the
 * seller has configured Stripe since (its refund and re-confirm must go where the money went).
 */
export async function cardGatewayOfPayment(db: Db, row: PaymentRow): Promise<CardGateway> {
  const kind = (row.gatewayData as { card_gateway?: string }).card_gateway;
  if (kind === 'sandbox') return sandboxFor(db, row.sellerId);
  const gateway = await cardGatewayFor(db, row.sellerId);
  if (gateway.kind !== 'stripe')
    throw new Error(`payment ${row.id}: the seller's Stripe keys are gone`);
  return gateway;
}
