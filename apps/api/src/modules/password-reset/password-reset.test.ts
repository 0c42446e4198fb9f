import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_RESET_TTL_MINUTES } from '@admit/contracts/constants';
import { identityResponseSchema } from '@admit/contracts/identity';
import { identity, passwordResetToken, webSession } from '@/db/schema/identity';
import { outbox } from '@/db/schema/mail';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeSeller } from '@/testing/factories';
import { makeUser, sessionCookieFor } from '@/testing/identity-factories';
import { firstError } from '@/testing/responses';
import { verifyPassword } from '@/modules/users/password-hash';
import { identityCall } from '@/modules/users/users-test-kit';

const START = new Date('2029-06-01T12:00:00Z');
const OLD_PASSWORD = 'Old-password-1';
const NEW_PASSWORD = 'New-password-2';
let address = 0;
/** each test its own client address, so the per-address limit of one test never hits another */
const nextAddress = () => `10.0.${Math.floor(++address / 250)}.${address % 250}`;

describeEachDatabase('password reset', (ctx) => {
  let app: FastifyInstance;
  let now = START;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, {
      now: () => now,
      env: { PUBLIC_URL: 'https://tickets.example.test' },
    });
  });
  afterAll(async () => {
    await app.close();
  });

  const call = (
    seller: { slug: string },
    path: string,
    body: object,
    remoteAddress = nextAddress(),
  ) =>
    identityCall(app, seller, {
      method: 'POST',
      path: `password_reset/${path}`,
      body,
      remoteAddress,
    });

  const mailsTo = (to: string) => ctx.db.select().from(outbox).where(eq(outbox.toAddress, to));

  /** Requests a reset for `email` and returns the token from the mail's link. */
  async function tokenFor(seller: { slug: string }, email: string): Promise<string> {
    const before = (await mailsTo(email)).length;
    const res = await call(seller, 'request', { email });
    expect(res.statusCode).toBe(200);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(before + 1);
    const mail = mails.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0]!;
    const match = /\/user\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.textBody);
    expect(match).not.toBeNull();
    return match![1]!;
  }

  describe('request', () => {
    it('refuses an e-mail holding a NUL with 400 naming the field, not a database error', async () => {
      const seller = await makeSeller(ctx.db);
      const res = await call(seller, 'request', { email: 'a\u0000@example.test' });
      expect(res.statusCode).toBe(400);
      expect(res.json()._data[0]).toMatchObject({
        _code: 'validation_failed',
        _extra: { field: 'email' },
      });
    });

    it('answers known and unknown e-mails alike; only the known one gets a mail', async () => {
      now = START;
      const seller = await makeSeller(ctx.db);
      const person = await makeUser(ctx.db, seller, {
        email: 'known@example.test',
        password: OLD_PASSWORD,
      });
      const known = await call(seller, 'request', { email: ' KNOWN@example.test' });
      const unknown = await call(seller, 'request', { email: 'nobody@example.test' });
      expect(unknown.statusCode).toBe(known.statusCode);
      expect(known.statusCode).toBe(200);
      expect(unknown.body).toBe(known.body);
      expect(known.json()).toEqual({
        accepted: { _count: 1, _total: 1, _data: [{ accepted: true }] },
      });

      expect(await mailsTo('nobody@example.test')).toHaveLength(0);
      const [mail] = await mailsTo('known@example.test');
      expect(mail).toMatchObject({ kind: 'password_reset', sellerId: seller.id });
      expect(mail!.textBody).toContain(
        `https://tickets.example.test/${seller.slug}/user/reset-password?token=`,
      );
      // only the token's hash is stored
      const token = /token=([A-Za-z0-9_-]+)/.exec(mail!.textBody)![1]!;
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
      const [row] = await ctx.db
        .select()
        .from(passwordResetToken)
        .where(eq(passwordResetToken.identityId, person.id));
      expect(row!.tokenHash).not.toContain(token);
      expect(row!.expiresAt.getTime() - START.getTime()).toBe(PASSWORD_RESET_TTL_MINUTES * 60_000);
    });

    it('limits requests per e-mail with 429 rate_limited, known or not alike', async () => {
      now = START;
      const seller = await makeSeller(ctx.db);
      await makeUser(ctx.db, seller, { email: 'limited@example.test' });
      for (const email of ['limited@example.test', 'ghost@example.test']) {
        const statuses: number[] = [];
        let last = await call(seller, 'request', { email });
        statuses.push(last.statusCode);
        for (let i = 0; i < 5; i++) {
          last = await call(seller, 'request', { email });
          statuses.push(last.statusCode);
        }
        expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
        expect(firstError(last.json())).toMatchObject({
          _code: 'rate_limited',
          _extra: { retry_after_seconds: 15 * 60 },
        });
      }
      expect(await mailsTo('limited@example.test')).toHaveLength(5);
      // the window passes: allowed again
      now = new Date(START.getTime() + 15 * 60_000 + 1000);
      expect((await call(seller, 'request', { email: 'limited@example.test' })).statusCode).toBe(
        200,
      );
    });

    it('limits requests per client address', async () => {
      now = START;
      const seller = await makeSeller(ctx.db);
      const from = nextAddress();
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) {
        const res = await call(seller, 'request', { email: `spray-${i}@example.test` }, from);
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
      expect(statuses[20]).toBe(429);
    });
  });

  describe('validate and reset', () => {
    it('validates a fresh token to its identity; unknown 404, expired 422', async () => {
      now = START;
      const seller = await makeSeller(ctx.db);
      const person = await makeUser(ctx.db, seller, { email: 'val@example.test' });
      const token = await tokenFor(seller, 'val@example.test');
      const ok = await call(seller, 'validate', { token });
      expect(ok.statusCode).toBe(200);
      expect(identityResponseSchema.parse(ok.json()).identity._data[0]!.id).toBe(person.id);

      const unknown = await call(seller, 'validate', { token: 'x'.repeat(43) });
      expect(unknown.statusCode).toBe(404);
      expect(firstError(unknown.json())!._code).toBe('not_found');

      // another seller's storefront cannot use it
      const other = await makeSeller(ctx.db);
      expect((await call(other, 'validate', { token })).statusCode).toBe(404);

      now = new Date(START.getTime() + (PASSWORD_RESET_TTL_MINUTES - 1) * 60_000);
      expect((await call(seller, 'validate', { token })).statusCode).toBe(200);
      now = new Date(START.getTime() + PASSWORD_RESET_TTL_MINUTES * 60_000);
      const expired = await call(seller, 'validate', { token });
      expect(expired.statusCode).toBe(422);
      expect(firstError(expired.json())!._code).toBe('validate_failed');
      const reset = await call(seller, 'reset', { token, password: NEW_PASSWORD });
      expect(reset.statusCode).toBe(422);
    });

    it('resets once: new hash, sessions ended, other links closed, second use 422', async () => {
      now = START;
      const seller = await makeSeller(ctx.db);
      const person = await makeUser(ctx.db, seller, {
        email: 'once@example.test',
        password: OLD_PASSWORD,
      });
      const cookie = await sessionCookieFor(app, person);
      const older = await tokenFor(seller, 'once@example.test');
      const token = await tokenFor(seller, 'once@example.test');

      const res = await call(seller, 'reset', { token, password: NEW_PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(identityResponseSchema.parse(res.json()).identity._data[0]!.id).toBe(person.id);
      const [row] = await ctx.db.select().from(identity).where(eq(identity.id, person.id));
      expect(await verifyPassword(row!.passwordHash!, NEW_PASSWORD)).toBe(true);
      expect(await verifyPassword(row!.passwordHash!, OLD_PASSWORD)).toBe(false);

      const sessions = await ctx.db
        .select()
        .from(webSession)
        .where(eq(webSession.identityId, person.id));
      expect(sessions).toHaveLength(0);
      const me = await identityCall(app, seller, { method: 'GET', path: 'my/user', cookie });
      expect(me.statusCode).toBe(401);

      const again = await call(seller, 'reset', { token, password: 'Third-password-3' });
      expect(again.statusCode).toBe(422);
      expect(firstError(again.json())!._code).toBe('validate_failed');
      expect((await call(seller, 'validate', { token: older })).statusCode).toBe(422);
      expect(
        (await call(seller, 'reset', { token: older, password: 'Third-password-3' })).statusCode,
      ).toBe(422);
    });

    it('enforces the password rules server-side (400 on password) and keeps the token usable', async () => {
      now = START;
      const seller = await makeSeller(ctx.db);
      await makeUser(ctx.db, seller, { email: 'weak@example.test', password: OLD_PASSWORD });
      const token = await tokenFor(seller, 'weak@example.test');
      for (const password of ['short1A', 'nouppercase1', ' Leading-space-1', 'Tab\tinside-1']) {
        const res = await call(seller, 'reset', { token, password });
        expect(res.statusCode).toBe(400);
        expect(firstError(res.json())).toMatchObject({
          _code: 'validation_failed',
          _extra: { field: 'password' },
        });
      }
      expect((await call(seller, 'validate', { token })).statusCode).toBe(200);
    });

    it('lets exactly one of two concurrent resets with one token win', async () => {
      now = START;
      const seller = await makeSeller(ctx.db);
      const person = await makeUser(ctx.db, seller, {
        email: 'race@example.test',
        password: OLD_PASSWORD,
      });
      const token = await tokenFor(seller, 'race@example.test');
      const results = await Promise.all(
        ['Racer-one-111', 'Racer-two-222', 'Racer-three-333'].map((password) =>
          call(seller, 'reset', { token, password }),
        ),
      );
      const statuses = results.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 422)).toHaveLength(2);
      const winner = ['Racer-one-111', 'Racer-two-222', 'Racer-three-333'][statuses.indexOf(200)]!;
      const [row] = await ctx.db.select().from(identity).where(eq(identity.id, person.id));
      expect(await verifyPassword(row!.passwordHash!, winner)).toBe(true);
      const used = await ctx.db
        .select()
        .from(passwordResetToken)
        .where(and(eq(passwordResetToken.identityId, person.id)));
      expect(used.every((t) => t.usedAt !== null)).toBe(true);
    });
  });
});
