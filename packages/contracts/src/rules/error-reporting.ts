/**
 * What the error reporter sends and what it leaves out (identity §8 "The error catalogue"): the
 * expected statuses it ignores, and the redaction of personal data and secrets from everything
 * it sends. One home for both apps: the storefront redacts before a report leaves the browser
 * (to Sentry or to POST /api/client_errors), and the server redacts again before it logs one,
 * since a report's body is whatever the caller chose to send.
 */

/** Where the storefront sends reports without a Sentry DSN (routes/client-errors.ts). */
export const CLIENT_ERRORS_PATH = '/api/client_errors';

/** One failed API call as the reporter sees it: the status, the method and the address called. */
export interface ApiFailure {
  status: number;
  method: string;
  /** the address called: a path (`/api/my/cart/modify?_seller=x`) or an absolute URL */
  url: string;
}

/** The path of an address, without origin, query or fragment. */
function pathOf(url: string): string {
  const withoutOrigin = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]+/i, '');
  return withoutOrigin.split(/[?#]/)[0] ?? '';
}

// spec: identity §8 — "402, 404, 409, 410 and 422 on POST /api/; 404 on GET /api/ and
// /cached_api/; 401 on POST /api/login and /api/user"
const IGNORED_ON_POST_API = new Set([402, 404, 409, 410, 422]);
const LOGIN_PATHS = new Set(['/api/login', '/api/user']);

/**
 * An expected answer the reporter does not report (identity §8). `/api/login` and `/api/user`
 * are those two calls exactly: a 401 from `/api/login/otp` is still reported (decision 0061).
 */
export function isIgnoredApiFailure({ status, method, url }: ApiFailure): boolean {
  const path = pathOf(url);
  const verb = method.toUpperCase();
  if (verb === 'POST') {
    if (IGNORED_ON_POST_API.has(status) && path.startsWith('/api/')) return true;
    return status === 401 && LOGIN_PATHS.has(path.replace(/\/+$/, ''));
  }
  if (verb === 'GET' && status === 404) {
    return path.startsWith('/api/') || path.startsWith('/cached_api/');
  }
  return false;
}

export const REDACTED = '[redacted]';
export const REDACTED_EMAIL = '[email]';
export const REDACTED_CARD = '[card]';

/**
 * Anything around an `@` (or its URL encoding `%40`): wider than any e-mail grammar on purpose,
 * so an address in any spelling is gone; it stops at spaces and at the separators of a URL
 * (`/ ? & = #`) and of quoted text, so the rest of a message or address stays readable.
 */
const EMAIL_LIKE =
  /[^\s@/?&=#<>"',;%]*(?:%[0-9a-f]{2}[^\s@/?&=#<>"',;%]*)*(?:@|%40)[^\s@/?&=#<>"',;]+/gi;

/** 13 to 19 digits, optionally grouped by spaces or dashes: a card number (PAN). */
const CARD_NUMBER = /\b\d(?:[ -]?\d){12,18}\b/g;

/**
 * Keys whose values are personal data or secrets, wherever they appear: a query parameter, a
 * field of a report's extra data. Names are only recognisable by their key (no pattern finds a
 * name in free text), so every name-carrying key of the contracts is here.
 */
const SENSITIVE_KEY =
  /^(?:e-?mail|first_?name|last_?name|full_?name|name|purchaser|giftee|phone|address|address_more|zip(?:_code)?|postcode|cardholder|card(?:_?number)?|number|cvc|cvv|exp(?:iry|_month|_year)?|password|new_password|passcode|otp|token|.*_token|secret|.*_secret|client_secret|code|key|api_key|authorization|cookie|member_id|ledger_number|source)$/i;

/** Whether a field or query parameter of this name is redacted whole. */
export function isSensitiveKey(key: string): boolean {
  return SENSITIVE_KEY.test(key);
}

/** Path segments that carry a secret in the segment after them (`/api/code/{code}`, reset links). */
const SECRET_SEGMENT_AFTER =
  /(\/(?:code|password_reset|reset-password|reset|token|otp|passcode)\/)[^/?#\s]+/gi;

/** The values of sensitive query parameters in any URL inside a text (`?token=…&email=…`). */
const QUERY_PARAM = /([?&;])([^=&#\s?;]+)=([^&#\s;]*)/g;

/**
 * A text with every e-mail, card number, secret query value and secret path segment replaced
 * (identity §8: reports carry no e-mails, names, card fields or tokens).
 */
export function redactText(text: string): string {
  return text
    .replace(QUERY_PARAM, (match, lead: string, key: string) => {
      let name = key;
      try {
        name = decodeURIComponent(key);
      } catch {
        // a malformed escape: judge the key as written
      }
      return isSensitiveKey(name) ? `${lead}${key}=${REDACTED}` : match;
    })
    .replace(SECRET_SEGMENT_AFTER, `$1${REDACTED}`)
    .replace(EMAIL_LIKE, REDACTED_EMAIL)
    .replace(CARD_NUMBER, REDACTED_CARD);
}

/**
 * A copy of structured report data (Sentry's extra and request data, a report's context) with
 * sensitive keys redacted whole and every text redacted; cycles and depth past 6 are cut.
 */
export function redactValue(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return redactText(value);
  if (typeof value !== 'object' || value === null) return value;
  if (depth > 6 || seen.has(value)) return REDACTED;
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1, seen));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] =
      isSensitiveKey(key) && item !== null && item !== undefined
        ? REDACTED
        : redactValue(item, depth + 1, seen);
  }
  return out;
}
