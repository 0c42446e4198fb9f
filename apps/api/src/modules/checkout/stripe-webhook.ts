import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@/http/app-error';
import type { Db } from '@/db/connection';
import type { IntentResult } from '@/modules/payments/card-gateway';
import { cardGatewayFor, stripeWebhookSecretFor } from '@/modules/payments/gateways';
import { selectStripePaymentByRef } from '@/modules/payments/repo';
import { loadStripe } from '@/modules/payments/stripe-sdk';
import { mapStripeIntent, type StripeIntent } from '@/modules/payments/stripe-gateway';

/**
 * Stripe's webhook for a seller (decision 0018 "Update: settlement"): the intent events that end
 * a processing payment settle it at once instead of at the next poll. Outside /api: Stripe sends
 * no `tix-app` header; the signature (the seller's `private.stripe_webhook_secret`) is what
 * proves the sender, checked on the raw body before anything is read.
 */

const SETTLING_EVENTS = new Set([
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
]);

/**
 * A webhook's intent names its payment method by id only, so the card the receipt lists (brand
 * and last 4, issue #22) is read from Stripe: the intent retrieved with its method expanded, as
 * the poll and the confirm read it. If Stripe cannot answer now the payment settles all the
 * same (the order does not wait for a label) and its receipt reads "Card".
 */
async function withStripeCard(
  db: Db,
  sellerId: string,
  result: IntentResult,
  onError: (err: unknown) => void,
): Promise<IntentResult> {
  if (result.status !== 'succeeded' || result.paidCard) return result;
  try {
    const gateway = await cardGatewayFor(db, sellerId);
    if (gateway.kind !== 'stripe') return result;
    return { ...result, paidCard: (await gateway.retrieve(result.ref)).paidCard ?? null };
  } catch (err) {
    onError(err);
    return result;
  }
}

// every verified event is acknowledged: Stripe retries only what we failed to take
const received = { 200: z.object({ received: z.literal(true) }) };
const params = z.object({ seller: z.string() });

/** Encapsulated: the raw-body parser below applies to this route only. */
export const stripeWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  // the signature covers the exact bytes: keep the body as text in this scope only
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 512 * 1024 },
    (_request, body, done) => done(null, body),
  );
  const config = { caller: 'seller', sellerParam: 'seller' } as const;
  const schema = { params, response: received };
  app.post('/webhooks/stripe/:seller', { schema, config }, async (request, reply) => {
    const { seller } = request.caller;
    const secret = await stripeWebhookSecretFor(db, seller.id);
    if (!secret) {
      throw new AppError('not_found', 'webhook', 'No Stripe webhook is configured', {
        field: 'seller',
      });
    }
    const signature = request.headers['stripe-signature'];
    const stripe = await loadStripe();
    let event: { type: string; data: { object: unknown } };
    try {
      event = stripe.webhooks.constructEvent(
        typeof request.body === 'string' ? request.body : '',
        typeof signature === 'string' ? signature : '',
        secret,
      );
    } catch {
      throw new AppError('validation_failed', 'webhook', 'The signature does not match', {
        field: 'stripe-signature',
      });
    }
    if (SETTLING_EVENTS.has(event.type)) {
      const intent = event.data.object as StripeIntent;
      const row = await selectStripePaymentByRef(db, seller.id, intent.id);
      // a payment already settled (a retried delivery, the poll first) needs no card read
      if (row?.state === 'processing') {
        const result = await withStripeCard(db, seller.id, mapStripeIntent(intent), (err) =>
          request.log.warn({ err, ref: intent.id }, 'webhook: the card could not be read'),
        );
        await app.paymentSettlement.settle(row.id, result);
      }
    }
    return reply.status(200).header('cache-control', 'no-store').send({ received: true });
  });
};
