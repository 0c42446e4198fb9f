import { sellerConfigSchema } from '@admit/contracts/seller-config';
import type { SellerConfig, Theme } from '@admit/contracts/seller-config';

type ConfigOverrides = Partial<Omit<SellerConfig, 'theme'>> & {
  theme?: Partial<Omit<Theme, 'colors' | 'fonts'>> & {
    colors?: Partial<Theme['colors']>;
    fonts?: Partial<Theme['fonts']>;
  };
};

const LIGHT_COLORS: Theme['colors'] = {
  primary: '#1f4e79',
  primaryContrast: '#ffffff',
  background: '#fbfaf7',
  surface: '#ffffff',
  text: '#1b1b1b',
  textMuted: '#55595f',
  border: '#d9d6cf',
  accent: '#b5541b',
  danger: '#b3261e',
  success: '#1e6b3a',
};

/** A valid seller config for tests (the demo museum); pass only what a test cares about. */
export function makeSellerConfig(overrides: ConfigOverrides = {}): SellerConfig {
  const { theme, ...rest } = overrides;
  const base: SellerConfig = {
    seller: {
      id: '5f0b7c1e-8f43-4b53-9a55-2a5c8c2f1a01',
      slug: 'demo-museum',
      name: 'Demo Museum',
    },
    product_name: 'Demo Museum Tickets',
    environment: 'test',
    currency: 'USD',
    locale: 'en-US',
    timezone: 'America/New_York',
    theme: {
      mode: 'light',
      tier: 1,
      colors: LIGHT_COLORS,
      fonts: { heading: 'Georgia, serif', body: 'system-ui, sans-serif' },
      logo_url: '/api/image/demo-museum/logo.png',
      logo_alt: 'Demo Museum',
      favicon_url: null,
      footer_text: '© Demo Museum. 1 Museum Way, Springfield.',
      border_radius_px: 4,
      header_height_px: 105,
      logo_height_px: 32,
      teaser_image_size: { width: 272, height: 216 },
    },
    text_strings: {},
    feature_flags: {},
    default_phone_country: null,
    address_service_key: null,
    address_lookup: false,
    anchor_events: [],
    anchor_categories: [],
    content_blocks: [],
    authentication_method: 'password',
    login_path: '/login',
    membership: { presell: true, event_id: null, external_url: null },
    admission_event_id: null,
    home_block_order: ['login', 'join', 'guest'],
    reserve_flow: 'date_first',
    redirects: { require_seller_prefix: false, disable_home_route: false, target: null },
    external_urls: { login: null, logout: null },
    my_account_pages: { my_profile: true, upcoming_events: true, recent_orders: true },
    self_edit_rules: {
      enabled: false,
      anon_editing: false,
      horizon_days: 0,
      horizon_hours: 0,
      categories: null,
    },
    cart_hold_minutes: 15,
    member_reserve_session_beyond_term: 'always',
    all_in_prices: 'off',
    price_display: 'all',
    remaining_capacity_threshold: 10,
    citypass_code_groups: {},
    checkout: {
      donation_group_id: null,
      stripe_publishable_key: null,
      captcha_provider: null,
      captcha_site_key: null,
    },
    assets_path: '/assets-app/',
    api_base: '/api',
    router_base: '/demo-museum',
    test_mode: false,
    error_reporter_dsn: null,
  };
  return sellerConfigSchema.parse({
    ...base,
    // a shared host's base follows the seller a test names
    router_base: `/${rest.seller?.slug ?? base.seller.slug}`,
    ...rest,
    theme: {
      ...base.theme,
      ...theme,
      colors: { ...base.theme.colors, ...theme?.colors },
      fonts: { ...base.theme.fonts, ...theme?.fonts },
    },
  });
}
