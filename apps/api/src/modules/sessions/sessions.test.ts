import cookie from '@fastify/cookie';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@admit/contracts/constants';
import { sessionResponseSchema } from '@admit/contracts/session';
import { identity, webSession } from '@/db/schema/identity';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeIdentity, makeSeller, type SellerRow } from '@/testing/factories';
import { clearSessionCookie, setSessionCookie } from './session-cookie';
import { hashToken } from './session-service';

const START = new Date('2030-03-10T12:00:00Z');
const MINUTE = 60_000;

describeEachDatabase('sessions and identity', (ctx) => {
  let app: FastifyInstance;
  let clock = START;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, {
      now: () => clock,
      env: { SESSION_IDLE_MINUTES: '30', SESSION_ABSOLUTE_DAYS: '1' },
    });
  });
  afterAll(async () => {
    await app.close();
  });

  const whoAmI = async (seller: SellerRow, token?: string) => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/my/session?_seller=${seller.slug}`,
      cookies: token ? { [SESSION_COOKIE]: token } : {},
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return sessionResponseSchema.parse(res.json()).session._data[0]!;
  };

  it('acts as the seller public identity without a cookie, creating it once', async () => {
    clock = START;
    const seller = await makeSeller(ctx.db);
    const first = await whoAmI(seller);
    const second = await whoAmI(seller, 'garbage-token');
    expect(first).toMatchObject({ seller_id: seller.id, is_public: true, expires_at: null });
    expect(second.identity_id).toBe(first.identity_id);
    const publics = await ctx.db.select().from(identity).where(eq(identity.sellerId, seller.id));
    expect(publics).toEqual([expect.objectContaining({ id: first.identity_id, kind: 'public' })]);
  });

  it('creates exactly one public identity when many first requests race', async () => {
    clock = START;
    const seller = await makeSeller(ctx.db);
    // a fresh app has no remembered public identities, so every request goes to the database
    const fresh = await buildTestApp(ctx.database, { now: START });
    try {
      const answers = await Promise.all(
        Array.from({ length: 12 }, () =>
          fresh.inject({ method: 'GET', url: `/api/my/session?_seller=${seller.slug}` }),
        ),
      );
      const ids = new Set(answers.map((res) => res.json().session._data[0].identity_id));
      expect(answers.every((res) => res.statusCode === 200)).toBe(true);
      expect(ids.size).toBe(1);
      const rows = await ctx.db.select().from(identity).where(eq(identity.sellerId, seller.id));
      expect(rows).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  });

  it('resolves a session cookie to its identity and stores only the token hash', async () => {
    clock = START;
    const seller = await makeSeller(ctx.db);
    const person = await makeIdentity(ctx.db, seller);
    const session = await app.sessions.createSession(person.id, seller.id);
    expect(await whoAmI(seller, session.token)).toEqual({
      identity_id: person.id,
      seller_id: seller.id,
      is_public: false,
      expires_at: new Date(START.getTime() + 30 * MINUTE).toISOString(),
    });
    const rows = await ctx.db.select().from(webSession).where(eq(webSession.identityId, person.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashToken(session.token));
    expect(rows[0]!.tokenHash).not.toContain(session.token);
  });

  it('ignores a session of another seller', async () => {
    clock = START;
    const seller = await makeSeller(ctx.db);
    const other = await makeSeller(ctx.db);
    const person = await makeIdentity(ctx.db, seller);
    const session = await app.sessions.createSession(person.id, seller.id);
    expect((await whoAmI(other, session.token)).is_public).toBe(true);
    expect((await whoAmI(seller, session.token)).is_public).toBe(false);
  });

  it('falls back to the public identity after the idle timeout and deletes the session', async () => {
    clock = START;
    const seller = await makeSeller(ctx.db);
    const person = await makeIdentity(ctx.db, seller);
    const session = await app.sessions.createSession(person.id, seller.id);
    clock = new Date(START.getTime() + 29 * MINUTE);
    expect((await whoAmI(seller, session.token)).identity_id).toBe(person.id); // use renews idle
    clock = new Date(START.getTime() + 58 * MINUTE);
    expect((await whoAmI(seller, session.token)).identity_id).toBe(person.id);
    clock = new Date(START.getTime() + 89 * MINUTE);
    const expired = await whoAmI(seller, session.token);
    expect(expired.is_public).toBe(true);
    const rows = await ctx.db.select().from(webSession).where(eq(webSession.identityId, person.id));
    expect(rows).toEqual([]);
  });

  it('ends a session at the absolute timeout even when it is used', async () => {
    clock = START;
    const seller = await makeSeller(ctx.db);
    const person = await makeIdentity(ctx.db, seller);
    const session = await app.sessions.createSession(person.id, seller.id);
    for (let minutes = 20; minutes < 24 * 60; minutes += 20) {
      clock = new Date(START.getTime() + minutes * MINUTE);
      expect((await whoAmI(seller, session.token)).is_public).toBe(false);
    }
    clock = new Date(START.getTime() + 24 * 60 * MINUTE);
    expect((await whoAmI(seller, session.token)).is_public).toBe(true);
  });

  it('rotates (old token dead, new token live) and destroys sessions', async () => {
    clock = START;
    const seller = await makeSeller(ctx.db);
    const person = await makeIdentity(ctx.db, seller);
    const first = await app.sessions.createSession(person.id, seller.id);
    const rotated = await app.sessions.rotateSession(first.token, person.id, seller.id);
    expect(rotated.token).not.toBe(first.token);
    expect((await whoAmI(seller, first.token)).is_public).toBe(true);
    expect((await whoAmI(seller, rotated.token)).identity_id).toBe(person.id);
    await app.sessions.destroySession(rotated.token);
    expect((await whoAmI(seller, rotated.token)).is_public).toBe(true);
  });

  it('serves cached reads as the public identity whatever the cookie says', async () => {
    clock = START;
    const seller = await makeSeller(ctx.db);
    const person = await makeIdentity(ctx.db, seller);
    const session = await app.sessions.createSession(person.id, seller.id);
    const url = `/cached_api/events/available?_seller=${seller.slug}`;
    const anonymous = await app.inject({ method: 'GET', url });
    const withCookie = await app.inject({
      method: 'GET',
      url,
      cookies: { [SESSION_COOKIE]: session.token },
    });
    expect(withCookie.statusCode).toBe(200);
    expect(withCookie.headers.etag).toBe(anonymous.headers.etag);
    expect(withCookie.headers['set-cookie']).toBeUndefined();
  });

  it('validates _seller on the session check', async () => {
    const missing = await app.inject({ method: 'GET', url: '/api/my/session' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()._data[0]).toMatchObject({ _extra: { field: '_seller' } });
    const unknown = await app.inject({ method: 'GET', url: '/api/my/session?_seller=nobody' });
    expect(unknown.json()._data[0]).toMatchObject({ _code: 'seller_not_found' });
  });
});

describe('session cookie attributes', () => {
  const cookieHeader = async (production: boolean, clear = false) => {
    const app = Fastify();
    await app.register(cookie);
    app.get('/', async (_request, reply) => {
      if (clear) clearSessionCookie(reply, production);
      else
        setSessionCookie(
          reply,
          { token: 'tok', expiresAt: new Date('2030-01-01T00:00:00Z') },
          production,
        );
      return reply.send('ok');
    });
    const res = await app.inject({ method: 'GET', url: '/' });
    await app.close();
    return String(res.headers['set-cookie']);
  };

  it('is httpOnly, SameSite=Lax, path /, Secure only in production', async () => {
    const dev = await cookieHeader(false);
    expect(dev).toMatch(new RegExp(`^${SESSION_COOKIE}=tok;`));
    expect(dev).toContain('HttpOnly');
    expect(dev).toContain('SameSite=Lax');
    expect(dev).toContain('Path=/');
    expect(dev).toContain('Expires=Tue, 01 Jan 2030 00:00:00 GMT');
    expect(dev).not.toContain('Secure');
    expect(await cookieHeader(true)).toContain('Secure');
    expect(await cookieHeader(true, true)).toMatch(/Expires=Thu, 01 Jan 1970/);
  });
});
