import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userResponseSchema } from '@admit/contracts/identity';
import { identity } from '@/db/schema/identity';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeSeller } from '@/testing/factories';
import { makeUser, sessionCookieFor } from '@/testing/identity-factories';
import { firstError } from '@/testing/responses';
import { verifyPassword } from './password-hash';
import { identityCall } from './users-test-kit';

const NOW = new Date('2029-06-01T12:00:00Z');
const GOOD_PASSWORD = 'Harbour-light-9';

describeEachDatabase('users: updating the own account', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW });
  });
  afterAll(async () => {
    await app.close();
  });

  describe('PUT my/user', () => {
    it('completes the own account and sets a first password', async () => {
      const seller = await makeSeller(ctx.db);
      const person = await makeUser(ctx.db, seller, { email: 'guest@example.test' });
      const res = await identityCall(app, seller, {
        method: 'PUT',
        path: 'my/user',
        cookie: await sessionCookieFor(app, person),
        body: {
          first_name: 'Mia',
          last_name: 'Member',
          email: 'guest@example.test',
          password: GOOD_PASSWORD,
          zip_code: '10001',
        },
      });
      expect(res.statusCode).toBe(200);
      expect(userResponseSchema.parse(res.json()).user._data[0]).toMatchObject({
        first_name: 'Mia',
        has_password: true,
      });
      const [row] = await ctx.db.select().from(identity).where(eq(identity.id, person.id));
      expect(row!.zipCode).toBe('10001');
      expect(await verifyPassword(row!.passwordHash!, GOOD_PASSWORD)).toBe(true);
    });

    it('does not replace an existing password (that is what the reset is for)', async () => {
      const seller = await makeSeller(ctx.db);
      const person = await makeUser(ctx.db, seller, { password: GOOD_PASSWORD });
      const res = await identityCall(app, seller, {
        method: 'PUT',
        path: 'my/user',
        cookie: await sessionCookieFor(app, person),
        body: { first_name: 'A', last_name: 'B', email: person.email, password: 'Other-pass-77' },
      });
      expect(res.statusCode).toBe(422);
      const [row] = await ctx.db.select().from(identity).where(eq(identity.id, person.id));
      expect(await verifyPassword(row!.passwordHash!, GOOD_PASSWORD)).toBe(true);
    });

    it('enforces the password rules and answers 401 to guests', async () => {
      const seller = await makeSeller(ctx.db);
      const person = await makeUser(ctx.db, seller);
      const body = { first_name: 'A', last_name: 'B', email: person.email, password: 'weakweak' };
      const weak = await identityCall(app, seller, {
        method: 'PUT',
        path: 'my/user',
        cookie: await sessionCookieFor(app, person),
        body,
      });
      expect(weak.statusCode).toBe(400);
      expect(firstError(weak.json())!._extra).toMatchObject({ field: 'password' });
      const guest = await identityCall(app, seller, { method: 'PUT', path: 'my/user', body });
      expect(guest.statusCode).toBe(401);
    });

    it('sets the e-mail only for an account without one; a taken address is a 409', async () => {
      const seller = await makeSeller(ctx.db);
      const person = await makeUser(ctx.db, seller, { email: null });
      const other = await makeUser(ctx.db, seller, { email: 'taken@example.test' });
      const cookie = await sessionCookieFor(app, person);
      const body = { first_name: 'A', last_name: 'B', email: 'TAKEN@example.test' };
      const taken = await identityCall(app, seller, {
        method: 'PUT',
        path: 'my/user',
        cookie,
        body,
      });
      expect(taken.statusCode).toBe(409);
      expect(firstError(taken.json())!._extra).toMatchObject({ identity_id: other.id });
      const free = await identityCall(app, seller, {
        method: 'PUT',
        path: 'my/user',
        cookie,
        body: { ...body, email: 'free@example.test' },
      });
      expect(userResponseSchema.parse(free.json()).user._data[0]!.email).toBe('free@example.test');
      // now it has one: a later PUT leaves it alone
      const again = await identityCall(app, seller, {
        method: 'PUT',
        path: 'my/user',
        cookie,
        body: { ...body, email: 'changed@example.test' },
      });
      expect(userResponseSchema.parse(again.json()).user._data[0]!.email).toBe('free@example.test');
    });

    it('sets a missing e-mail only when it is one (identity §5 "Set e-mail")', async () => {
      const seller = await makeSeller(ctx.db);
      const person = await makeUser(ctx.db, seller, { email: null });
      const cookie = await sessionCookieFor(app, person);
      for (const email of ['ada@localhost', 'ada', 'no-email+7@admit']) {
        const res = await identityCall(app, seller, {
          method: 'PUT',
          path: 'my/user',
          cookie,
          body: { first_name: 'A', last_name: 'B', email },
        });
        expect(res.statusCode, email).toBe(400);
        expect(firstError(res.json())).toMatchObject({
          _code: 'validation_failed',
          _description: expect.stringContaining('Email address is not valid.'),
          _extra: { field: 'email' },
        });
      }
      const [row] = await ctx.db.select().from(identity).where(eq(identity.id, person.id));
      expect(row!.email).toBeNull();
    });
  });

  describe('PATCH my/user/{id}', () => {
    it('updates contact fields and ignores the read-only name and e-mail', async () => {
      const seller = await makeSeller(ctx.db);
      const person = await makeUser(ctx.db, seller, { email: 'keep@example.test' });
      const res = await identityCall(app, seller, {
        method: 'PATCH',
        path: `my/user/${person.id}`,
        cookie: await sessionCookieFor(app, person),
        body: {
          first_name: 'Changed',
          last_name: 'Changed',
          email: 'changed@example.test',
          city: 'Boston',
          state: null,
        },
      });
      expect(res.statusCode).toBe(200);
      const [row] = await ctx.db.select().from(identity).where(eq(identity.id, person.id));
      expect(row).toMatchObject({
        city: 'Boston',
        state: null,
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'keep@example.test',
      });
    });

    it("answers 404 for another identity's id and 401 for a guest; nothing changes", async () => {
      const seller = await makeSeller(ctx.db);
      const owner = await makeUser(ctx.db, seller, { city: 'Paris' });
      const intruder = await makeUser(ctx.db, seller);
      const intruderCookie = await sessionCookieFor(app, intruder);
      const patched = await identityCall(app, seller, {
        method: 'PATCH',
        path: `my/user/${owner.id}`,
        cookie: intruderCookie,
        body: { city: 'Nowhere' },
      });
      expect(patched.statusCode).toBe(404);
      expect(JSON.stringify(patched.json())).not.toContain(owner.email!);
      const guest = await identityCall(app, seller, {
        method: 'PATCH',
        path: `my/user/${owner.id}`,
        body: { city: 'Nowhere' },
      });
      expect(guest.statusCode).toBe(401);
      // the intruder's own read shows only the intruder
      const read = await identityCall(app, seller, {
        method: 'GET',
        path: 'my/user',
        cookie: intruderCookie,
      });
      expect(userResponseSchema.parse(read.json()).user._data[0]!.id).toBe(intruder.id);
      const [row] = await ctx.db.select().from(identity).where(eq(identity.id, owner.id));
      expect(row!.city).toBe('Paris');
    });

    it('does not accept a session of another seller', async () => {
      const seller = await makeSeller(ctx.db);
      const other = await makeSeller(ctx.db);
      const person = await makeUser(ctx.db, other);
      const res = await identityCall(app, seller, {
        method: 'GET',
        path: 'my/user',
        cookie: await sessionCookieFor(app, person),
      });
      expect(res.statusCode).toBe(401);
    });
  });
});
