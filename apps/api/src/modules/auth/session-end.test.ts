import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AUTH_INDICATOR_COOKIE, SESSION_COOKIE } from '@admit/contracts/constants';
import { sessionResponseSchema } from '@admit/contracts/session';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeUser } from '@/testing/identity-factories';
import { authCall, isCleared, makeAuthSeller, setCookiesOf } from './auth-test-kit';

const START = new Date('2030-05-01T09:00:00Z');
const PASSWORD = 'Correct-Horse-9';

describeEachDatabase('auth: session end and cookies', (ctx) => {
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

  it('clears both cookies when the presented session has timed out, and keeps them otherwise', async () => {
    clock = START;
    const seller = await makeAuthSeller(ctx.db, 'password');
    const person = await makeUser(ctx.db, seller, { password: PASSWORD });
    const res = await authCall(app, seller, {
      path: 'login',
      body: { username: person.email, password: PASSWORD },
    });
    const cookie = cookieHeader(res);
    const live = await authCall(app, seller, { method: 'GET', path: 'my/session', cookie });
    expect(setCookiesOf(live)[SESSION_COOKIE]).toBeUndefined();
    // default idle timeout: 24 h without use ends the session
    clock = new Date(START.getTime() + 24 * 3_600_000 + 1000);
    const ended = await authCall(app, seller, { method: 'GET', path: 'my/session', cookie });
    expect(sessionResponseSchema.parse(ended.json()).session._data[0]!.is_public).toBe(true);
    const jar = setCookiesOf(ended);
    expect(isCleared(jar[SESSION_COOKIE])).toBe(true);
    expect(isCleared(jar[AUTH_INDICATOR_COOKIE])).toBe(true);
    // a stray indicator without a session cookie goes too; a guest without cookies gets none
    const stray = await authCall(app, seller, {
      method: 'GET',
      path: 'my/session',
      cookie: `${AUTH_INDICATOR_COOKIE}=1`,
    });
    expect(isCleared(setCookiesOf(stray)[AUTH_INDICATOR_COOKIE])).toBe(true);
    const guest = await authCall(app, seller, { method: 'GET', path: 'my/session' });
    expect(guest.headers['set-cookie']).toBeUndefined();
  });

  it('moves the cookie expiry with the idle deadline when a session is used', async () => {
    clock = START;
    const seller = await makeAuthSeller(ctx.db, 'password');
    const person = await makeUser(ctx.db, seller, { password: PASSWORD });
    const cookie = cookieHeader(
      await authCall(app, seller, {
        path: 'login',
        body: { username: person.email, password: PASSWORD },
      }),
    );
    clock = new Date(START.getTime() + 3_600_000);
    const used = await authCall(app, seller, { method: 'GET', path: 'my/session', cookie });
    const jar = setCookiesOf(used);
    const renewed = new Date(clock.getTime() + 24 * 3_600_000).toUTCString();
    expect(jar[SESSION_COOKIE]!.attributes).toContain(`Expires=${renewed}`);
    expect(jar[AUTH_INDICATOR_COOKIE]!.attributes).toContain(`Expires=${renewed}`);
  });
});

describeEachDatabase('auth: timeouts end a logged-in session', (ctx) => {
  let app: FastifyInstance;
  let clock = START;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, {
      now: () => clock,
      env: { SESSION_IDLE_MINUTES: '30', SESSION_ABSOLUTE_DAYS: '1', MAIL_POLL_MS: '0' },
    });
  });
  afterAll(async () => {
    await app.close();
  });

  const loginCookie = async (seller: { slug: string }, email: string | null) => {
    const res = await authCall(app, seller, {
      path: 'login',
      body: { username: email, password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    return `${SESSION_COOKIE}=${setCookiesOf(res)[SESSION_COOKIE]!.value}`;
  };
  const isPublic = async (seller: { slug: string }, cookie: string) => {
    const res = await authCall(app, seller, { method: 'GET', path: 'my/session', cookie });
    return sessionResponseSchema.parse(res.json()).session._data[0]!.is_public;
  };

  it('ends after the idle timeout', async () => {
    clock = START;
    const seller = await makeAuthSeller(ctx.db, 'password');
    const person = await makeUser(ctx.db, seller, { password: PASSWORD });
    const cookie = await loginCookie(seller, person.email);
    clock = new Date(START.getTime() + 29 * 60_000);
    expect(await isPublic(seller, cookie)).toBe(false);
    clock = new Date(START.getTime() + 60 * 60_000);
    expect(await isPublic(seller, cookie)).toBe(true);
  });

  it('ends at the absolute timeout however often it is used', async () => {
    clock = START;
    const seller = await makeAuthSeller(ctx.db, 'password');
    const person = await makeUser(ctx.db, seller, { password: PASSWORD });
    const cookie = await loginCookie(seller, person.email);
    for (let minutes = 25; minutes < 24 * 60; minutes += 25) {
      clock = new Date(START.getTime() + minutes * 60_000);
      expect(await isPublic(seller, cookie)).toBe(false);
    }
    clock = new Date(START.getTime() + 24 * 60 * 60_000);
    expect(await isPublic(seller, cookie)).toBe(true);
  });
});

describeEachDatabase('auth: cookie flags in production', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, {
      now: START,
      env: { NODE_ENV: 'production', PUBLIC_URL: 'https://tickets.example.org', MAIL_POLL_MS: '0' },
    });
  });
  afterAll(async () => {
    await app.close();
  });

  it('marks both cookies Secure at login and when clearing them at logout', async () => {
    const seller = await makeAuthSeller(ctx.db, 'password');
    const person = await makeUser(ctx.db, seller, { password: PASSWORD });
    const res = await authCall(app, seller, {
      path: 'login',
      body: { username: person.email, password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const jar = setCookiesOf(res);
    expect(jar[SESSION_COOKIE]!.attributes).toMatch(/HttpOnly.*Secure|Secure.*HttpOnly/);
    expect(jar[AUTH_INDICATOR_COOKIE]!.attributes).toContain('Secure');
    expect(jar[AUTH_INDICATOR_COOKIE]!.attributes).not.toContain('HttpOnly');
    const out = await authCall(app, seller, {
      path: 'logout',
      body: {},
      cookie: `${SESSION_COOKIE}=${jar[SESSION_COOKIE]!.value}`,
    });
    const cleared = setCookiesOf(out);
    expect(isCleared(cleared[SESSION_COOKIE])).toBe(true);
    expect(cleared[AUTH_INDICATOR_COOKIE]!.attributes).toContain('Secure');
  });
});
