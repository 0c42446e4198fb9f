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
  // a confirmed action's reason (or note) left empty or too short: the form is not sent
  'office.reason.missing': 'Please fill this in.',
  'office.reason.short': 'Please write at least {count} characters.',
  'office.login.title': 'Sign in to the back office',
  'office.login.email': 'E-mail address',
  'office.login.password': 'Password',
  'office.login.totp': 'Six-digit code from your authenticator app',
  'office.login.submit': 'Sign in',
  'office.login.submitting': 'Signing in…',
  'office.login.forgot': 'Forgot password?',
  // a staff user's own reset by e-mail (decision 0095)
  'office.forgot.title': 'Reset your office password',
  'office.forgot.intro':
    'Enter the e-mail address of your staff account. We will send you a link to choose a new password.',
  'office.forgot.submit': 'Send the link',
  'office.forgot.sending': 'Sending…',
  'office.forgot.sent':
    'If {email} belongs to a staff account, a link is on its way. It works once, for {minutes} minutes.',
  'office.forgot.rate-limited': 'Too many requests. Please try again later.',
  'office.forgot.back': 'Back to sign in',
  'office.reset.title': 'Choose a new office password',
  'office.reset.checking': 'Checking the link…',
  'office.reset.invalid': 'This reset link has expired or was used.',
  'office.reset.request-new': 'Ask for a new link',
  'office.reset.password': 'New password',
  // decision 0101: typed twice; the visitor's reset says the same (identity §5)
  'office.reset.confirm': 'Confirm new password',
  'office.reset.mismatch': 'Passwords must match.',
  'office.reset.submit': 'Set the new password',
  'office.reset.saving': 'Saving…',
  'office.reset.done':
    'Your password is changed and every office session of yours has ended. Sign in with the new password.',
  'office.reset.sign-in': 'Sign in',
} as const;
