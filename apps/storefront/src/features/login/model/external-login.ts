import { buildApiUrl } from '@/api/client';

/** The storefront route an external login returns to (identity §2 "callback route"). */
export const AUTH_CALLBACK_PATH = '/auth/callback';

/**
 * spec: identity §7 "Single sign-on redirect to /api/sso/start" with `redirect` and `cart_id`
 * (and `_seller`, like every call). `redirect` is a router path: the server comes back to
 * `/{slug}{redirect}` with `auth_callback=1` (or to `/{slug}/?auth_error=…`), so the callback
 * route is named here and goes on to `redirectPath` once it has seen the member.
 */
export function ssoStartUrl(input: { redirectPath: string; cartId: string | null }): string {
  const callback = `${AUTH_CALLBACK_PATH}?next=${encodeURIComponent(input.redirectPath)}`;
  return buildApiUrl(
    'sso/start',
    { redirect: callback, cart_id: input.cartId ?? undefined },
    false,
  );
}

/** A router path with `login` added: opening it shows the login dialog (identity §2 rule 6). */
export function withLoginParam(path: string): string {
  const hashAt = path.indexOf('#');
  const base = hashAt === -1 ? path : path.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : path.slice(hashAt);
  return `${base}${base.includes('?') ? '&' : '?'}login=1${hash}`;
}

/** Only a path inside the storefront may be a redirect target (no open redirect). */
export function safeNextPath(next: string | null): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\'))
    return null;
  return next;
}
