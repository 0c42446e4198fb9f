import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * The single-sign-on `state` (identity §7 `/api/sso/start`): what to do after the provider
 * sends the visitor back — storefront path and guest cart — bound to a nonce that also sits in a
 * short-lived cookie of the browser that started (no login CSRF), signed with HMAC-SHA256 (no
 * tampering), and short-lived.
 */
export const SSO_NONCE_COOKIE = 'admit_sso';
export const SSO_STATE_TTL_MS = 15 * 60_000;

const payloadSchema = z.object({
  /** seller id */
  s: z.string(),
  /** storefront path below the seller slug, e.g. "/checkout" */
  r: z.string(),
  /** guest cart to hand over */
  c: z.string().uuid().nullable(),
  n: z.string(),
  /** expiry, epoch ms */
  e: z.number(),
});
export type SsoState = z.infer<typeof payloadSchema>;

/**
 * Only a path of the seller's own storefront is accepted as `redirect` (open-redirect
 * protection): it starts with one "/", has no backslash, whitespace or control character, and
 * cannot be read as "//host" or a scheme by a browser.
 */
export function isSafeRedirect(path: string): boolean {
  return (
    path.length <= 2000 &&
    path.startsWith('/') &&
    !path.startsWith('//') &&
    // eslint-disable-next-line no-control-regex -- control characters are what is refused
    !/[\\\s\u0000-\u001f\u007f]/.test(path) &&
    !/^\/[^/?#]*:/.test(path)
  );
}

const sign = (secret: string, body: string) =>
  createHmac('sha256', secret).update(body).digest('base64url');

export function newNonce(): string {
  return randomBytes(18).toString('base64url');
}

export function signState(secret: string, state: SsoState): string {
  const body = Buffer.from(JSON.stringify(state)).toString('base64url');
  return `${body}.${sign(secret, body)}`;
}

/** The state if its signature holds, it is unexpired, for this seller and this browser's nonce. */
export function verifyState(
  secret: string,
  raw: string,
  expect: { sellerId: string; nonce: string | undefined; now: Date },
): SsoState | null {
  const [body, mac, extra] = raw.split('.');
  if (!body || !mac || extra !== undefined) return null;
  const wanted = Buffer.from(sign(secret, body));
  const given = Buffer.from(mac);
  if (wanted.length !== given.length || !timingSafeEqual(wanted, given)) return null;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const state = payloadSchema.safeParse(decoded);
  if (!state.success) return null;
  const { s, n, e, r } = state.data;
  if (s !== expect.sellerId || e <= expect.now.getTime() || !isSafeRedirect(r)) return null;
  if (!expect.nonce || expect.nonce.length !== n.length) return null;
  if (!timingSafeEqual(Buffer.from(expect.nonce), Buffer.from(n))) return null;
  return state.data;
}
