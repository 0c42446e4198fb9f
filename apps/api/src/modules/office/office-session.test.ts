import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { OFFICE_SESSION_COOKIE } from '@admit/contracts/office';
import { staffSession, type StaffUserRow } from '@/db/schema/office';
import { sellerDomain } from '@/db/schema/identity';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeSeller, type SellerRow } from '@/testing/factories';
import { auditOf, makeStaff, officeCall, officeLogin, STAFF_PASSWORD } from './office.test-kit';
import { OFFICE_ABSOLUTE_MS, OFFICE_IDLE_MS } from './office-sessions';

/**
 * The office session (decision 0083): login, me, logout; the cookie's scope; CSRF; the
 * visitors' login limits; disabled users; no seller's staff reach another seller (TOTP:
 * office-totp.test.ts).
 */

const START = new Date('2029-06-01T12:00:10Z');

describeEachDatabase('office: the staff session', (ctx) => {
  let app: FastifyInstance;
  let clock = START;
  let museum: SellerRow;
  let aquarium: SellerRow;
  let owner: StaffUserRow;
  const audited = (sellerId: string, action: string) => auditOf(ctx.db, sellerId, action);

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: () => clock });
    museum = await makeSeller(ctx.db, { name: 'Museum' });
    aquarium = await makeSeller(ctx.db, { name: 'Aquarium' });
    owner = await makeStaff(ctx.db, museum.id, 'owner', { email: 'Owner@Museum.example' });
    await ctx.db
      .insert(sellerDomain)
      .values({ host: 'tickets.museum.example', sellerId: museum.id, environment: 'production' });
  });
  afterAll(() => app.close());

  it('logs in by e-mail in any case, sets a host-only Strict cookie on /api/office, and answers me', async () => {
    clock = START;
    const res = await officeCall(app, {
      method: 'POST',
      path: 'login',
      slug: museum.slug,
      body: { email: ' owner@museum.EXAMPLE ', password: STAFF_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const cookie = res.cookies.find((c) => c.name === OFFICE_SESSION_COOKIE)!;
    expect(cookie).toMatchObject({ path: '/api/office', httpOnly: true, sameSite: 'Strict' });
    expect(cookie.domain).toBeUndefined();
    const expiresAt = new Date(START.getTime() + OFFICE_IDLE_MS).toISOString();
    expect(res.json()).toEqual({
      office_session: {
        _count: 1,
        _total: 1,
        _data: [{ staff_user_id: owner.id, seller_id: museum.id, expires_at: expiresAt }],
      },
      staff_user: {
        _count: 1,
        _total: 1,
        _data: [
          expect.objectContaining({
            id: owner.id,
            role: 'owner',
            disabled: false,
            totp_enrolled: false,
          }),
        ],
      },
    });
    expect(res.body).not.toContain('password');
    // only the token's hash is kept
    const [row] = await ctx.db
      .select()
      .from(staffSession)
      .where(eq(staffSession.staffUserId, owner.id));
    expect(row!.tokenHash).not.toBe(cookie.value);
    const me = await officeCall(app, { path: 'me', slug: museum.slug, cookie: cookie.value });
    expect(me.statusCode).toBe(200);
    expect(me.json().staff_user._data[0].email).toBe('Owner@Museum.example');
    // the seller's own domain names the seller, no _seller needed
    const onDomain = await app.inject({
      url: '/api/office/me',
      headers: { host: 'tickets.museum.example' },
      cookies: { [OFFICE_SESSION_COOKIE]: cookie.value },
    });
    expect(onDomain.statusCode).toBe(200);
    expect((await audited(museum.id, 'staff.login')).length).toBeGreaterThan(0);
  });

  it('refuses a write without the app header (CSRF), and me without a session', async () => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/office/login?_seller=${museum.slug}`,
      payload: { email: owner.email, password: STAFF_PASSWORD },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()._data[0]._code).toBe('missing_app_header');
    const me = await officeCall(app, { path: 'me', slug: museum.slug });
    expect(me.statusCode).toBe(401);
    expect(me.json()._data[0]).toMatchObject({
      _code: 'not_authorized',
      _context: 'office_session',
    });
    // a visitor's session cookie is no office session
    const visitor = await app.inject({
      url: `/api/office/me?_seller=${museum.slug}`,
      cookies: { admit_sid: 'A'.repeat(43) },
    });
    expect(visitor.statusCode).toBe(401);
  });

  it('answers a wrong password and an unknown e-mail alike, and audits both', async () => {
    clock = START;
    const answers = [];
    for (const email of [owner.email, 'nobody@museum.example']) {
      const res = await officeCall(app, {
        method: 'POST',
        path: 'login',
        slug: museum.slug,
        body: { email, password: 'Wrong-pass-1' },
        headers: { 'x-forwarded-for': '10.0.0.1' },
      });
      expect(res.statusCode).toBe(401);
      expect(res.cookies).toEqual([]);
      answers.push(res.json());
    }
    expect(answers[0]).toEqual(answers[1]);
    const failed = await audited(museum.id, 'staff.login_failed');
    expect(failed.map((r) => [r.actor, (r.after as { reason: string }).reason]).sort()).toEqual(
      expect.arrayContaining([
        ['Owner@Museum.example', 'wrong_password'],
        ['nobody@museum.example', 'unknown_email'],
      ]),
    );
  });

  it('keeps staff of one seller out of another, by _seller and by domain', async () => {
    clock = START;
    const cookie = await officeLogin(app, museum.slug, owner.email);
    const other = await officeCall(app, { path: 'me', slug: aquarium.slug, cookie });
    expect(other.statusCode).toBe(401);
    expect(other.body).not.toContain(owner.email);
    const staff = await officeCall(app, { path: 'staff_user', slug: aquarium.slug, cookie });
    expect(staff.statusCode).toBe(401);
    // nor can the museum's owner log in at the aquarium
    const login = await officeCall(app, {
      method: 'POST',
      path: 'login',
      slug: aquarium.slug,
      body: { email: owner.email, password: STAFF_PASSWORD },
    });
    expect(login.statusCode).toBe(401);
    // the museum's domain never serves the aquarium, whatever _seller says
    const crossed = await app.inject({
      url: `/api/office/me?_seller=${aquarium.slug}`,
      headers: { host: 'tickets.museum.example' },
      cookies: { [OFFICE_SESSION_COOKIE]: cookie },
    });
    expect(crossed.statusCode).toBe(404);
  });

  it('ends the session at logout (revoked server-side), after 30 idle minutes and after 12 hours', async () => {
    clock = START;
    const cookie = await officeLogin(app, museum.slug, owner.email);
    const out = await officeCall(app, {
      method: 'POST',
      path: 'logout',
      slug: museum.slug,
      cookie,
    });
    expect(out.statusCode).toBe(204);
    const cleared = out.cookies.find((c) => c.name === OFFICE_SESSION_COOKIE)!;
    expect(cleared).toMatchObject({ value: '', path: '/api/office' });
    expect((await officeCall(app, { path: 'me', slug: museum.slug, cookie })).statusCode).toBe(401);
    expect((await audited(museum.id, 'staff.logout')).length).toBe(1);

    const idle = await officeLogin(app, museum.slug, owner.email);
    clock = new Date(START.getTime() + OFFICE_IDLE_MS - 1000);
    expect(
      (await officeCall(app, { path: 'me', slug: museum.slug, cookie: idle })).statusCode,
    ).toBe(200);
    clock = new Date(clock.getTime() + OFFICE_IDLE_MS + 1000);
    expect(
      (await officeCall(app, { path: 'me', slug: museum.slug, cookie: idle })).statusCode,
    ).toBe(401);

    clock = START;
    const long = await officeLogin(app, museum.slug, owner.email);
    // kept busy every 20 minutes, it still ends at the absolute deadline
    for (let t = 20 * 60_000; t < OFFICE_ABSOLUTE_MS; t += 20 * 60_000) {
      clock = new Date(START.getTime() + t);
      const me = await officeCall(app, { path: 'me', slug: museum.slug, cookie: long });
      expect(me.statusCode, `at ${t / 60_000} min`).toBe(200);
    }
    clock = new Date(START.getTime() + OFFICE_ABSOLUTE_MS);
    expect(
      (await officeCall(app, { path: 'me', slug: museum.slug, cookie: long })).statusCode,
    ).toBe(401);
    clock = START;
  });

  it('limits login attempts as for visitors: the sixth try from one address waits, even with the right password', async () => {
    clock = new Date('2029-06-02T09:00:00Z');
    const door = await makeStaff(ctx.db, museum.id, 'door');
    const attempt = (password: string) =>
      officeCall(app, {
        method: 'POST',
        path: 'login',
        slug: museum.slug,
        body: { email: door.email, password },
        headers: { 'x-forwarded-for': '10.9.9.9' },
      });
    for (let i = 0; i < 5; i++) expect((await attempt('Wrong-pass-1')).statusCode).toBe(401);
    const blocked = await attempt(STAFF_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()._data[0]._code).toBe('rate_limited');
    clock = START;
  });

  it('refuses a disabled user at login like a wrong password, and audits why', async () => {
    clock = START;
    const gone = await makeStaff(ctx.db, museum.id, 'door', { disabled: true });
    const res = await officeCall(app, {
      method: 'POST',
      path: 'login',
      slug: museum.slug,
      body: { email: gone.email, password: STAFF_PASSWORD },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()._data[0]._code).toBe('incorrect_password');
    const failed = await audited(museum.id, 'staff.login_failed');
    expect(failed.find((r) => r.staffUserId === gone.id)?.after).toEqual({ reason: 'disabled' });
  });
});
