/** Names of the login modals on the stack; the session-end check closes them (identity §4). */
export const LOGIN_DIALOG = 'login';
export const LOGIN_OR_GUEST_DIALOG = 'login-or-guest';
export const AUTH_MESSAGE_DIALOG = 'auth-message';

/** The login feature's modals a session end closes (app/session-end-host.tsx adds the others). */
export const LOGIN_MODALS = [LOGIN_DIALOG, LOGIN_OR_GUEST_DIALOG, AUTH_MESSAGE_DIALOG] as const;
