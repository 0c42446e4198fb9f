import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { TURNSTILE_CAPTCHA_PROVIDER } from '@admit/contracts/captcha';
import { buildTestApp } from '@/testing/build-test-app';
import { makeReserveScene, type ReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { registerCaptchaVerifier } from './captcha';
import { turnstileVerifier } from './turnstile';
import { expectCaptchaRefused, guestCheckoutWith } from './captcha-test-kit';
import { orderOf } from './checkout-test-kit';

/** Cloudflare Turnstile for guests (identity §5; decision 0068), siteverify answered by a fake. */

const START = new Date('2029-06-01T12:00:00Z');
const SECRET = '0x4AAAAAAATestSecret';
const SITE_KEY = '0x4AAAAAAATestSiteKey';

describeEachDatabase('checkout: Cloudflare Turnstile', (ctx) => {
  let app: FastifyInstance;
  let keyed: ReserveScene;
  let keyless: ReserveScene;
  // siteverify: accepts the tokens that start with `ok-`
  const siteverify = vi.fn<typeof fetch>(async (_url, init) => {
    const form = new URLSearchParams(String(init?.body));
    const success = form.get('secret') === SECRET && form.get('response')!.startsWith('ok-');
    return Response.json({ success });
  });
  beforeAll(async () => {
    registerCaptchaVerifier(TURNSTILE_CAPTCHA_PROVIDER, turnstileVerifier(SECRET, siteverify));
    app = await buildTestApp(ctx.database, { now: START, env: { MAIL_POLL_MS: '0' } });
    keyed = await makeReserveScene(ctx.db, {
      sellerConfig: {
        checkout: { captcha_provider: TURNSTILE_CAPTCHA_PROVIDER, captcha_site_key: SITE_KEY },
      },
    });
    keyless = await makeReserveScene(ctx.db, {
      sellerConfig: { checkout: { captcha_provider: TURNSTILE_CAPTCHA_PROVIDER } },
    });
  });
  afterAll(async () => {
    registerCaptchaVerifier(TURNSTILE_CAPTCHA_PROVIDER, null);
    await app.close();
  });

  const guestCheckout = (on: ReserveScene, token?: string) =>
    guestCheckoutWith(
      app,
      on,
      token === undefined ? undefined : { provider: TURNSTILE_CAPTCHA_PROVIDER, token },
    );

  it('publishes the provider and its site key in the seller config', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/cached_api/seller_config?_seller=${keyed.seller.slug}`,
    });
    const [config] = res.json<{ seller_config: { _data: { checkout: object }[] } }>().seller_config
      ._data;
    expect(config!.checkout).toMatchObject({
      captcha_provider: TURNSTILE_CAPTCHA_PROVIDER,
      captcha_site_key: SITE_KEY,
    });
  });

  it('checks a guest out once siteverify accepts the token', async () => {
    siteverify.mockClear();
    const { res } = await guestCheckout(keyed, 'ok-1');
    expect(res.statusCode).toBe(201);
    expect(orderOf(res).ticket_order._data).toHaveLength(1);
    expect(siteverify).toHaveBeenCalledTimes(1);
    expect(new URLSearchParams(String(siteverify.mock.calls[0]![1]?.body)).get('response')).toBe(
      'ok-1',
    );
  });

  it('refuses a token siteverify rejects, and a missing one without asking', async () => {
    await expectCaptchaRefused(ctx.db, await guestCheckout(keyed, 'bad-1'));
    siteverify.mockClear();
    await expectCaptchaRefused(ctx.db, await guestCheckout(keyed));
    expect(siteverify).not.toHaveBeenCalled();
  });

  it('has no captcha without a site key (the demo)', async () => {
    siteverify.mockClear();
    const { res } = await guestCheckout(keyless);
    expect(res.statusCode).toBe(201);
    expect(siteverify).not.toHaveBeenCalled();
    const config = await app.inject({
      method: 'GET',
      url: `/cached_api/seller_config?_seller=${keyless.seller.slug}`,
    });
    expect(
      config.json<{ seller_config: { _data: { checkout: object }[] } }>().seller_config._data[0]!
        .checkout,
    ).toMatchObject({ captcha_provider: null, captcha_site_key: null });
  });
});
