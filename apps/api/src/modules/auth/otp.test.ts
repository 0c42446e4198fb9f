import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { OTP_MAX_ATTEMPTS, OTP_TTL_MINUTES, SESSION_COOKIE } from '@admit/contracts/constants';
import { loginResponseSchema, otpRequestResponseSchema } from '@admit/contracts/identity';
import { otpChallenge } from '@/db/schema/identity';
import { outbox } from '@/db/schema/mail';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeUser } from '@/testing/identity-factories';
import { firstError } from '@/testing/responses';
import { authCall, mailsOf, makeAuthSeller, setCookiesOf } from './auth-test-kit';
import { magicLink } from './otp-service';

const START = new Date('2030-05-01T09:00:00Z');

describeEachDatabase('auth: one-time passcodes', (ctx) => {
  let app: FastifyInstance;
  let clock = START;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, {
      now: () => clock,
      env: { MAIL_POLL_MS: '0', PUBLIC_URL: 'https://shop.example.org' },
    });
  });
  afterAll(async () => {
    await app.close();
  });

  let ipCounter = 0;
  /** a fresh client address per test, so the per-address limits do not couple tests */
  const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

  const requestCode = async (
    seller: { slug: string },
    email: string,
    ip: string,
    redirect_path?: string,
  ) => {
    const res = await authCall(app, seller, {
      path: 'login/request_otp',
      body: { email, state: seller.slug, ...(redirect_path ? { redirect_path } : {}) },
      ip,
    });
    expect(res.statusCode).toBe(200);
    return otpRequestResponseSchema.parse(res.json()).otp._data[0]!;
  };
  const codeFromMail = async (sellerId: string) => {
    const [mail] = await mailsOf(ctx.db, sellerId, 'otp');
    const code = /login code for .* is (\d{6})\./.exec(mail!.textBody)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    return { code: code!, mail: mail! };
  };
  const submit = (
    seller: { slug: string },
    token: string,
    otp: string,
    ip: string,
    cart_id?: string,
  ) =>
    authCall(app, seller, {
      path: 'login/otp',
      body: { token, otp, ...(cart_id ? { cart_id } : {}) },
      ip,
    });
  const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('mails a 6-digit code and a magic link to a known account and logs in with it', async () => {
    clock = START;
    const ip = freshIp();
    const seller = await makeAuthSeller(ctx.db, 'otp');
    const person = await makeUser(ctx.db, seller, { email: 'otp@example.org' });
    const challenge = await requestCode(seller, 'OTP@example.org', ip, `/${seller.slug}/checkout`);
    expect(challenge.length).toBe(6);
    expect(challenge.expires_at).toBe(
      new Date(START.getTime() + OTP_TTL_MINUTES * 60_000).toISOString(),
    );
    const { code, mail } = await codeFromMail(seller.id);
    expect(mail.toAddress).toBe('otp@example.org');
    expect(mail.textBody).toContain(`https://shop.example.org/${seller.slug}/checkout?otp=${code}`);
    // only hashes are stored
    const [row] = await ctx.db
      .select()
      .from(otpChallenge)
      .where(eq(otpChallenge.sellerId, seller.id));
    expect(row!.codeHash).not.toContain(code);
    expect(row!.tokenHash).not.toBe(challenge.token);

    const res = await submit(seller, challenge.token, code, ip);
    expect(res.statusCode).toBe(200);
    expect(loginResponseSchema.parse(res.json()).identity._data[0]!.id).toBe(person.id);
    expect(setCookiesOf(res)[SESSION_COOKIE]).toBeDefined();
    // a used code cannot log in twice
    const again = await submit(seller, challenge.token, code, ip);
    expect(again.statusCode).toBe(401);
    expect(firstError(again.json())!._code).toBe('not_authorized');
  });

  it('answers an unknown e-mail alike, sends it no mail, and its challenge never succeeds', async () => {
    clock = START;
    const ip = freshIp();
    const seller = await makeAuthSeller(ctx.db, 'otp_or_password');
    const unknown = await requestCode(seller, 'nobody@example.org', ip);
    expect(Object.keys(unknown).sort()).toEqual(['expires_at', 'length', 'token']);
    expect(unknown.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await mailsOf(ctx.db, seller.id, 'otp')).toEqual([]);
    const tries = await Promise.all(
      ['000000', '123456', '999999'].map((otp) => submit(seller, unknown.token, otp, ip)),
    );
    expect(tries.map((r) => firstError(r.json())!._code)).toEqual([
      'otp_incorrect',
      'otp_incorrect',
      'otp_incorrect',
    ]);
  });

  it('counts wrong codes: attempts left, then the 4th submission is refused even with the right code', async () => {
    clock = START;
    const ip = freshIp();
    const seller = await makeAuthSeller(ctx.db, 'otp');
    await makeUser(ctx.db, seller, { email: 'tries@example.org' });
    const challenge = await requestCode(seller, 'tries@example.org', ip);
    const { code } = await codeFromMail(seller.id);
    for (let left = OTP_MAX_ATTEMPTS - 1; left >= 0; left--) {
      const res = await submit(seller, challenge.token, wrongCode(code), ip);
      expect(res.statusCode).toBe(401);
      expect(firstError(res.json())).toMatchObject({
        _code: 'otp_incorrect',
        _description: 'The passcode you entered is invalid',
        _extra: { attempts_left: left },
      });
    }
    const fourth = await submit(seller, challenge.token, code, ip);
    expect(fourth.statusCode).toBe(401);
    expect(firstError(fourth.json())!._code).toBe('not_authorized');
  });

  it('never counts more than 3 guesses when many arrive at once', async () => {
    clock = START;
    const ip = freshIp();
    const seller = await makeAuthSeller(ctx.db, 'otp');
    await makeUser(ctx.db, seller, { email: 'race@example.org' });
    const challenge = await requestCode(seller, 'race@example.org', ip);
    const { code } = await codeFromMail(seller.id);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => submit(seller, challenge.token, wrongCode(code), ip)),
    );
    const codes = answers.map((r) => firstError(r.json())!._code);
    expect(codes.filter((c) => c === 'otp_incorrect')).toHaveLength(OTP_MAX_ATTEMPTS);
    expect(codes.filter((c) => c === 'not_authorized')).toHaveLength(12 - OTP_MAX_ATTEMPTS);
    const [row] = await ctx.db
      .select()
      .from(otpChallenge)
      .where(eq(otpChallenge.sellerId, seller.id));
    expect(row!.attempts).toBe(OTP_MAX_ATTEMPTS);
  });

  it('answers 410 otp_token_expired after the passcode lifetime and 401 for an unknown token', async () => {
    clock = START;
    const ip = freshIp();
    const seller = await makeAuthSeller(ctx.db, 'otp');
    await makeUser(ctx.db, seller, { email: 'late@example.org' });
    const challenge = await requestCode(seller, 'late@example.org', ip);
    const { code } = await codeFromMail(seller.id);
    clock = new Date(START.getTime() + OTP_TTL_MINUTES * 60_000);
    const late = await submit(seller, challenge.token, code, ip);
    expect(late.statusCode).toBe(410);
    expect(firstError(late.json())!._code).toBe('otp_token_expired');
    const unknown = await submit(seller, 'no-such-token', code, ip);
    expect(unknown.statusCode).toBe(401);
    expect(firstError(unknown.json())!._code).toBe('not_authorized');
  });

  it('validates the request: the e-mail needs a domain dot, state must be the seller, method must offer codes', async () => {
    clock = START;
    const ip = freshIp();
    const seller = await makeAuthSeller(ctx.db, 'otp');
    const noDot = await authCall(app, seller, {
      path: 'login/request_otp',
      body: { email: 'ann@localhost', state: seller.slug },
      ip,
    });
    expect(noDot.statusCode).toBe(400);
    expect(firstError(noDot.json())!._code).toBe('validate_not_email');
    const badState = await authCall(app, seller, {
      path: 'login/request_otp',
      body: { email: 'ann@example.org', state: 'another-seller' },
      ip,
    });
    expect(badState.statusCode).toBe(400);
    expect(firstError(badState.json())!._extra).toMatchObject({ field: 'state' });
    const passwordOnly = await makeAuthSeller(ctx.db, 'password');
    const refused = await authCall(app, passwordOnly, {
      path: 'login/request_otp',
      body: { email: 'ann@example.org', state: passwordOnly.slug },
      ip,
    });
    expect(refused.statusCode).toBe(403);
  });

  it('limits passcode requests per e-mail', async () => {
    clock = START;
    const seller = await makeAuthSeller(ctx.db, 'otp');
    await makeUser(ctx.db, seller, { email: 'many@example.org' });
    for (let i = 0; i < 5; i++) await requestCode(seller, 'many@example.org', freshIp());
    const sixth = await authCall(app, seller, {
      path: 'login/request_otp',
      body: { email: 'many@example.org', state: seller.slug },
      ip: freshIp(),
    });
    expect(sixth.statusCode).toBe(429);
    expect(firstError(sixth.json())).toMatchObject({ _code: 'rate_limited' });
    expect(await mailsOf(ctx.db, seller.id, 'otp')).toHaveLength(5);
  });

  it('keeps the magic link on the seller storefront', () => {
    const root = 'https://shop.example.org/zoo';
    expect(magicLink(root, '/zoo/checkout?x=1', '012345')).toBe(
      'https://shop.example.org/zoo/checkout?x=1&otp=012345',
    );
    for (const evil of [
      '//evil.example/zoo',
      'https://evil.example/zoo',
      '/zoological',
      '/other/zoo',
      '/zoo\\@evil',
    ]) {
      expect(magicLink(root, evil, '012345')).toBe('https://shop.example.org/zoo/?otp=012345');
    }
  });

  it("keeps the magic link on the seller's own domain, whose root is its storefront", () => {
    const root = 'http://tickets.zoo.example:3000';
    expect(magicLink(root, '/checkout?x=1', '012345')).toBe(
      'http://tickets.zoo.example:3000/checkout?x=1&otp=012345',
    );
    for (const evil of ['//evil.example/zoo', 'https://evil.example/', '/\\evil', 'checkout']) {
      expect(magicLink(root, evil, '012345')).toBe('http://tickets.zoo.example:3000/?otp=012345');
    }
  });
});

describeEachDatabase('auth: passcode mail not sent yet', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // SMTP configured but the sender stopped: the mail stays pending until marked sent
    app = await buildTestApp(ctx.database, {
      now: START,
      env: { MAIL_POLL_MS: '0', SMTP_URL: 'smtp://127.0.0.1:1' },
    });
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers 422 not_available_yet while the mail is queued, then accepts the code', async () => {
    const seller = await makeAuthSeller(ctx.db, 'otp');
    await makeUser(ctx.db, seller, { email: 'slow@example.org' });
    const res = await authCall(app, seller, {
      path: 'login/request_otp',
      body: { email: 'slow@example.org', state: seller.slug },
    });
    const { token } = otpRequestResponseSchema.parse(res.json()).otp._data[0]!;
    const [mail] = await mailsOf(ctx.db, seller.id, 'otp');
    const code = /is (\d{6})\./.exec(mail!.textBody)![1]!;
    const early = await authCall(app, seller, { path: 'login/otp', body: { token, otp: code } });
    expect(early.statusCode).toBe(422);
    expect(firstError(early.json())!._code).toBe('not_available_yet');
    await ctx.db.update(outbox).set({ status: 'sent' }).where(eq(outbox.id, mail!.id));
    const ok = await authCall(app, seller, { path: 'login/otp', body: { token, otp: code } });
    expect(ok.statusCode).toBe(200);
  });
});
