import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userResponseSchema } from '@admit/contracts/identity';
import { identity } from '@/db/schema/identity';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeSeller } from '@/testing/factories';
import { makeMembership, makeUser, sessionCookieFor } from '@/testing/identity-factories';
import { firstError } from '@/testing/responses';
import { verifyPassword } from './password-hash';
import { identityCall } from './users-test-kit';

const NOW = new Date('2029-06-01T12:00:00Z');
const GOOD_PASSWORD = 'Harbour-light-9';

describeEachDatabase('users: accounts', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW });
  });
  afterAll(async () => {
    await app.close();
  });

  const newUserBody = (overrides: Record<string, unknown> = {}) => ({
    first_name: 'Grace',
    last_name: 'Hopper',
    email: `  grace-${Math.random().toString(36).slice(2, 8)}@Example.test `,
    ...overrides,
  });

  describe('POST user', () => {
    it('creates a person with a hashed password, trimmed e-mail and additional_info as meta', async () => {
      const seller = await makeSeller(ctx.db);
      const body = newUserBody({ password: GOOD_PASSWORD, additional_info: { newsletter: true } });
      const res = await identityCall(app, seller, { method: 'POST', path: 'user', body });
      expect(res.statusCode).toBe(201);
      const user = userResponseSchema.parse(res.json()).user._data[0]!;
      expect(user).toMatchObject({
        email: body.email.trim(),
        first_name: 'Grace',
        has_password: true,
        needs_email: false,
      });
      const [row] = await ctx.db.select().from(identity).where(eq(identity.id, user.id));
      expect(row).toMatchObject({ kind: 'user', sellerId: seller.id, meta: { newsletter: true } });
      expect(row!.passwordHash).not.toContain(GOOD_PASSWORD);
      expect(await verifyPassword(row!.passwordHash!, GOOD_PASSWORD)).toBe(true);
    });

    it('creates a password-less account when no password is given', async () => {
      const seller = await makeSeller(ctx.db);
      const res = await identityCall(app, seller, {
        method: 'POST',
        path: 'user',
        body: newUserBody(),
      });
      expect(res.statusCode).toBe(201);
      expect(userResponseSchema.parse(res.json()).user._data[0]!.has_password).toBe(false);
    });

    it.each([
      ['too short', 'Ab1!'],
      ['too few classes', 'alllowercase'],
      ['leading space', ' Harbour-light-9'],
    ])(
      'refuses a password that breaks the rules (%s): 400 validation_failed on password',
      async (_name, password) => {
        const seller = await makeSeller(ctx.db);
        const body = newUserBody({ password });
        const res = await identityCall(app, seller, { method: 'POST', path: 'user', body });
        expect(res.statusCode).toBe(400);
        expect(firstError(res.json())).toMatchObject({
          _code: 'validation_failed',
          _extra: { field: 'password' },
        });
        const rows = await ctx.db.select().from(identity).where(eq(identity.sellerId, seller.id));
        expect(rows.filter((r) => r.kind === 'user')).toHaveLength(0);
      },
    );

    // an empty domain label, too (the one rule, contracts rules/email-address.ts)
    it.each([
      'grace',
      'grace@localhost',
      'grace@example.',
      'grace hopper@example.test',
      'grace@example..org',
      'grace@.example.org',
    ])(
      'refuses an e-mail that is not an address (%s): 400 validation_failed on email',
      async (email) => {
        const seller = await makeSeller(ctx.db);
        const body = newUserBody({ email });
        // an address of their own: refused sign-ups count towards the per-address limit too
        const res = await identityCall(app, seller, {
          method: 'POST',
          path: 'user',
          body,
          remoteAddress: '203.0.113.77',
        });
        expect(res.statusCode).toBe(400);
        expect(firstError(res.json())).toMatchObject({
          _code: 'validation_failed',
          _description: expect.stringContaining('Email address is not valid.'),
          _extra: { field: 'email' },
        });
        const rows = await ctx.db.select().from(identity).where(eq(identity.sellerId, seller.id));
        expect(rows.filter((r) => r.kind === 'user')).toHaveLength(0);
      },
    );

    it('answers 409 conflict naming the existing identity for the same e-mail in other case', async () => {
      const seller = await makeSeller(ctx.db);
      const existing = await makeUser(ctx.db, seller, { email: 'ann@example.test' });
      const res = await identityCall(app, seller, {
        method: 'POST',
        path: 'user',
        body: newUserBody({ email: ' ANN@example.TEST' }),
      });
      expect(res.statusCode).toBe(409);
      expect(firstError(res.json())).toMatchObject({
        _code: 'conflict',
        _extra: { identity_id: existing.id },
      });
    });

    it('keeps e-mails per seller: the same address may sign up with another seller', async () => {
      const first = await makeSeller(ctx.db);
      const second = await makeSeller(ctx.db);
      await makeUser(ctx.db, first, { email: 'both@example.test' });
      const res = await identityCall(app, second, {
        method: 'POST',
        path: 'user',
        body: newUserBody({ email: 'both@example.test' }),
      });
      expect(res.statusCode).toBe(201);
    });

    it('lets exactly one of two racing sign-ups with one e-mail win', async () => {
      const seller = await makeSeller(ctx.db);
      const body = newUserBody({ email: 'race@example.test' });
      const results = await Promise.all(
        [body, { ...body, email: 'RACE@example.test' }].map((b) =>
          identityCall(app, seller, { method: 'POST', path: 'user', body: b }),
        ),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    });
  });

  describe('GET my/user', () => {
    it('answers the own account, with identity and identity.meta embeds and is_member', async () => {
      const seller = await makeSeller(ctx.db);
      const person = await makeUser(ctx.db, seller, {
        password: GOOD_PASSWORD,
        zipCode: '10001',
        meta: { favourite: 'planetarium' },
      });
      await makeMembership(ctx.db, person, NOW);
      const res = await identityCall(app, seller, {
        method: 'GET',
        path: 'my/user',
        query: '_embed=identity,identity.meta',
        cookie: await sessionCookieFor(app, person),
      });
      expect(res.statusCode).toBe(200);
      const body = userResponseSchema.parse(res.json());
      expect(body.user._data[0]).toMatchObject({ id: person.id, has_password: true });
      expect(body.identity!._data[0]).toMatchObject({
        id: person.id,
        zip_code: '10001',
        is_member: true,
      });
      expect(body.identity_meta!._data).toEqual([
        { identity_id: person.id, key: 'favourite', value: 'planetarium' },
      ]);
      expect(JSON.stringify(res.json())).not.toContain('password_hash');
    });

    it('says is_member false when the membership has ended or not begun', async () => {
      const seller = await makeSeller(ctx.db);
      const person = await makeUser(ctx.db, seller);
      const day = 24 * 3_600_000;
      await makeMembership(ctx.db, person, NOW, {
        validFrom: new Date(NOW.getTime() - 400 * day),
        validTo: NOW, // strictly between: ending exactly now is not active
      });
      await makeMembership(ctx.db, person, NOW, {
        validFrom: new Date(NOW.getTime() + day),
        validTo: new Date(NOW.getTime() + 400 * day),
      });
      const res = await identityCall(app, seller, {
        method: 'GET',
        path: 'my/user',
        query: '_embed=identity',
        cookie: await sessionCookieFor(app, person),
      });
      expect(userResponseSchema.parse(res.json()).identity!._data[0]!.is_member).toBe(false);
    });

    it('answers 401 not_authorized to a guest', async () => {
      const seller = await makeSeller(ctx.db);
      const res = await identityCall(app, seller, { method: 'GET', path: 'my/user' });
      expect(res.statusCode).toBe(401);
      expect(firstError(res.json())!._code).toBe('not_authorized');
    });

    it('refuses an unknown embed with 400', async () => {
      const seller = await makeSeller(ctx.db);
      const person = await makeUser(ctx.db, seller);
      const res = await identityCall(app, seller, {
        method: 'GET',
        path: 'my/user',
        query: '_embed=password',
        cookie: await sessionCookieFor(app, person),
      });
      expect(res.statusCode).toBe(400);
    });
  });
});
