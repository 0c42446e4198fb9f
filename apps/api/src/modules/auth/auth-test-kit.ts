import { randomInt } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { SignJWT } from 'jose';
import { APP_HEADER, APP_HEADER_VALUE } from '@admit/contracts/constants';
import type { Db } from '@/db/connection';
import { outbox } from '@/db/schema/mail';
import { makeSeller, type SellerRow } from '@/testing/factories';

/** Test helpers of the auth module's API tests (not used by the app). */

export const JWT_SECRET = 'test-sso-secret-0123456789-abcdefghijklmnop';
export const EXTERNAL_LOGIN = 'https://login.example.org/sso';

/** A seller whose stored config picks the login method (and, for external, the SSO settings). */
export function makeAuthSeller(db: Db, method: string, config: Record<string, unknown> = {}) {
  const external =
    method === 'external' || method === 'external_ecommerce'
      ? {
          external_urls: { login: EXTERNAL_LOGIN, logout: null },
          private: { sso_jwt_secret: JWT_SECRET },
        }
      : {};
  return makeSeller(db, { config: { authentication_method: method, ...external, ...config } });
}

/** Calls an /api path like the storefront: `_seller`, the app header, optional cookie header. */
export function authCall(
  app: FastifyInstance,
  seller: Pick<SellerRow, 'slug'>,
  options: { method?: 'GET' | 'POST'; path: string; body?: unknown; cookie?: string; ip?: string },
): Promise<LightMyRequestResponse> {
  const separator = options.path.includes('?') ? '&' : '?';
  return app.inject({
    method: options.method ?? 'POST',
    url: `/api/${options.path}${separator}_seller=${seller.slug}`,
    headers: {
      [APP_HEADER]: APP_HEADER_VALUE,
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    // a random client address unless named: per-address limits must not couple unrelated tests
    remoteAddress: options.ip ?? `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
}

export interface SetCookie {
  value: string;
  attributes: string;
}

/** The Set-Cookie headers of an answer, by cookie name. */
export function setCookiesOf(res: LightMyRequestResponse): Record<string, SetCookie> {
  const raw = res.headers['set-cookie'];
  const lines = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  const out: Record<string, SetCookie> = {};
  for (const line of lines) {
    const [pair = '', ...rest] = line.split(';');
    const at = pair.indexOf('=');
    out[pair.slice(0, at)] = { value: pair.slice(at + 1), attributes: rest.join(';') };
  }
  return out;
}

/** A cleared cookie: empty and expired in 1970. */
export const isCleared = (c: SetCookie | undefined) =>
  c !== undefined && c.value === '' && /Expires=Thu, 01 Jan 1970/.test(c.attributes);

/** The newest outbox mails of a seller, of one kind. */
export function mailsOf(db: Db, sellerId: string, kind: string) {
  return db
    .select()
    .from(outbox)
    .where(and(eq(outbox.sellerId, sellerId), eq(outbox.kind, kind)))
    .orderBy(desc(outbox.createdAt));
}

/** An HS256 token as the seller's provider would mint it. */
export function externalToken(
  seller: Pick<SellerRow, 'slug'>,
  claims: Record<string, unknown>,
  options: { secret?: string; issuer?: string; audience?: string; expiresAt: Date },
) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(options.issuer ?? new URL(EXTERNAL_LOGIN).origin)
    .setAudience(options.audience ?? seller.slug)
    .setSubject(String(claims.sub ?? 'ext-1'))
    .setIssuedAt(Math.floor(options.expiresAt.getTime() / 1000) - 600)
    .setExpirationTime(Math.floor(options.expiresAt.getTime() / 1000))
    .sign(new TextEncoder().encode(options.secret ?? JWT_SECRET));
}
