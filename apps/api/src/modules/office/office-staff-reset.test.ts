import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  APP_HEADER,
  APP_HEADER_VALUE,
  PASSWORD_RESET_TTL_MINUTES,
} from '@admit/contracts/constants';
import { sellerDomain } from '@/db/schema/identity';
import { outbox } from '@/db/schema/mail';
import { staffPasswordResetToken, staffSession, type StaffUserRow } from '@/db/schema/office';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeSeller, type SellerRow } from '@/testing/factories';
import { auditOf, makeStaff, officeCall, officeLogin, STAFF_PASSWORD } from './office.test-kit';

/**
 * A staff user's own password reset by e-mail (decision 0095): one answer for staff and
 * strangers, a single-use link that expires, for its own seller only, never for a disabled user;
 * the new password ends every office session and is audited.
 */

const START = new Date('2029-06-01T12:00:00Z');
const NEW_PASSWORD = 'New-office-pass-2';
let address = 0;
/** each call its own client address, so the per-address mail limit never spans tests */
const nextAddress = () => `10.1.${Math.floor(++address / 250)}.${address % 250}`;

describeEachDatabase('office: staff password reset by e-mail', (ctx) => {
  let app: FastifyInstance;
  let clock = START;
  let museum: SellerRow;
  let aquarium: SellerRow;

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, {
      now: () => clock,
      env: { PUBLIC_URL: 'https://tickets.example.test' },
    });
    museum = await makeSeller(ctx.db, { name: 'Museum' });
    aquarium = await makeSeller(ctx.db, { name: 'Aquarium' });
    await ctx.db
      .insert(sellerDomain)
      .values({ host: 'tickets.museum.example', sellerId: museum.id, environment: 'production' });
  });
  afterAll(() => app.close());

  const resetCall = (
    path: 'request' | 'validate' | 'reset',
    body: object,
    where: { slug?: string; host?: string } = { slug: museum.slug },
  ) =>
    app.inject({
      method: 'POST',
      url: `/api/office/password_reset/${path}${where.slug ? `?_seller=${where.slug}` : ''}`,
      headers: { [APP_HEADER]: APP_HEADER_VALUE, ...(where.host ? { host: where.host } : {}) },
      remoteAddress: nextAddress(),
      payload: body,
    });
  const mailsTo = (to: string) => ctx.db.select().from(outbox).where(eq(outbox.toAddress, to));

  /** Asks for a link for `user` and returns the token from the newest mail. */
  async function linkFor(user: StaffUserRow, where?: { slug?: string; host?: string }) {
    const before = (await mailsTo(user.email)).length;
    expect((await resetCall('request', { email: user.email }, where)).statusCode).toBe(200);
    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(before + 1);
    const mail = mails.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0]!;
    const match = /(\S+)\/office\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.textBody);
    expect(match, mail.textBody).not.toBeNull();
    return { root: match![1]!, token: match![2]!, mail };
  }

  it('answers staff and strangers alike; only an enabled staff user gets a link, hashed, audited', async () => {
    clock = START;
    const door = await makeStaff(ctx.db, museum.id, 'door');
    const disabled = await makeStaff(ctx.db, museum.id, 'door', { disabled: true });
    const known = await resetCall('request', { email: ` ${door.email.toUpperCase()}` });
    const stranger = await resetCall('request', { email: 'nobody@staff.example' });
    const off = await resetCall('request', { email: disabled.email });
    expect(known.statusCode).toBe(200);
    expect(stranger.body).toBe(known.body);
    expect(off.body).toBe(known.body);
    expect(known.headers['cache-control']).toBe('no-store');
    expect(await mailsTo('nobody@staff.example')).toHaveLength(0);
    expect(await mailsTo(disabled.email)).toHaveLength(0);

    const [mail] = await mailsTo(door.email);
    expect(mail).toMatchObject({ kind: 'staff_password_reset', sellerId: museum.id });
    expect(mail!.subject).toBe('Reset your Museum office password');
    // a shared host: the public origin and the seller's path
    expect(mail!.textBody).toContain(
      `https://tickets.example.test/${museum.slug}/office/reset-password?token=`,
    );
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail!.textBody)![1]!;
    const rows = await ctx.db
      .select()
      .from(staffPasswordResetToken)
      .where(eq(staffPasswordResetToken.staffUserId, door.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toContain(token);
    expect(rows[0]!.expiresAt.getTime() - START.getTime()).toBe(
      PASSWORD_RESET_TTL_MINUTES * 60_000,
    );
    const asked = await auditOf(ctx.db, museum.id, 'staff.password_reset_request');
    expect(asked.map((a) => a.target)).toEqual([`staff_user:${door.id}`]);
  });

  it("links to the seller's own domain when asked there", async () => {
    clock = START;
    const owner = await makeStaff(ctx.db, museum.id, 'owner');
    const { root } = await linkFor(owner, { host: 'tickets.museum.example' });
    expect(root).toBe('http://tickets.museum.example');
  });

  it('sets the new password once, ends every office session of the user, and audits it', async () => {
    clock = START;
    const box = await makeStaff(ctx.db, museum.id, 'box_office');
    const cookieA = await officeLogin(app, museum.slug, box.email);
    const cookieB = await officeLogin(app, museum.slug, box.email);
    const first = await linkFor(box);
    const second = await linkFor(box);
    expect((await resetCall('validate', { token: first.token })).statusCode).toBe(200);

    const weak = await resetCall('reset', { token: first.token, password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()._data[0]).toMatchObject({ _code: 'validation_failed' });

    const done = await resetCall('reset', { token: first.token, password: NEW_PASSWORD });
    expect(done.statusCode, done.body).toBe(200);
    for (const cookie of [cookieA, cookieB]) {
      expect((await officeCall(app, { path: 'me', slug: museum.slug, cookie })).statusCode).toBe(
        401,
      );
    }
    const left = await ctx.db
      .select()
      .from(staffSession)
      .where(eq(staffSession.staffUserId, box.id));
    expect(left).toHaveLength(0);
    await expect(officeLogin(app, museum.slug, box.email, STAFF_PASSWORD)).rejects.toThrow();
    await officeLogin(app, museum.slug, box.email, NEW_PASSWORD);

    // used once; the other open link closed with it
    for (const token of [first.token, second.token]) {
      const again = await resetCall('reset', { token, password: 'Another-pass-3' });
      expect(again.statusCode).toBe(422);
      expect(again.json()._data[0]).toMatchObject({ _code: 'validate_failed' });
    }
    const [record] = await auditOf(ctx.db, museum.id, 'staff.password_reset_link');
    expect(record).toMatchObject({
      staffUserId: box.id,
      actor: box.email,
      target: `staff_user:${box.id}`,
    });
  });

  it('lets one of two resets racing with one link win', async () => {
    clock = START;
    const door = await makeStaff(ctx.db, museum.id, 'door');
    const { token } = await linkFor(door);
    const results = await Promise.all([
      resetCall('reset', { token, password: NEW_PASSWORD }),
      resetCall('reset', { token, password: 'Another-pass-3' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
  });

  it('refuses a link after its lifetime (the clock injected)', async () => {
    clock = START;
    const door = await makeStaff(ctx.db, museum.id, 'door');
    const { token } = await linkFor(door);
    clock = new Date(START.getTime() + PASSWORD_RESET_TTL_MINUTES * 60_000 - 1000);
    expect((await resetCall('validate', { token })).statusCode).toBe(200);
    clock = new Date(START.getTime() + PASSWORD_RESET_TTL_MINUTES * 60_000);
    const late = await resetCall('reset', { token, password: NEW_PASSWORD });
    expect(late.statusCode).toBe(422);
    expect(late.json()._data[0]).toMatchObject({
      _code: 'validate_failed',
      _context: 'office_password_reset',
    });
    await officeLogin(app, museum.slug, door.email, STAFF_PASSWORD);
  });

  it("refuses another seller's link as unknown, and a visitor's reset never takes a staff token", async () => {
    clock = START;
    const door = await makeStaff(ctx.db, museum.id, 'door');
    const { token } = await linkFor(door);
    const other = await resetCall(
      'reset',
      { token, password: NEW_PASSWORD },
      { slug: aquarium.slug },
    );
    expect(other.statusCode).toBe(404);
    expect(other.json()._data[0]).toMatchObject({ _code: 'not_found' });
    const visitors = await app.inject({
      method: 'POST',
      url: `/api/password_reset/reset?_seller=${museum.slug}`,
      headers: { [APP_HEADER]: APP_HEADER_VALUE },
      payload: { token, password: NEW_PASSWORD },
    });
    expect(visitors.statusCode).toBe(404);
    // still usable by its own seller
    expect((await resetCall('validate', { token })).statusCode).toBe(200);
  });

  it('gives a user disabled after the mail no usable link', async () => {
    clock = START;
    const door = await makeStaff(ctx.db, museum.id, 'door');
    const { token } = await linkFor(door);
    const owner = await makeStaff(ctx.db, museum.id, 'owner');
    const cookie = await officeLogin(app, museum.slug, owner.email);
    const off = await officeCall(app, {
      method: 'PATCH',
      path: `staff_user/${door.id}`,
      slug: museum.slug,
      cookie,
      body: { disabled: true },
    });
    expect(off.statusCode).toBe(200);
    expect((await resetCall('validate', { token })).statusCode).toBe(422);
    const res = await resetCall('reset', { token, password: NEW_PASSWORD });
    expect(res.statusCode).toBe(422);
    const records = await auditOf(ctx.db, museum.id, 'staff.password_reset_link');
    expect(records.filter((r) => r.target === `staff_user:${door.id}`)).toHaveLength(0);
    await expect(officeLogin(app, museum.slug, door.email, NEW_PASSWORD)).rejects.toThrow();
  });

  it('limits requests per e-mail with 429, staff or not alike', async () => {
    clock = START;
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await resetCall('request', { email: 'flood@staff.example' })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
