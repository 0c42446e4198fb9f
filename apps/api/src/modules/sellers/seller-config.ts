import {
  sellerConfigSchema,
  storedSellerConfigSchema,
  type SellerConfig,
  type StoredSellerConfig,
  type Theme,
} from '@admit/contracts/seller-config';
import {
  DEFAULT_CART_HOLD_MINUTES,
  DEFAULT_REMAINING_CAPACITY_THRESHOLD,
  PHONE_COUNTRY_BY_CURRENCY,
} from '@admit/contracts/constants';
import { DEFAULT_SELF_EDIT_RULES } from '@admit/contracts/self-edit-rules';
import { activeCaptchaProvider } from '@admit/contracts/captcha';
import type { AppConfig } from '@/config';
import type { seller } from '@/db/schema/identity';
import type { Executor } from '@/db/transaction';
import { addressServiceKeyOf, readStoredConfig, sellerSettingsOf } from './seller-settings';
import {
  DEFAULT_FONT_STACK,
  DEFAULT_TEASER_IMAGE_SIZE,
  DEFAULT_THEME_COLORS,
} from './default-theme';

export type SellerRow = typeof seller.$inferSelect;

const ENVIRONMENT: Record<AppConfig['NODE_ENV'], SellerConfig['environment']> = {
  production: 'production',
  test: 'test',
  development: 'local',
};

/**
 * The environment a seller's public config reports (decision 0070): on one of the seller's own
 * domains that domain's, else the server's NODE_ENV. The storefront's production checks read
 * only this (contracts `isDeveloperViewerOn`).
 */
export function reportedEnvironment(
  nodeEnv: AppConfig['NODE_ENV'],
  domainEnvironment: SellerConfig['environment'] | null = null,
): SellerConfig['environment'] {
  return domainEnvironment ?? ENVIRONMENT[nodeEnv];
}

const LOCALE_BY_CURRENCY: Record<string, string> = {
  USD: 'en-US',
  GBP: 'en-GB',
  CAD: 'en-CA',
  AUD: 'en-AU',
  NZD: 'en-NZ',
  EUR: 'en-IE',
};

export const ASSETS_PATH = '/assets-app/';

/** The seller's locale: the stored one, else the usual one of its currency, else en-US. */
export const sellerLocale = (stored: string | undefined, currency: string) =>
  stored ?? LOCALE_BY_CURRENCY[currency] ?? 'en-US';

const knownLocale = (locale: string | undefined) => {
  try {
    return locale && Intl.NumberFormat.supportedLocalesOf(locale).length > 0 ? locale : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The locale of a stored seller config, as what the server writes (e-mails, wallet passes) reads
 * it: a stored value that breaks its type or names no locale this runtime knows reads as absent,
 * so a bad setting costs a mail or a pass its local dates, never the mail or the pass.
 */
export function storedSellerLocale(stored: unknown, currency: string): string {
  const parsed = storedSellerConfigSchema.shape.locale.safeParse(
    (stored as { locale?: unknown } | null | undefined)?.locale,
  );
  return sellerLocale(knownLocale(parsed.success ? parsed.data : undefined), currency);
}

/** Reads a seller's locale (one small query; inside the caller's transaction when given one). */
export async function readSellerLocale(
  db: Executor,
  seller: { id: string; currency: string },
): Promise<string> {
  return storedSellerLocale(await readStoredConfig(db, seller.id), seller.currency);
}

/**
 * A seller's theme: the stored parts over the defaults of its mode (the storefront's and the
 * e-mails' one source of colours, fonts and logo).
 */
export function sellerTheme(stored: StoredSellerConfig['theme'], sellerName: string): Theme {
  const mode = stored?.mode ?? 'light';
  return {
    mode,
    // spec: shopping §1 — default theme tiers 1 to 3, radius 4, header 105, logo 32
    tier: 1 as const,
    logo_url: '',
    logo_alt: sellerName,
    favicon_url: null,
    footer_text: `© ${sellerName}`,
    border_radius_px: 4,
    header_height_px: 105,
    logo_height_px: 32,
    teaser_image_size: DEFAULT_TEASER_IMAGE_SIZE,
    fonts: { heading: DEFAULT_FONT_STACK, body: DEFAULT_FONT_STACK },
    ...stored,
    colors: { ...DEFAULT_THEME_COLORS[mode], ...stored?.colors },
  };
}

/**
 * The full storefront configuration of a seller: stored values over defaults, validated
 * against the contract so the storefront can trust every field (shopping §1, identity §3).
 * A stored value that breaks the contract is a data error and throws.
 */
export function buildSellerConfig(
  row: SellerRow,
  env: Pick<AppConfig, 'NODE_ENV' | 'ERROR_REPORTER_DSN'>,
  /** the environment of the seller's domain the request came to, if it did */
  domainEnvironment: SellerConfig['environment'] | null = null,
): SellerConfig {
  // on its own domain (decision 0071) the seller's storefront is that domain's root
  const onDomain = domainEnvironment !== null;
  const parsed = storedSellerConfigSchema.safeParse(row.config ?? {});
  if (!parsed.success) {
    throw new Error(`seller ${row.slug}: invalid stored config: ${parsed.error.message}`);
  }
  const stored = parsed.data;
  const config: SellerConfig = {
    product_name: row.name,
    locale: sellerLocale(undefined, row.currency),
    text_strings: {},
    feature_flags: {},
    default_phone_country: PHONE_COUNTRY_BY_CURRENCY[row.currency] ?? 'US',
    address_service_key: null,
    anchor_events: [],
    anchor_categories: [],
    content_blocks: [],
    authentication_method: 'password',
    login_path: '/login',
    membership: { presell: false, event_id: null, external_url: null },
    admission_event_id: null,
    // spec: identity §2 Home — default order login, join, guest
    home_block_order: ['login', 'join', 'guest'],
    reserve_flow: 'date_first',
    redirects: { require_seller_prefix: false, disable_home_route: false, target: null },
    external_urls: { login: null, logout: null },
    my_account_pages: { my_profile: true, upcoming_events: true, recent_orders: true },
    cart_hold_minutes: DEFAULT_CART_HOLD_MINUTES,
    // spec: identity §3 Configuration; decision 0032 — the default lets members book as before
    member_reserve_session_beyond_term: 'always',
    // decision 0048: prices before checkout are face values unless the seller says otherwise
    all_in_prices: 'off',
    // shopping §9 price display setting (decision 0081): prices show everywhere unless set
    price_display: 'all',
    // shopping §9 (decision 0124): the low-capacity label below 10 places unless the seller sets it
    remaining_capacity_threshold: DEFAULT_REMAINING_CAPACITY_THRESHOLD,
    citypass_code_groups: {},
    test_mode: false,
    ...stored,
    // computed, never stored: a private key stays server-side (decision 0024)
    address_lookup: addressServiceKeyOf(sellerSettingsOf(row.config)) !== null,
    checkout: {
      donation_group_id: null,
      stripe_publishable_key: null,
      captcha_site_key: null,
      ...stored.checkout,
      // the provider in force: the server checks guests with the same rule (checkout/captcha.ts)
      captcha_provider: activeCaptchaProvider({ ...stored.checkout }),
    },
    theme: sellerTheme(stored.theme, row.name),
    self_edit_rules: { ...DEFAULT_SELF_EDIT_RULES, ...stored.self_edit_rules },
    seller: { id: row.id, slug: row.slug, name: row.name },
    environment: reportedEnvironment(env.NODE_ENV, domainEnvironment),
    // the operator's, never a seller's: reports of every storefront go where the server's do
    error_reporter_dsn: env.ERROR_REPORTER_DSN ?? null,
    currency: row.currency,
    timezone: row.timezone,
    assets_path: ASSETS_PATH,
    api_base: '',
    router_base: onDomain ? '' : `/${row.slug}`,
  };
  return sellerConfigSchema.parse(config);
}
