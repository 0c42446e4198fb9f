/**
 * Default texts of the account area (identity §2 "Account area (/my)", "My membership details");
 * sellers override any of them by key (shopping §1). Quoted spec texts are verbatim.
 */
export const ACCOUNT_STRINGS = {
  'account.title': 'My account',
  'account.loading': 'Loading your account…',
  'account.nav_label': 'My account',
  // spec: identity §2 — the sidebar's entries, verbatim
  'account.nav.membership': 'My membership details',
  'account.nav.profile': 'My profile',
  'account.nav.upcoming': 'My upcoming tickets',
  'account.nav.orders': 'My recent orders',
  'account.nav.logout': 'Logout',
  'account.membership.title': 'My membership details',
  'account.membership.loading': 'Loading your membership…',
  'account.membership.error': 'Sorry! Something unexpected happened. Please try again.',
  'account.membership.retry': 'Try again',
  'account.membership.none': 'You do not have a membership yet.',
  'account.membership.join': 'Become a member',
  'account.membership.member_id': 'Membership ID',
  'account.membership.members': 'Members',
  'account.membership.expires': 'Expires {date}',
  'account.membership.expired': 'Expired {date}',
  'account.membership.starts': 'Starts {date}, expires {to}',
  'account.membership.renew': 'Renew',
  'account.membership.renew_label': 'Renew your {level} membership',
  'account.membership.renew_from': 'Renew from {date}',
  'account.membership.auto_renew': 'Auto-renew',
  'account.membership.auto_renew.scheduled': 'On',
  'account.membership.auto_renew.requested': 'Requested',
  'account.membership.auto_renew.cancelled': 'Cancelled',
  'account.membership.auto_renew.not_enrolled': 'Off',
  'account.membership.cancel_auto_renew': 'Cancel auto-renew',
  'account.membership.qr_alt': 'QR code of membership ID {code}',
  'account.membership.resend': 'Resend membership e-mail',
  'account.membership.resending': 'Sending…',
  'account.membership.resent': 'Your membership details have been resent.',
  'account.membership.resend_error': 'Sorry! Something unexpected happened. Please try again.',
} as const;

export type AccountStringKey = keyof typeof ACCOUNT_STRINGS;
