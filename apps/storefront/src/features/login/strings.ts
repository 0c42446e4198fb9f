/**
 * Login, logout and session texts (identity §2 Login, §6, §8 Login/Passcode/Auth). Texts the spec
 * quotes are kept verbatim; sellers may override any of them by key.
 * The first-load part lives in `dialog-strings.ts`.
 */
import { LOGIN_DIALOG_STRINGS } from '@/features/login/dialog-strings';

export const LOGIN_STRINGS = {
  ...LOGIN_DIALOG_STRINGS,
  'login.account-title': 'Log in to view your account',
  'login.back': 'Back',
  'login.submit': 'Log in',
  'login.continue': 'Continue',
  'login.submitting': 'Logging in…',
  'login.sending': 'Sending…',
  // fields (identity §5: required and trimmed)
  'login.field.username': 'Email or username',
  'login.field.password': 'Password',
  'login.field.email': 'Email address',
  'login.field.member-code': 'Member ID',
  'login.field.zip-code': 'ZIP code',
  'login.field.last-name': 'Last name',
  'login.field.otp': 'Passcode',
  // spec: shopping §5 \"Names\" — the one empty-field message of every form (issue #25)
  'login.error.required': 'Input must not be empty.',
  'login.error.too-long': 'Use at most {max} characters.',
  'login.error.email-invalid': 'Email address is not valid.',
  'login.error.otp-format': 'Enter the {length}-digit passcode.',
  // method states (identity §6)
  'login.disabled': 'Login is disabled',
  'login.cookies-disabled': 'Enable cookies and reload to login.',
  'login.external.link': 'Log in',
  'login.external.intro': 'You will be taken to our login page and brought back here.',
  // errors (identity §8 Login)
  'login.error.incorrect-password': 'That is not the correct password. Please try again.',
  'login.error.forgot-password': 'Forgot your password?',
  'login.error.guest-account':
    'No password has been set for this account yet. We have sent you an e-mail with a link to set one: please check your e-mail.',
  'login.error.member-zip': 'Member details not found. Please check your member ID and ZIP code.',
  'login.error.member-last-name':
    'Member details not found. Please check your member ID and last name.',
  'login.error.member-email':
    'Member details not found. Please check your email address and member ID.',
  'login.error.invalid-credentials': 'The details you entered are not correct. Please try again.',
  'login.error.rate-limited':
    'Too many attempts. Please wait {seconds} seconds before trying again.',
  'login.error.rate-limited-unknown': 'Too many attempts. Please wait a few minutes and try again.',
  'login.error.validate-not-email': 'Please enter a valid e-mail address.',
  'login.error.validation-failed': 'Please check the details you entered and try again.',
  'login.error.forbidden': 'Login is disabled',
  'login.error.unexpected': 'Oops! Sorry, something went wrong. Please try again.',
  // one-time passcode (identity §2 Login, §4, §8 Passcode)
  'login.otp.choose-password': 'Log in with your password',
  'login.otp.send-code': 'Send me a passcode',
  'login.otp.send-code-instead': 'Send me a passcode instead',
  'login.otp.intro': 'We have sent a {length}-digit passcode to {email}. Enter it below to log in.',
  'login.otp.invalid': 'The passcode you entered is invalid',
  'login.otp.attempts-left':
    'You have {count} more attempt(s) before you need to request a new login link',
  'login.otp.request-new': 'This passcode can no longer be used. Please request a new one.',
  'login.otp.send-new': 'Send a new passcode',
  'login.otp.not-yet': 'Your passcode is on its way. Trying again in a moment…',
  'login.otp.hint':
    'The passcode may not have arrived. Check your spam folder, or go back and ask for a new one.',
  'login.otp.unavailable-title': 'Your passcode',
  'login.otp.unavailable-body':
    'This login link was opened in a different browser or tab than the one you asked for it in. Go back to that page and enter this passcode there:',
  'login.otp.copy': 'Copy passcode',
  'login.otp.copied': 'Passcode copied',
  // login-or-guest dialog (identity §2 Login)
  'login.or-guest.title': 'Log in or continue as a guest',
  'login.or-guest.body': 'Members log in to use their benefits. Everyone else can shop as a guest.',
  'login.or-guest.guest': 'Shop as a Guest',
  'login.or-guest.login': 'Log in',
  // logout and external login (identity §2 callback route, §8 Auth)
  'login.logging-out': 'Logging out…',
  'login.redirecting': 'Logging in and redirecting…',
  'login.auth.logout-url-missing': 'External logout URL missing',
  'login.auth.unknown-method': 'Unknown auth method',
  'login.auth.missing-arguments': 'Missing handler arguments',
} as const;

export type LoginStringKey = keyof typeof LOGIN_STRINGS;
