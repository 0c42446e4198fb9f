import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '@/db/connection';
import { seller } from '@/db/schema/identity';
import { AppError } from '@/http/app-error';
import { isSellerSlug } from '@/http/caller';
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

const notAvailable = () =>
  new AppError(
    'forbidden',
    'stripe',
    'The test card gateway is not available: this store takes real payments.',
  );

/** The one rule: in production a seller's sandbox works only in test mode, without Stripe. */
const sandboxOpenTo = (env: { NODE_ENV: string }, storedConfig: unknown) =>
  env.NODE_ENV !== 'production' || (!hasStripeKey(storedConfig) && isTestMode(storedConfig));

/**
 * POST sandbox/payment_methods: the seller (`_seller`) a token is minted for, signed into it
 * (issue 22). In production only a seller in test mode, so a seller added after start-up
 * cannot take sandbox payments either; elsewhere a token without `_seller` (the API tests'
 * helper) is good at any seller (null).
 */
export async function sandboxSellerOf(
  app: FastifyInstance,
  slug: string | undefined,
): Promise<string | null> {
  // a string that cannot be a slug (a NUL byte, say) names no seller and never reaches the database
  const row =
    typeof slug === 'string' && isSellerSlug(slug)
      ? await getSellerBySlug(app.deps.database.db, slug)
      : null;
  if (!row && app.deps.config.NODE_ENV === 'production') throw notAvailable();
  if (typeof slug === 'string' && !row) {
    throw new AppError('seller_not_found', 'seller', 'Seller not found', { field: '_seller' });
  }
  if (row && !sandboxOpenTo(app.deps.config, row.config)) throw notAvailable();
  return row?.id ?? null;
}

/**
 * A card payment at a seller on the sandbox (checkout service, before anything is recorded):
 * in production only while the seller is in test mode (issue 22: a seller added after start-up
 * without Stripe keys took a test-mode seller's token for a real order).
 */
export async function assertSandboxPayable(
  db: Db,
  sellerId: string,
  env: { NODE_ENV: string },
): Promise<void> {
  if (env.NODE_ENV !== 'production') return;
  const [row] = await db
    .select({ config: seller.config })
    .from(seller)
    .where(eq(seller.id, sellerId));
  if (!row || !sandboxOpenTo(env, row.config)) throw notAvailable();
}
