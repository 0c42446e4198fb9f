/**
 * The login texts the first load needs (the login dialog's frame, the address rules' messages),
 * in their own module so the rest of LOGIN_STRINGS loads with the login code. Registered in the
 * catalogue as part of LOGIN_STRINGS.
 */
export const LOGIN_DIALOG_STRINGS = {
  'login.title': 'Log in',
  'login.dialog-title': 'Log in',
  'login.close': 'Close',
  'login.auth.sfec-error': 'SFEC error: {error}',
  'login.auth.failed': 'SFEC Authentication failed',
  'login.auth.login-url-missing': 'External login URL missing',
  'login.auth.error-title': 'Login',
  'login.auth.continue': 'Continue',
} as const;
