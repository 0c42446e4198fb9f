import { z } from 'zod';
import { collectionSchema } from './envelope';
import { citypassCodeGroupsSchema } from './codes';
import { selfEditRulesSchema } from './self-edit-rules';
import { ALL_IN_PRICES } from './rules/advertised-price';
import { PRICE_DISPLAY_SETTINGS } from './rules/price-display';

/**
 * The configuration object the server injects into the storefront page for one seller
 * (shopping §1, identity §3 "Configuration"). Everything a seller may brand or switch lives here.
 */
export const themeSchema = z.object({
  mode: z.enum(['dark', 'light']),
  tier: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  colors: z.object({
    primary: z.string(),
    primaryContrast: z.string(),
    background: z.string(),
    surface: z.string(),
    text: z.string(),
    textMuted: z.string(),
    border: z.string(),
    accent: z.string(),
    danger: z.string(),
    success: z.string(),
  }),
  fonts: z.object({ heading: z.string(), body: z.string() }),
  logo_url: z.string(),
  logo_alt: z.string(),
  favicon_url: z.string().nullable(),
  footer_text: z.string(),
  border_radius_px: z.number().int().nonnegative(),
  header_height_px: z.number().int().positive(),
  logo_height_px: z.number().int().positive(),
  /**
   * the logo's drawn width at `logo_height_px` (its intrinsic ratio): the header gives the image
   * both sizes so nothing moves when it arrives; absent when unknown
   */
  logo_width_px: z.number().int().positive().optional(),
  teaser_image_size: z.object({ width: z.number().int(), height: z.number().int() }),
});
export type Theme = z.infer<typeof themeSchema>;

export const AUTHENTICATION_METHODS = [
  'none',
  'password',
  'otp',
  'otp_or_password',
  'member_id_zip',
  'member_id_last_name',
  'member_id_email',
  'external',
  'external_ecommerce',
] as const;

/**
 * The single-sign-on methods (identity §4 "Login methods", §6; decision 0099): both log in
 * through the seller's external login page, which returns a signed token. `external` is the
 * external-URL method (logout goes on to the seller's external logout address);
 * `external_ecommerce`, an external ecommerce provider, logs out here and stays.
 */
export const EXTERNAL_METHODS = ['external', 'external_ecommerce'] as const;

export const isExternalMethod = (method: string): method is (typeof EXTERNAL_METHODS)[number] =>
  (EXTERNAL_METHODS as readonly string[]).includes(method);

export const HOME_BLOCKS = ['login', 'join', 'guest'] as const;

export const contentBlockSchema = z.object({
  id: z.string(),
  /** route name, e.g. "home", "events", "event", "checkout" */
  route: z.string(),
  /** roles the block shows for; "anonymous" means not logged in, "member" logged in */
  roles: z.array(z.string()),
  position: z.enum(['top', 'bottom', 'sidebar']),
  html: z.string(),
});
export type ContentBlock = z.infer<typeof contentBlockSchema>;

/** The purchaser fields a seller may configure (identity §3; names, e-mail are always required). */
export const CONFIGURABLE_IDENTITY_FIELDS = [
  'phone',
  'address',
  'address_more',
  'city',
  'state',
  'country',
  'zip_code',
] as const;
export type ConfigurableIdentityField = (typeof CONFIGURABLE_IDENTITY_FIELDS)[number];

/** How a payment is made, for the fields it needs (identity §5). */
export const PAYMENT_METHOD_KINDS = ['card', 'wallet', 'free'] as const;
export type PaymentMethodKind = (typeof PAYMENT_METHOD_KINDS)[number];

/**
 * A purchaser field's rule (identity §5: "Payment-method-specific identity fields become
 * required; disabled, read-only or must-equal fields are not sent"; decision 0019 update).
 */
export const identityFieldRuleSchema = z.object({
  /** the field becomes required when paying this way */
  required_for: z.array(z.enum(PAYMENT_METHOD_KINDS)).optional(),
  /** shown, not editable, not sent */
  disabled: z.boolean().optional(),
  /** shown, readable and focusable, not editable, not sent */
  read_only: z.boolean().optional(),
  /** the value a disabled or read-only field shows */
  value: z.string().max(200).optional(),
});
export type IdentityFieldRule = z.infer<typeof identityFieldRuleSchema>;

/** identity §3 Configuration `member_reserve_session_beyond_term` (decision 0032). */
export const BEYOND_TERM_RULES = ['always', 'if_autorenew', 'otherwise'] as const;
export type BeyondTermRule = (typeof BEYOND_TERM_RULES)[number];

export const sellerConfigSchema = z.object({
  seller: z.object({ id: z.string().uuid(), slug: z.string(), name: z.string() }),
  product_name: z.string(),
  environment: z.enum(['local', 'test', 'production']),
  currency: z.string().length(3),
  locale: z.string(),
  timezone: z.string(),
  theme: themeSchema,
  /** overrides of the storefront's text-string catalogue, by key */
  text_strings: z.record(z.string(), z.string()),
  /**
   * the seller's feature flags by name (shopping §1, identity §1): stored in the seller's config
   * or seller file, read through `useFeatureFlag(name)` and refreshed on demand (identity §9
   * "Feature flags refresh manually"; decision 0061); an absent flag is off
   */
  feature_flags: z.record(z.string(), z.boolean()),
  default_phone_country: z.string().nullable(),
  address_service_key: z.string().nullable(),
  /** the server can look addresses up for this seller (a private or public key is configured) */
  address_lookup: z.boolean(),
  anchor_events: z.array(z.string()),
  anchor_categories: z.array(z.string()),
  content_blocks: z.array(contentBlockSchema),
  authentication_method: z.enum(AUTHENTICATION_METHODS),
  login_path: z.string(),
  membership: z.object({
    presell: z.boolean(),
    event_id: z.string().nullable(),
    external_url: z.string().nullable(),
  }),
  admission_event_id: z.string().nullable(),
  home_block_order: z.array(z.enum(HOME_BLOCKS)),
  reserve_flow: z.enum(['date_first', 'quantity_first']),
  redirects: z.object({
    require_seller_prefix: z.boolean(),
    disable_home_route: z.boolean(),
    target: z.string().nullable(),
  }),
  external_urls: z.object({ login: z.string().nullable(), logout: z.string().nullable() }),
  my_account_pages: z.object({
    my_profile: z.boolean(),
    upcoming_events: z.boolean(),
    recent_orders: z.boolean(),
  }),
  /** identity §3 Configuration: who may cancel or reschedule their own order, until when */
  self_edit_rules: selfEditRulesSchema,
  cart_hold_minutes: z.number().int().positive(),
  /**
   * identity §3 Configuration: may a member reserve member tickets for a session after their
   * membership ends (always; if_autorenew: only when auto-renew is scheduled; otherwise: never)
   */
  member_reserve_session_beyond_term: z.enum(BEYOND_TERM_RULES),
  /**
   * what every price before checkout includes (decision 0048): off, the mandatory fees
   * (`fees`), or the fees and the percent fees ("Tax", `fees_and_tax`); checkout still itemises
   */
  all_in_prices: z.enum(ALL_IN_PRICES),
  /**
   * shopping §9 "Price display setting": where prices show before the ticket step — `all`,
   * `sessions_and_tickets` (not on the listing's cards), `off` (only the ticket step's own
   * prices); the rule is `pricesShownOn` (contracts rules/price-display.ts, decision 0081)
   */
  price_display: z.enum(PRICE_DISPLAY_SETTINGS),
  /**
   * shopping §9 "Low-capacity label below 10 tickets unless a remaining-capacity display threshold
   * is configured": the label shows while a session has fewer places left than this; 0 never
   * shows it; 10 when not stored (`showsLowCapacityLabel`, contracts rules/low-capacity.ts,
   * decision 0124)
   */
  remaining_capacity_threshold: z.number().int().nonnegative(),
  /** identity §3 Configuration: CityPASS patterns per code group (the voucher fields, §5) */
  citypass_code_groups: citypassCodeGroupsSchema,
  /** checkout options (identity §2 Checkout): donation upsell, card provider, captcha */
  checkout: z.object({
    /** a ticket group with handler donation offered at checkout; null: no donation section */
    donation_group_id: z.string().uuid().nullable(),
    /** Stripe's publishable key: Stripe Elements and wallets instead of the sandbox card form */
    stripe_publishable_key: z.string().nullable(),
    /**
     * the registered captcha provider's name for non-members; null: no captcha. In the public
     * config, the provider in force (`activeCaptchaProvider`, contracts captcha.ts)
     */
    captcha_provider: z.string().nullable(),
    /** the provider's public site key (Cloudflare Turnstile's); null: none (decision 0068) */
    captcha_site_key: z.string().max(200).nullable(),
    /** purchaser field rules; absent fields keep the defaults (optional, identity §5) */
    identity_fields: z
      .partialRecord(z.enum(CONFIGURABLE_IDENTITY_FIELDS), identityFieldRuleSchema)
      .optional(),
  }),
  assets_path: z.string(),
  api_base: z.string(),
  /**
   * the storefront's router base (identity §2 "The router base is the seller slug"): `/{slug}`
   * on a shared host, empty on one of the seller's own domains, whose root is its storefront
   * (issue #26, decision 0071); chosen by the host the page was asked from, never stored
   */
  router_base: z.string().regex(/^(?:\/[^/?#]+)?$/),
  /**
   * the seller takes payments with the test card gateway: every storefront page says so (a
   * production server refuses the sandbox otherwise; decision 0025)
   */
  test_mode: z.boolean(),
  /**
   * the Sentry-compatible DSN the storefront reports errors to, set by the operator
   * (ERROR_REPORTER_DSN); null: reports go to POST /api/client_errors (identity §8, decision 0061)
   */
  error_reporter_dsn: z.string().url().nullable(),
});
export type SellerConfig = z.infer<typeof sellerConfigSchema>;

/**
 * What a seller's stored config (jsonb `seller.config`) may hold: every seller-owned part of
 * `SellerConfig`, each optional. Identity, currency, time zone, environment and paths come from
 * the seller row and the server, never from stored data. (The server's private keys are read by
 * its own settings reader, apps/api modules/sellers/seller-settings.ts.)
 */
export const storedSellerConfigSchema = sellerConfigSchema
  .omit({
    seller: true,
    environment: true,
    currency: true,
    timezone: true,
    assets_path: true,
    api_base: true,
    router_base: true,
    address_lookup: true,
    error_reporter_dsn: true,
  })
  .extend({
    theme: themeSchema.extend({ colors: themeSchema.shape.colors.partial() }).partial(),
    checkout: sellerConfigSchema.shape.checkout.partial(),
    self_edit_rules: selfEditRulesSchema.partial(),
  })
  .partial();
export type StoredSellerConfig = z.infer<typeof storedSellerConfigSchema>;

/** The page carries the config as JSON in `<script id=… type="application/json">`. */
export { SELLER_CONFIG_SCRIPT_ID } from './seller-config-script';

/** GET seller_config (shopping §7): the seller's storefront settings, one row. */
export const sellerConfigResponseSchema = z.object({
  seller_config: collectionSchema(sellerConfigSchema).extend({
    _data: z.array(sellerConfigSchema).min(1),
  }),
});
