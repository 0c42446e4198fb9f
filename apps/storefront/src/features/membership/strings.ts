/**
 * Default texts of the membership pages (identity §2 Membership route, Redeem gift of
 * membership, Cancel auto-renew); sellers override any of them by key (shopping §1). Texts in
 * quotes in the spec are used verbatim.
 */
export const MEMBERSHIP_PAGE_STRINGS = {
  'membership.title': 'Membership',
  // spec: identity §2 "Membership route", verbatim
  'membership.unavailable': 'Memberships are not available at this time',
  'membership.redirecting': 'Taking you to memberships…',
  'membership.events': 'Browse events',
  // spec: identity §2 "Redeem gift of membership", §5 gift code messages (verbatim)
  'membership.redeem.title': 'Redeem a gift of membership',
  'membership.redeem.intro':
    'Enter the 10-character code from your gift e-mail, then choose your membership.',
  'membership.redeem.code_label': 'Gift code',
  'membership.redeem.check': 'Redeem',
  'membership.redeem.checking': 'Checking your code…',
  'membership.redeem.invalid': 'You must enter a valid code',
  'membership.redeem.expired': 'This code has expired',
  'membership.redeem.redeemed': 'This code has already been redeemed',
  'membership.redeem.error': 'Sorry! Something unexpected happened. Please try again.',
  'membership.redeem.valid': 'Your code {code} is valid: {name}.',
  'membership.redeem.loading_levels': 'Loading membership levels…',
  // spec: identity §2 "Cancel auto-renew"
  'membership.cancel.title': 'Cancel auto-renew',
  'membership.cancel.body':
    'Your membership will no longer renew automatically when it ends. You can still renew it yourself before it expires.',
  'membership.cancel.confirm': 'Confirm unenrollment',
  'membership.cancel.confirming': 'Cancelling auto-renew…',
  'membership.cancel.cancel': 'Cancel',
  'membership.cancel.done': 'Done',
  'membership.cancel.loading': 'Loading your membership…',
  'membership.cancel.not_enrolled_member':
    'Your membership is not enrolled in auto-renew, or its auto-renew has already been cancelled. Your membership details show its current state.',
  'membership.cancel.not_enrolled_anonymous':
    'This membership is not enrolled in auto-renew, or its auto-renew has already been cancelled. Log in to see your membership details.',
  'membership.cancel.details_link': 'My membership details',
  'membership.cancel.login_link': 'Log in',
  'membership.cancel.success': 'Auto-renew is cancelled for your {level} membership.',
  'membership.cancel.success_plain': 'Auto-renew is cancelled for your membership.',
  'membership.cancel.valid_to': 'Your membership stays valid to {date}.',
  'membership.cancel.error': 'Sorry! Something unexpected happened. Please try again.',
} as const;

export type MembershipPageStringKey = keyof typeof MEMBERSHIP_PAGE_STRINGS;
