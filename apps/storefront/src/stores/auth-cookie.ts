import { AUTH_INDICATOR_COOKIE } from '@admit/contracts/constants';

/**
 * Whether the server's auth indicator cookie is present. The session cookie itself is httpOnly;
 * the indicator is set and cleared with it and is what the session-end check can read.
 */
export function hasAuthCookie(cookies: string = document.cookie): boolean {
  return cookies
    .split(';')
    .some(
      (part) => part.trim().startsWith(`${AUTH_INDICATOR_COOKIE}=`) && !part.trim().endsWith('='),
    );
}

/** spec: identity §6 — "Cookies must be on"; a browser without them cannot keep a login. */
export function cookiesEnabled(): boolean {
  return typeof navigator === 'undefined' || navigator.cookieEnabled !== false;
}
