import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { sellerConfigSchema } from '@admit/contracts/seller-config';
import {
  DEFAULT_SELF_EDIT_RULES,
  selfEditRulesSchema,
  type SelfEditRules,
} from '@admit/contracts/self-edit-rules';
import { seller } from '@/db/schema/identity';
import type { Executor } from '@/db/transaction';

/**
 * The one reader of a seller's stored settings (jsonb `seller.config`) for server rules
 * (decision 0028): typed from the seller config contract, each key read leniently — a stored
 * value that breaks its type reads as absent, as each module's own SQL did before. The
 * storefront's full config is `buildSellerConfig` (seller-config.ts), strict by design.
 */
const checkout = sellerConfigSchema.shape.checkout.shape;

// a PEM given inline (`…_pem`) or as a file on the server's disk (`…_path`)
const text = z.string().min(1).optional();

/** The seller's wallet pass credentials: Apple (PassKit) and Google Wallet, each optional. */
const walletSettingsSchema = z.object({
  apple: z
    .object({
      pass_type_identifier: z.string().min(1),
      team_identifier: z.string().min(1),
      organization_name: z.string().min(1).optional(),
      /** the pass type certificate, its private key (and passphrase), Apple's WWDR certificate */
      certificate_pem: text,
      certificate_path: text,
      key_pem: text,
      key_path: text,
      key_passphrase: z.string().optional(),
      wwdr_pem: text,
      wwdr_path: text,
    })
    .optional()
    .catch(undefined),
  google: z
    .object({
      issuer_id: z.string().min(1),
      service_account_email: z.string().min(1),
      /** the service account's RSA private key (PKCS#8 PEM, as in its JSON key file) */
      private_key_pem: text,
      private_key_path: text,
      /** the event ticket class under the issuer; default `admit_event_ticket` */
      class_suffix: z.string().min(1).optional(),
    })
    .optional()
    .catch(undefined),
});
export type WalletSettings = z.infer<typeof walletSettingsSchema>;
export const sellerSettingsSchema = z.object({
  cart_hold_minutes: sellerConfigSchema.shape.cart_hold_minutes.optional().catch(undefined),
  /** who may cancel or reschedule their own order (modules/manage, decision 0036) */
  self_edit_rules: selfEditRulesSchema.partial().optional().catch(undefined),
  /** member tickets for sessions after the membership ends (memberships/beyond-term.ts) */
  member_reserve_session_beyond_term: sellerConfigSchema.shape.member_reserve_session_beyond_term
    .optional()
    .catch(undefined),
  /** parsed per code group by codes/citypass.ts (a bad group is no group) */
  citypass_code_groups: z.unknown().optional(),
  checkout: z
    .object({
      captcha_provider: checkout.captcha_provider.optional().catch(undefined),
      captcha_site_key: checkout.captcha_site_key.optional().catch(undefined),
    })
    .optional()
    .catch(undefined),
  address_service_key: z.string().nullish().catch(undefined),
  /** the seller's add-on events and categories (cart/anchor-match.ts; shopping §9) */
  anchor_events: z.array(z.string()).optional().catch(undefined),
  anchor_categories: z.array(z.string()).optional().catch(undefined),
  /** the seller takes sandbox payments in production and says so on every page (decision 0025) */
  test_mode: z.boolean().optional().catch(undefined),
  /** server-only keys, never in the public config (`buildSellerConfig` has no `private`) */
  private: z
    .object({
      address_service_key: z.string().nullish().catch(undefined),
      /** the seller's Stripe account (payments/gateways.ts); without it the sandbox gateway */
      stripe_secret_key: z.string().startsWith('sk_').optional().catch(undefined),
      /** the signing secret of the seller's Stripe webhook endpoint (checkout/stripe-webhook.ts) */
      stripe_webhook_secret: z.string().startsWith('whsec_').optional().catch(undefined),
      /** HS256 key shared with the seller's login provider (auth/seller-auth.ts) */
      sso_jwt_secret: z.string().min(32).optional().catch(undefined),
      /** expected `iss`; defaults to the origin of `external_urls.login` */
      sso_jwt_issuer: z.string().min(1).optional().catch(undefined),
      /** expected `aud`; defaults to the seller slug */
      sso_jwt_audience: z.string().min(1).optional().catch(undefined),
      /** wallet passes (modules/wallet, decision 0037; README "Wallet passes") */
      wallet: walletSettingsSchema.optional().catch(undefined),
    })
    .passthrough()
    .nullish()
    .catch(undefined),
});
export type SellerSettings = z.infer<typeof sellerSettingsSchema>;

/** The typed settings of a stored config (anything that is not an object reads as none). */
export function sellerSettingsOf(stored: unknown): SellerSettings {
  const parsed = sellerSettingsSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : {};
}

/** A seller's stored config as it is (the one query of `seller.config`; any executor). */
export async function readStoredConfig(db: Executor, sellerId: string): Promise<unknown> {
  const [row] = await db
    .select({ config: seller.config })
    .from(seller)
    .where(eq(seller.id, sellerId))
    .limit(1);
  return row?.config;
}

/** Reads a seller's settings (one row; inside a transaction when given one). */
export async function readSellerSettings(db: Executor, sellerId: string): Promise<SellerSettings> {
  return sellerSettingsOf(await readStoredConfig(db, sellerId));
}

/**
 * The key the server calls the address provider with (identity §7 "with a key from
 * configuration"): the private `private.address_service_key` when configured, else the public
 * `address_service_key`; null when the seller has neither (decision 0024).
 */
export function addressServiceKeyOf(settings: SellerSettings): string | null {
  const key = settings.private?.address_service_key?.trim() || settings.address_service_key?.trim();
  return key ? key : null;
}

/** The seller's self-edit rules, each key over its default (identity §3; off by default). */
export function selfEditRulesOf(settings: SellerSettings): SelfEditRules {
  return { ...DEFAULT_SELF_EDIT_RULES, ...settings.self_edit_rules };
}
