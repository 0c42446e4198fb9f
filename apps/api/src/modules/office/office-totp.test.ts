import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { staffUser } from '@/db/schema/office';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeSeller, type SellerRow } from '@/testing/factories';
import { auditOf, makeStaff, officeCall, officeLogin, STAFF_PASSWORD } from './office.test-kit';
import { totpCodeAt } from './totp';

/** The office's TOTP second factor (decision 0083): enrolment, the code at login, no replay. */

const START = new Date('2029-06-01T12:00:10Z');

describeEachDatabase('office: the TOTP second factor', (ctx) => {
  let app: FastifyInstance;
  let clock = START;
  let museum: SellerRow;

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: () => clock });
    museum = await makeSeller(ctx.db, { name: 'Museum' });
  });
  afterAll(() => app.close());

  it('asks enrolled staff for a TOTP code, accepts one once, and enrols through me/totp', async () => {
    clock = START;
    const box = await makeStaff(ctx.db, museum.id, 'box_office');
    const cookie = await officeLogin(app, museum.slug, box.email);
    const made = await officeCall(app, {
      method: 'POST',
      path: 'me/totp_secret',
      slug: museum.slug,
      cookie,
    });
    expect(made.statusCode).toBe(200);
    const { secret, otpauth_uri: uri } = made.json().totp_secret._data[0];
    expect(uri).toContain(`secret=${secret}`);
    // not stored until proved
    const [before] = await ctx.db.select().from(staffUser).where(eq(staffUser.id, box.id));
    expect(before!.totpSecret).toBeNull();
    const bad = await officeCall(app, {
      method: 'PUT',
      path: 'me/totp',
      slug: museum.slug,
      cookie,
      body: { secret, totp: totpCodeAt(secret, new Date(START.getTime() - 120_000)) },
    });
    expect(bad.statusCode).toBe(401);
    const enrol = await officeCall(app, {
      method: 'PUT',
      path: 'me/totp',
      slug: museum.slug,
      cookie,
      body: { secret, totp: totpCodeAt(secret, START) },
    });
    expect(enrol.statusCode, enrol.body).toBe(200);
    expect(enrol.json().staff_user._data[0].totp_enrolled).toBe(true);
    expect(enrol.body).not.toContain(secret);
    expect(
      (await auditOf(ctx.db, museum.id, 'staff.totp_enrol')).map((r) => r.staffUserId),
    ).toEqual([box.id]);

    const login = (totp?: string) =>
      officeCall(app, {
        method: 'POST',
        path: 'login',
        slug: museum.slug,
        body: { email: box.email, password: STAFF_PASSWORD, ...(totp ? { totp } : {}) },
      });
    clock = new Date(START.getTime() + 60_000);
    const missing = await login();
    expect(missing.statusCode).toBe(401);
    expect(missing.json()._data[0]).toMatchObject({
      _code: 'otp_incorrect',
      _extra: { field: 'totp', totp_required: true },
    });
    const code = totpCodeAt(secret, clock);
    expect((await login(code)).statusCode).toBe(200);
    // the same code again: refused (RFC 6238 §5.2)
    expect((await login(code)).statusCode).toBe(401);
    // a second enrolment over a live one is refused: an owner's password reset clears it first
    const other = await officeCall(app, {
      method: 'POST',
      path: 'me/totp_secret',
      slug: museum.slug,
      cookie,
    });
    const swap = other.json().totp_secret._data[0].secret as string;
    const again = await officeCall(app, {
      method: 'PUT',
      path: 'me/totp',
      slug: museum.slug,
      cookie,
      body: { secret: swap, totp: totpCodeAt(swap, clock) },
    });
    expect(again.statusCode).toBe(409);
    const [kept] = await ctx.db.select().from(staffUser).where(eq(staffUser.id, box.id));
    expect(kept!.totpSecret).toBe(secret);
    clock = START;
  });
});
