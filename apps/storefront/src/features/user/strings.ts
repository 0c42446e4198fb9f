/**
 * User flows (identity §2 "Resend, forgot and reset", §5, §8). Texts quoted by the spec are kept
 * verbatim; the rest are chosen in docs/decisions/0014.
 */
export const USER_STRINGS = {
  'user.email': 'Email address',
  'user.email-confirm': 'Confirm email address',
  'user.password': 'New password',
  'user.password-confirm': 'Confirm new password',
  'user.sending': 'Sending…',
  'user.saving': 'Saving…',
  'user.loading': 'Loading…',
  // spec: shopping §5 \"Names\" — the one empty-field message of every form (issue #25)
  'user.error.required': 'Input must not be empty.',
  'user.error.email-invalid': 'Email address is not valid.',
  'user.error.email-too-long': 'Use at most {max} characters.',
  'user.error.emails-must-match': 'Email addresses must match.',
  'user.error.passwords-must-match': 'Passwords must match.',
  'user.error.rate-limited': 'Too many attempts. Please wait a few minutes and try again.',
  'user.error.unexpected': 'Oops! Sorry, something went wrong. Please try again.',
  // forgot password / forgot membership (identity §2; 404 counts as success, identity §8)
  'user.forgot-password.title': 'Forgot password',
  'user.forgot-password.intro':
    'Enter the email address of your account and we will send you a link to choose a new password.',
  'user.forgot-password.submit': 'Send reset link',
  'user.forgot-password.sent':
    'If an account exists for {email}, we have sent an email with a link to reset your password. The link works once and expires in {minutes} minutes.',
  'user.forgot-membership.title': 'Forgot membership',
  'user.forgot-membership.intro':
    'Enter the email address you used for your membership and we will email your membership details.',
  'user.forgot-membership.submit': 'Send membership details',
  'user.forgot-membership.sent':
    'If a membership exists for {email}, we have sent an email with your membership details.',
  'user.forgot.again': 'Use another email address',
  // reset password (identity §2, §5, §8 "Reset link")
  'user.reset.title': 'Reset password',
  'user.reset.invalid-link': 'This reset link is not valid. It may have expired.',
  'user.reset.request-new': 'Request a new reset link',
  'user.reset.rules-title': 'Your password must:',
  'user.reset.rule.length': 'have 8 to 254 characters',
  'user.reset.rule.edge-space': 'not start or end with a space',
  'user.reset.rule.printable': 'use printable characters only',
  'user.reset.rule.classes':
    'use at least 3 of: uppercase letters, lowercase letters, digits, special characters',
  'user.reset.rule-met': 'met',
  'user.reset.rule-unmet': 'not met yet',
  'user.reset.invalid-password': 'Invalid password',
  'user.reset.submit': 'Set new password',
  'user.reset.done': 'Your password has been changed. You can now log in with your new password.',
  'user.reset.login': 'Log in',
  // set e-mail (identity §5 "Set e-mail", §8 "Set e-mail conflict")
  'user.set-email.title': 'Set your e-mail address',
  'user.set-email.intro':
    'Your account has no email address yet. Please add one so we can send your tickets.',
  'user.set-email.submit': 'Save email address',
  'user.set-email.conflict': 'Another user account is using {email}. Please contact us...',
  // resend (identity §2, §8 "Resend", "Resend when logged in")
  'user.resend.title': 'Resend order e-mail',
  'user.resend.intro':
    'Enter the email address you used for your order and we will send your confirmation and tickets again.',
  'user.resend.submit': 'Resend my tickets',
  'user.resend.sent': 'We have sent your order confirmation and tickets to {email}.',
  'user.resend.not-found': 'No orders could be found for this email address.',
  'user.resend.logged-in': 'Log out to resend your tickets',
  'user.resend.logout': 'Log out',
  // transfer cart (identity §2, §8 "Transfer cart")
  'user.transfer.title': 'Loading your cart',
  'user.transfer.forbidden': '403 Access denied to cart',
  'user.transfer.not-found': '404 Cart not found',
  'user.transfer.other-member': 'This cart belongs to another member',
  'user.transfer.events': 'Browse events',
} as const;

export type UserStringKey = keyof typeof USER_STRINGS;
