import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '@/db/connection';
import { seller } from '@/db/schema/identity';
import { AppError } from '@/http/app-error';
import { getSellerBySlug } from '@/modules/sellers/repo';
import { sellerSettingsOf } from '@/modules/sellers/seller-settings';
import { hasStripeKey } from './gateways';

/**
 * The test card gateway in production (issue #12, decision 0025): refused unless the seller has
 * opted in with `test_mode: true` in its stored config, which the storefront then shows on every
 * page. Development and tests use the sandbox freely.
 */
export const isTestMode = (storedConfig: unknown) =>
  sellerSettingsOf(storedConfig).test_mode === true;

/** Slugs of the sellers that would take sandbox payments in production without opting in. */
export async function sellersWithUnannouncedSandbox(db: Db): Promise<string[]> {
  const rows = await db.select({ slug: seller.slug, config: seller.config }).from(seller);
  return rows
    .filter((row) => !hasStripeKey(row.config) && !isTestMode(row.config))
    .map((row) => row.slug)
    .sort();
}

/** main.ts: production does not start while a seller would take sandbox payments unannounced. */
export async function assertProductionGateways(db: Db, env: { NODE_ENV: string }): Promise<void> {
  if (env.NODE_ENV !== 'production') return;
  const slugs = await sellersWithUnannouncedSandbox(db);
  if (slugs.length === 0) return;
  throw new Error(
    `Refusing to start in production: the test card gateway would take payments for ${slugs.join(', ')}. ` +
      'Configure Stripe (config.private.stripe_secret_key) or opt in to test mode (config.test_mode = true, shown on every storefront page).',
  );
}

/**
 * POST sandbox/payment_methods in production: only for a seller (`_seller`) in test mode, so a
 * seller added after start-up cannot take sandbox payments either (a token is needed to pay).
 */
export async function assertSandboxAllowed(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<void> {
  if (app.deps.config.NODE_ENV !== 'production') return;
  const slug = (request.query as Record<string, unknown>)._seller;
  const row = typeof slug === 'string' ? await getSellerBySlug(app.deps.database.db, slug) : null;
  if (!row || hasStripeKey(row.config) || !isTestMode(row.config)) {
    throw new AppError(
      'forbidden',
      'stripe',
      'The test card gateway is not available: this store takes real payments.',
    );
  }
}
