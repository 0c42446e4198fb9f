import type { StoredSellerConfig } from '@admit/contracts/seller-config';
import { logoWidthAt } from './art/logos';
import { demoEventId } from './demo-ids';

/** The aquarium's stored storefront config (light theme, password login, no presell). */
export function aquariumConfig(images: { logo: string; favicon: string }): StoredSellerConfig {
  const id = (key: string) => demoEventId('harbour-aquarium', key);
  return {
    product_name: 'Harbour Aquarium',
    theme: {
      mode: 'light',
      tier: 1,
      colors: {
        primary: '#0b6e99',
        primaryContrast: '#ffffff',
        background: '#f7fbfd',
        surface: '#e6f3f8',
        text: '#0b2233',
        textMuted: '#4a6475',
        border: '#c3dbe6',
        accent: '#d9480f',
        danger: '#b3261e',
        success: '#1b7a3d',
      },
      fonts: {
        heading: '"Liberation Sans", Arial, Helvetica, sans-serif',
        body: '"Liberation Sans", Arial, Helvetica, sans-serif',
      },
      logo_url: images.logo,
      logo_alt: 'Harbour Aquarium',
      favicon_url: images.favicon,
      footer_text: '© Harbour Aquarium · Quayside Walk, Bristol · Registered charity no. 1000000',
      border_radius_px: 4,
      header_height_px: 105,
      logo_height_px: 32,
      logo_width_px: logoWidthAt(32),
      teaser_image_size: { width: 272, height: 216 },
    },
    text_strings: {
      'listing.heading': 'Dive in: plan your day',
    },
    feature_flags: {
      skip_upsells: true,
      show_calendar_prices: false,
      citypass: false,
      reschedule: false,
    },
    default_phone_country: 'GB',
    address_service_key: null,
    anchor_events: [],
    anchor_categories: [],
    content_blocks: [
      {
        id: 'home-welcome',
        route: 'home',
        roles: ['anonymous'],
        position: 'top',
        html: '<h2>Welcome to Harbour Aquarium</h2><p>Book ahead and save: timed entry, daily penguin feeding and behind-the-scenes tours.</p>',
      },
    ],
    authentication_method: 'member_id_last_name',
    login_path: '/login',
    membership: { presell: false, event_id: null, external_url: null },
    admission_event_id: id('aquarium-admission'),
    home_block_order: ['guest', 'login', 'join'],
    reserve_flow: 'date_first',
    redirects: { require_seller_prefix: false, disable_home_route: false, target: null },
    external_urls: { login: null, logout: null },
    my_account_pages: { my_profile: true, upcoming_events: true, recent_orders: false },
    cart_hold_minutes: 15,
    // a UK seller: card payments need the postcode, the country is fixed (identity §5)
    checkout: {
      identity_fields: {
        zip_code: { required_for: ['card', 'wallet'] },
        country: { read_only: true, value: 'GB' },
      },
    },
  };
}
