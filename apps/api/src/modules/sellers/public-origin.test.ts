import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_HEADER, APP_HEADER_VALUE } from '@admit/contracts/constants';
import { loadConfig } from '@/config';
import { EXTERNAL_LOGIN, JWT_SECRET, mailsOf } from '@/modules/auth/auth-test-kit';
import {
  PURCHASER,
  cardEntry,
  makeCart,
  newKey,
  orderOf,
  tokenize,
} from '@/modules/checkout/checkout-test-kit';
import { buildTestApp } from '@/testing/build-test-app';
import { makeReserveScene, type ReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeUser } from '@/testing/identity-factories';

const NOW = new Date('2029-06-01T12:00:00Z');
const EVIL = 'evil.example';
const SELLER_ORIGIN = 'https://tickets.museum.example';

/**
 * Issue #12: a request's Host header never reaches a link. Every mail with a link (reset,
 * passcode, first password, order confirmation) and the single sign-on return address use the
 * seller's `site.public_origin`, else PUBLIC_URL, else http://localhost:{PORT} — even when the
 * request says `Host: evil.example` (and X-Forwarded-Host).
 */
describeEachDatabase('links from configuration only (Host header ignored)', (ctx) => {
  let bare: FastifyInstance;
  let withPublicUrl: FastifyInstance;
  beforeAll(async () => {
    const now = () => NOW;
    bare = await buildTestApp(ctx.database, { now, env: { MAIL_POLL_MS: '0', PORT: '4321' } });
    withPublicUrl = await buildTestApp(ctx.database, {
      now,
      env: { MAIL_POLL_MS: '0', PUBLIC_URL: 'https://shop.example.org/' },
    });
  });
  afterAll(async () => {
    await bare.close();
    await withPublicUrl.close();
  });

  const hostile = { host: EVIL, 'x-forwarded-host': EVIL, 'x-forwarded-proto': 'https' };
  const post = (app: FastifyInstance, scene: ReserveScene, path: string, body: unknown) =>
    app.inject({
      method: 'POST',
      url: `/api/${path}?_seller=${scene.seller.slug}`,
      headers: { [APP_HEADER]: APP_HEADER_VALUE, ...hostile },
      remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      payload: body as object,
    });

  const linksOf = async (scene: ReserveScene, kind: string) => {
    const [mail] = await mailsOf(ctx.db, scene.seller.id, kind);
    expect(mail, `a ${kind} mail`).toBeDefined();
    // every address in the mail but the doctype's DTD identifier (react-email's XHTML doctype
    // names w3.org; no client follows it): each must be on the seller's origin
    const html = (mail!.htmlBody ?? '').replace(/^<!DOCTYPE [^>]*>/i, '');
    const links = [...`${mail!.textBody} ${html}`.matchAll(/https?:\/\/[^\s"<]+/g)];
    return links.map((m) => m[0]);
  };
  const expectOnlyOrigin = (links: string[], origin: string) => {
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      expect(new URL(link).origin).toBe(origin);
      expect(link).not.toContain(EVIL);
    }
  };

  /**
   * Each case: the app, a seller with this login method, and the origin its links must use —
   * no PUBLIC_URL (localhost on the configured port), PUBLIC_URL, the seller's public_origin.
   */
  const cases = async (method: string) => {
    const login =
      method === 'external'
        ? {
            external_urls: { login: EXTERNAL_LOGIN, logout: null },
            private: { sso_jwt_secret: JWT_SECRET },
          }
        : {};
    // a relative logo: the mails show it from the same origin as their links (decision 0030)
    const theme = { logo_url: '/api/image/museum/logo.png' };
    const sellerConfig = { authentication_method: method, theme, ...login };
    const plain = await makeReserveScene(ctx.db, { sellerConfig });
    const own = await makeReserveScene(ctx.db, {
      sellerConfig: { ...sellerConfig, site: { public_origin: `${SELLER_ORIGIN}/` } },
    });
    return [
      [bare, plain, 'http://localhost:4321'],
      [withPublicUrl, plain, 'https://shop.example.org'],
      [withPublicUrl, own, SELLER_ORIGIN],
    ] as const;
  };

  it('POST password_reset/request: the reset link', async () => {
    for (const [app, scene, origin] of await cases('password')) {
      const person = await makeUser(ctx.db, scene.seller, { password: 'Correct-Horse-9' });
      const res = await post(app, scene, 'password_reset/request', { email: person.email });
      expect(res.statusCode).toBe(200);
      expectOnlyOrigin(await linksOf(scene, 'password_reset'), origin);
    }
  });

  it('POST login/request_otp: the passcode link', async () => {
    for (const [app, scene, origin] of await cases('otp')) {
      const person = await makeUser(ctx.db, scene.seller);
      const res = await post(app, scene, 'login/request_otp', {
        email: person.email,
        state: scene.seller.slug,
      });
      expect(res.statusCode, res.body).toBe(200);
      const links = await linksOf(scene, 'otp');
      expectOnlyOrigin(links, origin);
      expect(links).toContain(`${origin}/api/image/museum/logo.png?height=64`);
    }
  });

  it('POST login of a password-less account: the first-password link', async () => {
    for (const [app, scene, origin] of await cases('password')) {
      const person = await makeUser(ctx.db, scene.seller);
      const res = await post(app, scene, 'login', { username: person.email, password: 'x' });
      expect(res.statusCode).toBe(401);
      expectOnlyOrigin(await linksOf(scene, 'guest_account'), origin);
    }
  });

  it('guest checkout: the order link of the confirmation', async () => {
    for (const [app, scene, origin] of await cases('password')) {
      const cart = await makeCart(app, scene);
      const source = await tokenize(app, '4242424242424242');
      const res = await app.inject({
        method: 'POST',
        url: `/api/cart/${cart.id}/guest_checkout?_seller=${scene.seller.slug}`,
        headers: { [APP_HEADER]: APP_HEADER_VALUE, 'idempotency-key': newKey(), ...hostile },
        payload: { ...cardEntry('25.00', source), purchaser: PURCHASER },
      });
      orderOf(res);
      const links = await linksOf(scene, 'order_confirmation');
      expectOnlyOrigin(links, origin);
      expect(links.some((l) => l.includes('/ticket_order/'))).toBe(true);
      expect(links).toContain(`${origin}/api/image/museum/logo.png?height=64`);
    }
  });

  it('GET sso/start: the return address given to the login provider', async () => {
    for (const [app, scene, origin] of await cases('external')) {
      const res: LightMyRequestResponse = await app.inject({
        method: 'GET',
        url: `/api/sso/start?_seller=${scene.seller.slug}&redirect=%2F`,
        headers: hostile,
      });
      expect(res.statusCode).toBe(302);
      const target = new URL(String(res.headers.location));
      const returnTo = new URL(target.searchParams.get('return_to')!);
      expect(returnTo.origin).toBe(origin);
    }
  });
});

describe('PUBLIC_URL in production', () => {
  it('refuses to start without it, with a readable message', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /PUBLIC_URL: required in production/,
    );
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://t.example' }).PUBLIC_URL).toBe(
      'https://t.example',
    );
    // development falls back to localhost (config, never a request)
    expect(() => loadConfig({ NODE_ENV: 'development' })).not.toThrow();
  });
});
