import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AUTH_INDICATOR_COOKIE, SESSION_COOKIE } from '@admit/contracts/constants';
import { sessionResponseSchema } from '@admit/contracts/session';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeSeller } from '@/testing/factories';
import { firstError } from '@/testing/responses';
import {
  EXTERNAL_LOGIN,
  authCall,
  externalToken,
  makeAuthSeller,
  setCookiesOf,
} from './auth-test-kit';
import { SSO_NONCE_COOKIE, isSafeRedirect } from './sso-state';

const START = new Date('2030-05-01T09:00:00Z');
const ORIGIN = 'https://shop.example.org';
const CLAIMS = { email: 'sso@example.org', given_name: 'Sam', family_name: 'Sso', sub: 'u-1' };

describeEachDatabase('auth: single sign-on', (ctx) => {
  let app: FastifyInstance;
  let clock = START;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, {
      now: () => clock,
      env: { MAIL_POLL_MS: '0', PUBLIC_URL: ORIGIN, AUTH_SECRET: 'x'.repeat(40) },
    });
  });
  afterAll(async () => {
    await app.close();
  });

  const start = (seller: { slug: string }, query: string) =>
    app.inject({ method: 'GET', url: `/api/sso/start?_seller=${seller.slug}&${query}` });

  /** Follows the start redirect as the provider would: the return_to URL and the nonce cookie. */
  const begin = async (seller: { slug: string }, query = 'redirect=%2Fcheckout') => {
    const res = await start(seller, query);
    expect(res.statusCode).toBe(302);
    const target = new URL(String(res.headers.location));
    expect(`${target.origin}${target.pathname}`).toBe(EXTERNAL_LOGIN);
    const returnTo = new URL(target.searchParams.get('return_to')!);
    const nonce = setCookiesOf(res)[SSO_NONCE_COOKIE]!;
    expect(nonce.attributes).toContain('HttpOnly');
    return { returnTo, nonceCookie: `${SSO_NONCE_COOKIE}=${nonce.value}` };
  };
  const callback = (
    returnTo: URL,
    jwt: string | null,
    cookie?: string,
  ): Promise<LightMyRequestResponse> => {
    const url = new URL(returnTo);
    if (jwt) url.searchParams.set('jwt', jwt);
    return app.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: cookie ? { cookie } : {},
    });
  };
  const token = (seller: { slug: string }, claims = CLAIMS) =>
    externalToken(seller, claims, { expiresAt: new Date(START.getTime() + 300_000) });

  it.each(['external', 'external_ecommerce'])(
    'sends the visitor to the external login and back, logged in, to the requested page (%s)',
    async (method) => {
      clock = START;
      const seller = await makeAuthSeller(ctx.db, method);
      const { returnTo, nonceCookie } = await begin(seller);
      expect(`${returnTo.origin}${returnTo.pathname}`).toBe(`${ORIGIN}/api/sso/callback`);
      expect(returnTo.searchParams.get('_seller')).toBe(seller.slug);
      expect(returnTo.searchParams.get('state')).toBeTruthy();

      const res = await callback(returnTo, await token(seller), nonceCookie);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(`/${seller.slug}/checkout?auth_callback=1`);
      const jar = setCookiesOf(res);
      expect(jar[SESSION_COOKIE]?.value).toBeTruthy();
      expect(jar[AUTH_INDICATOR_COOKIE]?.value).toBe('1');
      const who = await authCall(app, seller, {
        method: 'GET',
        path: 'my/session',
        cookie: `${SESSION_COOKIE}=${jar[SESSION_COOKIE]!.value}`,
      });
      expect(sessionResponseSchema.parse(who.json()).session._data[0]!.is_public).toBe(false);
    },
  );

  it('sends failures back to the storefront with auth_error and no session', async () => {
    clock = START;
    const seller = await makeAuthSeller(ctx.db, 'external');
    const { returnTo, nonceCookie } = await begin(seller);
    const forged = await externalToken(seller, CLAIMS, {
      expiresAt: new Date(START.getTime() + 300_000),
      secret: 'not-the-seller-secret-0123456789-abcdefgh',
    });
    const cases = [
      await callback(returnTo, forged, nonceCookie), // bad signature
      await callback(returnTo, await token(seller), undefined), // another browser: no nonce
      await callback(returnTo, null, nonceCookie), // no token
    ];
    const tampered = new URL(returnTo);
    tampered.searchParams.set('state', `${returnTo.searchParams.get('state')}x`);
    cases.push(await callback(tampered, await token(seller), nonceCookie));
    clock = new Date(START.getTime() + 16 * 60_000);
    cases.push(await callback(returnTo, await token(seller), nonceCookie)); // state expired
    for (const res of cases) {
      expect(res.statusCode).toBe(302);
      expect(String(res.headers.location)).toMatch(new RegExp(`^/${seller.slug}/\\?auth_error=.+`));
      expect(setCookiesOf(res)[SESSION_COOKIE]).toBeUndefined();
    }
  });

  it('refuses redirects that leave the storefront (open redirect)', async () => {
    clock = START;
    const seller = await makeAuthSeller(ctx.db, 'external');
    for (const redirect of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'evil',
      '/\r\nLocation: https://evil.example',
    ]) {
      const res = await start(seller, `redirect=${encodeURIComponent(redirect)}`);
      expect(res.statusCode, redirect).toBe(400);
      expect(firstError(res.json())).toMatchObject({
        _code: 'validation_failed',
        _extra: { field: 'redirect' },
      });
    }
    expect(isSafeRedirect('/events/42?x=1#top')).toBe(true);
    expect(isSafeRedirect('/javascript:alert(1)')).toBe(false);
  });

  it('answers 400 "External login URL missing" without an external login address', async () => {
    const seller = await makeSeller(ctx.db, { config: { authentication_method: 'external' } });
    const res = await start(seller, 'redirect=%2F');
    expect(res.statusCode).toBe(400);
    expect(firstError(res.json())).toMatchObject({
      _code: 'validation_failed',
      _description: 'External login URL missing',
    });
  });

  it('refuses SSO for a seller whose login method is not external', async () => {
    const seller = await makeAuthSeller(ctx.db, 'password');
    const res = await start(seller, 'redirect=%2F');
    expect(res.statusCode).toBe(403);
  });
});
