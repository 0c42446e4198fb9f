import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AUTH_INDICATOR_COOKIE, SESSION_COOKIE } from '@admit/contracts/constants';
import { loginResponseSchema } from '@admit/contracts/identity';
import { sessionResponseSchema } from '@admit/contracts/session';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeMembership, makeUser } from '@/testing/identity-factories';
import { firstError } from '@/testing/responses';
import { authCall, isCleared, mailsOf, makeAuthSeller, setCookiesOf } from './auth-test-kit';

const START = new Date('2030-05-01T09:00:00Z');
const PASSWORD = 'Correct-Horse-9';

describeEachDatabase('auth: login and logout', (ctx) => {
  let app: FastifyInstance;
  let clock = START;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: () => clock, env: { MAIL_POLL_MS: '0' } });
  });
  afterAll(async () => {
    await app.close();
  });

  const cookieHeader = (res: { headers: Record<string, unknown> }) => {
    const jar = setCookiesOf(res as never);
    return `${SESSION_COOKIE}=${jar[SESSION_COOKIE]!.value}`;
  };
  const whoAmI = async (seller: { slug: string }, cookie?: string) => {
    const res = await authCall(app, seller, { method: 'GET', path: 'my/session', cookie });
    return sessionResponseSchema.parse(res.json()).session._data[0]!;
  };

  it('logs in with e-mail (any case) and password: both cookies, a fresh session, the identity', async () => {
    clock = START;
    const seller = await makeAuthSeller(ctx.db, 'password');
    const person = await makeUser(ctx.db, seller, { email: 'ann@example.org', password: PASSWORD });
    await makeMembership(ctx.db, person, START);
    const res = await authCall(app, seller, {
      path: 'login',
      body: { username: '  ANN@Example.org ', password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = loginResponseSchema.parse(res.json());
    expect(body.session._data[0]).toMatchObject({ identity_id: person.id, is_public: false });
    expect(body.identity._data[0]).toMatchObject({
      id: person.id,
      email: 'ann@example.org',
      is_member: true,
    });
    expect(JSON.stringify(body)).not.toContain('argon2');

    const jar = setCookiesOf(res);
    const session = jar[SESSION_COOKIE]!;
    const indicator = jar[AUTH_INDICATOR_COOKIE]!;
    expect(session.attributes).toContain('HttpOnly');
    expect(session.attributes).toContain('SameSite=Lax');
    expect(session.attributes).not.toContain('Secure');
    expect(indicator.value).toBe('1');
    expect(indicator.attributes).not.toContain('HttpOnly');
    expect(indicator.attributes).toContain('SameSite=Lax');
    const expires = (c: { attributes: string }) => /Expires=([^;]+)/.exec(c.attributes)?.[1];
    expect(expires(indicator)).toBe(expires(session));
    expect((await whoAmI(seller, cookieHeader(res))).identity_id).toBe(person.id);
  });

  it('rotates the session at login and kills it at logout (old cookies stop working)', async () => {
    clock = START;
    const seller = await makeAuthSeller(ctx.db, 'password');
    const person = await makeUser(ctx.db, seller, { password: PASSWORD });
    const login = () =>
      authCall(app, seller, {
        path: 'login',
        body: { username: person.email, password: PASSWORD },
      });
    const first = cookieHeader(await login());
    const secondRes = await authCall(app, seller, {
      path: 'login',
      body: { username: person.email, password: PASSWORD },
      cookie: first,
    });
    const second = cookieHeader(secondRes);
    expect(second).not.toBe(first);
    expect((await whoAmI(seller, first)).is_public).toBe(true);
    expect((await whoAmI(seller, second)).identity_id).toBe(person.id);

    const out = await authCall(app, seller, { path: 'logout', body: {}, cookie: second });
    expect(out.statusCode).toBe(200);
    const body = loginResponseSchema.parse(out.json());
    expect(body.session._data[0]).toMatchObject({ is_public: true, expires_at: null });
    expect(body.identity._data[0]!.id).not.toBe(person.id);
    const jar = setCookiesOf(out);
    expect(isCleared(jar[SESSION_COOKIE])).toBe(true);
    expect(isCleared(jar[AUTH_INDICATOR_COOKIE])).toBe(true);
    expect((await whoAmI(seller, second)).is_public).toBe(true);
  });

  it('answers an unknown user and a wrong password alike', async () => {
    clock = START;
    const seller = await makeAuthSeller(ctx.db, 'otp_or_password');
    const person = await makeUser(ctx.db, seller, { password: PASSWORD });
    const wrong = await authCall(app, seller, {
      path: 'login',
      body: { username: person.email, password: 'Wrong-Horse-9' },
    });
    const unknown = await authCall(app, seller, {
      path: 'login',
      body: { username: 'nobody@example.org', password: 'Wrong-Horse-9' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
    expect(firstError(wrong.json())).toMatchObject({
      _code: 'incorrect_password',
      _description: 'That is not the correct password. Please try again.',
    });
    expect(setCookiesOf(wrong)[SESSION_COOKIE]).toBeUndefined();
  });

  it('answers guest_account for an account without a password and queues the set-password mail', async () => {
    clock = START;
    const seller = await makeAuthSeller(ctx.db, 'password');
    const guest = await makeUser(ctx.db, seller, { email: 'guest@example.org' });
    const res = await authCall(app, seller, {
      path: 'login',
      body: { username: 'guest@example.org', password: 'Anything-1' },
    });
    expect(res.statusCode).toBe(401);
    expect(firstError(res.json())!._code).toBe('guest_account');
    const mails = await mailsOf(ctx.db, seller.id, 'guest_account');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.toAddress).toBe(guest.email);
    expect(mails[0]!.textBody).toContain(`/${seller.slug}/user/reset-password?token=`);
  });

  it('refuses every login when the method is none, and bodies the method does not offer', async () => {
    clock = START;
    const none = await makeAuthSeller(ctx.db, 'none');
    const person = await makeUser(ctx.db, none, { password: PASSWORD });
    const disabled = await authCall(app, none, {
      path: 'login',
      body: { username: person.email, password: PASSWORD },
    });
    expect(disabled.statusCode).toBe(403);
    expect(firstError(disabled.json())).toMatchObject({
      _code: 'forbidden',
      _context: 'login',
      _description: 'Login is disabled',
    });

    const otpOnly = await makeAuthSeller(ctx.db, 'otp');
    const user = await makeUser(ctx.db, otpOnly, { password: PASSWORD });
    const refused = await authCall(app, otpOnly, {
      path: 'login',
      body: { username: user.email, password: PASSWORD },
    });
    expect(refused.statusCode).toBe(403);
    expect(firstError(refused.json())!._code).toBe('forbidden');
    const member = await authCall(app, otpOnly, {
      path: 'login',
      body: { member_code: 'M1', zip_code: '12345' },
    });
    expect(member.statusCode).toBe(403);
  });
});
