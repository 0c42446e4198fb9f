/**
 * The back office's shell and login texts (issue #27, decision 0087); sellers may override any of
 * them by key like the storefront's. A section's navigation label is overridable as
 * `office.nav.<path>`.
 */
export const OFFICE_STRINGS = {
  'office.title': 'Back office',
  'office.loading': 'Loading…',
  'office.nav.label': 'Office sections',
  'office.signed-in-as': 'Signed in as {email} ({role})',
  'office.role.owner': 'owner',
  'office.role.box_office': 'box office',
  'office.role.door': 'door',
  'office.logout': 'Log out',
  'office.landing.title': 'Welcome to the back office',
  'office.landing.intro': 'Choose what to work on.',
  'office.landing.none': 'Your role has no office sections yet.',
  'office.not-found': 'There is no office page at this address.',
  'office.forbidden': 'Your role does not allow this page.',
  'office.error': 'Something went wrong. Please try again.',
  'office.login.title': 'Sign in to the back office',
  'office.login.email': 'E-mail address',
  'office.login.password': 'Password',
  'office.login.totp': 'Six-digit code from your authenticator app',
  'office.login.submit': 'Sign in',
  'office.login.submitting': 'Signing in…',
} as const;
