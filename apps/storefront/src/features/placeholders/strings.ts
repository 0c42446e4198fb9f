/**
 * Screens that later issues build (identity §2 route table). Each shows its name and a note;
 * the titles are keyed by route name so the placeholder can find its own.
 */
export const PLACEHOLDER_STRINGS = {
  'placeholders.note': 'This part of the storefront is not available yet.',
  'placeholders.events': 'Browse events',
  'placeholders.title.transfer-cart': 'Loading your cart',
  'placeholders.title.checkout': 'Checkout',
  'placeholders.title.checkout-complete': 'Order complete',
  'placeholders.title.checkout-pending': 'Order pending',
  'placeholders.title.membership': 'Membership',
  'placeholders.title.membership-redeem': 'Redeem a gift of membership',
  'placeholders.title.resend': 'Resend order e-mail',
  'placeholders.title.logout': 'Log out',
  'placeholders.title.login': 'Log in',
  'placeholders.title.forgot-membership': 'Forgot membership',
  'placeholders.title.forgot-password': 'Forgot password',
  'placeholders.title.reset-password': 'Reset password',
  'placeholders.title.set-email-address': 'Set your e-mail address',
  'placeholders.title.cancel-auto-renew': 'Cancel auto-renew',
  'placeholders.title.manage': 'Manage order',
  'placeholders.title.my': 'My account',
  'placeholders.title.ticket-order': 'Your tickets',
  'placeholders.title.stories': 'Component stories',
} as const;

export type PlaceholderTitleKey = Extract<
  keyof typeof PLACEHOLDER_STRINGS,
  `placeholders.title.${string}`
>;
