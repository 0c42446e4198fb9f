import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '@/testing/build-test-app';
import { errorOf, makeReserveScene, type ReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeUser } from '@/testing/identity-factories';
import {
  TEST_CAPTCHA_PROVIDER,
  expectCaptchaRefused,
  guestCheckoutWith,
  registerTestCaptcha,
} from './captcha-test-kit';
import { cardEntry, checkoutCall, makeCart, orderOf, tokenize } from './checkout-test-kit';

/** Captcha for guests when the seller configures one (identity §5, §6; decision 0019). */

const START = new Date('2029-06-01T12:00:00Z');

describeEachDatabase('checkout: captcha for guests', (ctx) => {
  let app: FastifyInstance;
  let scene: ReserveScene;
  let plain: ReserveScene;
  let memberToken: string;
  let unregister: () => void;
  beforeAll(async () => {
    unregister = registerTestCaptcha();
    app = await buildTestApp(ctx.database, { now: START, env: { MAIL_POLL_MS: '0' } });
    scene = await makeReserveScene(ctx.db, {
      sellerConfig: { checkout: { captcha_provider: TEST_CAPTCHA_PROVIDER } },
    });
    plain = await makeReserveScene(ctx.db);
    const member = await makeUser(ctx.db, scene.seller, { email: 'member@example.org' });
    memberToken = (await app.sessions.createSession(member.id, scene.seller.id)).token;
  });
  afterAll(async () => {
    unregister();
    await app.close();
  });

  const guestCheckout = (on: ReserveScene, captcha?: unknown) =>
    guestCheckoutWith(app, on, captcha);

  it('refuses a guest checkout without a token, with a rejected one, or another provider’s', async () => {
    await expectCaptchaRefused(ctx.db, await guestCheckout(scene));
    await expectCaptchaRefused(
      ctx.db,
      await guestCheckout(scene, { provider: TEST_CAPTCHA_PROVIDER, token: 'fail-1' }),
    );
    await expectCaptchaRefused(
      ctx.db,
      await guestCheckout(scene, { provider: 'other', token: 'pass-1' }),
    );
  });

  it('checks a guest out with a token the provider accepts', async () => {
    const { res } = await guestCheckout(scene, {
      provider: TEST_CAPTCHA_PROVIDER,
      token: 'pass-1',
    });
    expect(orderOf(res).ticket_order._data).toHaveLength(1);
  });

  it('guards a guest’s pay call too', async () => {
    const c = await makeCart(app, scene, 1);
    const res = await checkoutCall(app, scene, {
      path: `cart/${c.id}/pay`,
      body: cardEntry('10.00', await tokenize(app, '4242424242424242')),
    });
    expect(res.statusCode).toBe(422);
    expect(errorOf(res)._extra).toMatchObject({ field: 'captcha' });
  });

  it('lets a logged-in member check out without a captcha', async () => {
    const c = await makeCart(app, scene, 1, memberToken);
    const res = await checkoutCall(app, scene, {
      path: `my/cart/${c.id}/checkout`,
      token: memberToken,
      body: cardEntry('25.00', await tokenize(app, '4242424242424242')),
    });
    expect(orderOf(res).ticket_order._data).toHaveLength(1);
  });

  it('checks nothing for a seller without a captcha provider', async () => {
    const { res } = await guestCheckout(plain);
    expect(res.statusCode).toBe(201);
  });

  it('accepts nothing while the configured provider has no verifier (fail closed)', async () => {
    unregister();
    try {
      await expectCaptchaRefused(
        ctx.db,
        await guestCheckout(scene, { provider: TEST_CAPTCHA_PROVIDER, token: 'pass-2' }),
      );
    } finally {
      unregister = registerTestCaptcha();
    }
  });
});
