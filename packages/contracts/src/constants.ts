/** Business constants of the spec, verbatim (shopping §9, identity §9). */

export const UNLIMITED_CAPACITY = -1;
export const MAX_TICKETS_PER_TYPE = 1000;
/**
 * The low-capacity label shows below this many places left unless the seller configures
 * `remaining_capacity_threshold` (shopping §9; decision 0124); the rule is rules/low-capacity.ts
 */
export const DEFAULT_REMAINING_CAPACITY_THRESHOLD = 10;
export const MAX_CALENDAR_TICKET_TYPES = 10;
export const ALL_DAY_SESSION_MINUTES = 5 * 60;
export const DEFAULT_PAD_MINUTES = 5;

export const CART_EXTENSION_SECONDS = 120;
export const CART_EXTENSION_OFFER_SECONDS = 60;
/** PATCH extensions one cart may get (the spec says none; decision 0025) */
export const CART_MAX_EXTENSIONS = 3;
export const CART_LOCAL_EXPIRY_MARGIN_SECONDS = 5;
export const CART_RECREATE_BELOW_SECONDS = 30;
export const CART_TIMER_DISPLAY_BELOW_SECONDS = 20 * 60;
export const CART_TIMER_THRESHOLDS = { warning: 300, error: 120, critical: 30 } as const;
export const CART_FETCH_LIMIT = 1000;
export const DEFAULT_CART_HOLD_MINUTES = 15;

export const READ_RETRIES = 3;
export const READ_RETRY_BASE_MS = 250;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export const DATE_BUTTONS = 8;
export const CALENDAR_VISIBILITY_THRESHOLD = 0.4;
export const CALENDAR_MONTH_FORMAT = 'YYYY-MM';

export const PROMO_CODE_MIN = 2;
export const PROMO_CODE_MAX = 35;
export const GIFT_CARD_NUMBER_MAX = 70;
export const GIFT_CODE_LENGTH = 10;
/** the giver's message with a gift of membership (the spec gives no limit; decision 0038) */
export const GIFT_MESSAGE_MAX = 500;
export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 254;
export const OTP_LENGTH = 6;
export const OTP_MAX_ATTEMPTS = 3;
/** the "code may not have arrived" hint (identity §2 Login) */
export const OTP_HINT_AFTER_MS = 30_000;
/** the passcode screen retries this long after `not_available_yet` (identity §4) */
export const OTP_RETRY_AFTER_MS = 5_000;
/** server side: a passcode challenge lives this long */
export const OTP_TTL_MINUTES = 15;
export const USERNAME_MAX = 100;
export const ZIP_CODE_MAX = 5;
/** server side: a password-reset link lives this long and works once */
export const PASSWORD_RESET_TTL_MINUTES = 60;
/**
 * Accounts created without an e-mail get `no-email+{id}@admit.invalid`; such users are asked to
 * set a real address before checkout (identity §6).
 */
export const NO_EMAIL_MARKER = 'no-email+';
/** the session-end check interval (identity §4 "Session", §9) */
export const SESSION_END_CHECK_MS = 1_000;

export const BADGE_MAX = 99;
export const STRIPPED_TEXT_MAX = 128;
export const MODAL_TRANSITION_MS = 200;
export const SCROLL_INTO_VIEW_DELAY_MS = 100;

export const QUERY_LIMIT_DEFAULT = 1000;
export const QUERY_LIMIT_MAX = 1000;

export const DATE_FORMATS = {
  cartDateTime: 'ddd, MMM D, YYYY [at] h:mm A',
  cartDate: 'ddd, MMM D, YYYY',
  cartTime: 'h:mm A',
  orderDate: 'ddd, MMMM D YYYY',
  // spec: shopping §9 "Date formats: defaults LONG_DATE and LONG_DATE_TIME" (decision 0063)
  longDate: 'dddd, MMMM D, YYYY',
  longDateTime: 'dddd, MMMM D, YYYY [at] h:mm A',
} as const;

/** Images (shopping §2): cover width 1500, teaser 272x216 requested at double size, cart 64x51. */
export const IMAGE_SIZES = {
  coverWidth: 1500,
  teaser: { width: 272, height: 216 },
  cart: { width: 64, height: 51 },
} as const;

/** Seat map (shopping §9): zoom scale 1 to 8, zoom in ×2, out ×0.75, pan margin 50 px, open after 50 ms. */
export const SEAT_MAP_ZOOM_MIN = 1;
export const SEAT_MAP_ZOOM_MAX = 8;
export const SEAT_MAP_ZOOM_IN = 2;
export const SEAT_MAP_ZOOM_OUT = 0.75;
export const SEAT_MAP_PAN_MARGIN_PX = 50;
export const SEAT_MAP_OPEN_DELAY_MS = 50;
/**
 * The 20-colour palette of seated ticket groups (shopping §2, §9), indexed by a group's `color`
 * (modulo 20). Every colour keeps at least 3:1 against the map's white ground (WCAG 1.4.11) and
 * none is a grey, so the greys stay free for sold-out and unavailable seats.
 */
export const SEAT_GROUP_PALETTE = [
  '#1f5fa8',
  '#c2410c',
  '#15803d',
  '#b91c1c',
  '#7e22ce',
  '#8b5a2b',
  '#be185d',
  '#0f766e',
  '#a16207',
  '#1e3a8a',
  '#9a3412',
  '#166534',
  '#6d28d9',
  '#0e7490',
  '#9d174d',
  '#4d7c0f',
  '#b45309',
  '#3730a3',
  '#86198f',
  '#0369a1',
] as const;

/** Phone default country from currency (shopping §9). */
export const PHONE_COUNTRY_BY_CURRENCY: Record<string, string> = {
  AUD: 'AU',
  CAD: 'CA',
  GBP: 'GB',
  NZD: 'NZ',
  USD: 'US',
};

/** The fixed app header the storefront sends; state-changing /api calls require it. */
export const APP_HEADER = 'tix-app';
export const APP_HEADER_VALUE = 'ecomm';
export const SESSION_COOKIE = 'admit_sid';
/**
 * The session cookie is httpOnly, so the storefront cannot see it vanish. A second cookie, set
 * and cleared with it and holding no secret ("1"), is what the session-end check reads.
 */
export const AUTH_INDICATOR_COOKIE = 'admit_auth';
