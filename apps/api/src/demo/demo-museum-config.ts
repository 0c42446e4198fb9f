import type { StoredSellerConfig } from '@admit/contracts/seller-config';
import { logoWidthAt } from './art/logos';
import { demoEventId, demoId } from './demo-ids';
import { MUSEUM_SELF_EDIT_RULES } from './demo-orders';

/** The museum's stored storefront config (dark theme, OTP-or-password login, membership presell). */
export function museumConfig(images: { logo: string; favicon: string }): StoredSellerConfig {
  const id = (key: string) => demoEventId('demo-museum', key);
  return {
    product_name: 'Museum of Light & Time',
    theme: {
      mode: 'dark',
      tier: 2,
      colors: {
        primary: '#f2c14e',
        primaryContrast: '#14110b',
        background: '#121316',
        surface: '#1d1f24',
        text: '#f7f3ea',
        textMuted: '#b9b4a8',
        border: '#353740',
        accent: '#7cc4ff',
        danger: '#ff8a80',
        success: '#7bd88f',
      },
      fonts: {
        heading: '"DejaVu Serif", Georgia, "Times New Roman", serif',
        body: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
      },
      logo_url: images.logo,
      logo_alt: 'Museum of Light & Time',
      favicon_url: images.favicon,
      footer_text:
        '© Museum of Light & Time · 1 Meridian Plaza, New York, NY · Open daily 10:00–17:00',
      border_radius_px: 4,
      header_height_px: 105,
      logo_height_px: 32,
      logo_width_px: logoWidthAt(32),
      teaser_image_size: { width: 272, height: 216 },
    },
    // overrides of the storefront catalogue: prove a seller can reword any string
    text_strings: {
      'listing.heading': 'Plan your visit',
      'listing.cart_empty': 'Your visit plan is empty.',
    },
    feature_flags: {
      skip_upsells: false,
      show_calendar_prices: true,
      citypass: false,
      reschedule: true,
      donation_upsell: true,
    },
    default_phone_country: 'US',
    address_service_key: null,
    anchor_events: [id('chronos-exhibition')],
    anchor_categories: ['Exhibitions'],
    content_blocks: [
      {
        id: 'home-welcome',
        route: 'home',
        roles: ['anonymous'],
        position: 'top',
        html: '<h2>Welcome to the Museum of Light &amp; Time</h2><p>Book a timed entry, add the <em>Chronos</em> exhibition, or join as a member for a year of free visits.</p>',
      },
      {
        id: 'events-members',
        route: 'events',
        roles: ['member'],
        position: 'top',
        html: '<p>Welcome back! Member admission is free; Thursday evening previews are open for booking.</p>',
      },
    ],
    authentication_method: 'otp_or_password',
    login_path: '/login',
    membership: { presell: true, event_id: id('membership'), external_url: null },
    // members book member tickets beyond their term only while auto-renew is scheduled
    member_reserve_session_beyond_term: 'if_autorenew',
    admission_event_id: id('general-admission'),
    home_block_order: ['login', 'join', 'guest'],
    reserve_flow: 'date_first',
    redirects: { require_seller_prefix: false, disable_home_route: false, target: null },
    external_urls: { login: null, logout: null },
    my_account_pages: { my_profile: true, upcoming_events: true, recent_orders: true },
    cart_hold_minutes: 15,
    // identity §3 self_edit_rules: buyers reschedule and cancel up to the day before (demo-orders.ts)
    self_edit_rules: MUSEUM_SELF_EDIT_RULES,
    // identity §2 Checkout "donation" section: the donation group's real (derived) id
    checkout: { donation_group_id: demoId(`${id('donation')}/group/donation`) },
  };
}
