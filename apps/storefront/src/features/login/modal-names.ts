/** Names of the login modals on the stack; the session-end check closes them (identity §4). */
export const LOGIN_DIALOG = 'login';
export const LOGIN_OR_GUEST_DIALOG = 'login-or-guest';
export const AUTH_MESSAGE_DIALOG = 'auth-message';
/** the membership modal a later issue adds; closed on session end all the same */
export const MEMBERSHIP_DIALOG = 'membership';

export const SESSION_MODALS = [
  LOGIN_DIALOG,
  LOGIN_OR_GUEST_DIALOG,
  AUTH_MESSAGE_DIALOG,
  MEMBERSHIP_DIALOG,
] as const;
