import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { NO_EMAIL_MARKER } from '@admit/contracts/constants';
import { userResponseSchema } from '@admit/contracts/identity';
import { identity } from '@/db/schema/identity';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeSeller } from '@/testing/factories';
import { makeUser, sessionCookieFor } from '@/testing/identity-factories';
import { firstError } from '@/testing/responses';
import { identityCall } from './users-test-kit';

const NOW = new Date('2029-06-01T12:00:00Z');

// spec: identity §5 "Set e-mail", §6 (no-email users), §8 "Set e-mail conflict (409)"
describeEachDatabase('users: set e-mail', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW });
  });
  afterAll(async () => {
    await app.close();
  });

  async function noEmailUser() {
    const seller = await makeSeller(ctx.db);
    const person = await makeUser(ctx.db, seller, {
      email: `${NO_EMAIL_MARKER}${Math.random().toString(36).slice(2)}@admit.invalid`,
    });
    return { seller, person, cookie: await sessionCookieFor(app, person) };
  }

  const setEmail = (seller: { slug: string }, cookie: string | undefined, body: object) =>
    identityCall(app, seller, { method: 'PUT', path: 'my/user/email', cookie, body });

  it('sets the e-mail of a no-email user (confirmation matched case-insensitively)', async () => {
    const { seller, person, cookie } = await noEmailUser();
    const before = await identityCall(app, seller, { method: 'GET', path: 'my/user', cookie });
    expect(userResponseSchema.parse(before.json()).user._data[0]!.needs_email).toBe(true);
    const res = await setEmail(seller, cookie, {
      email: ' new.person@example.test ',
      email_confirm: 'NEW.person@EXAMPLE.test',
    });
    expect(res.statusCode).toBe(200);
    expect(userResponseSchema.parse(res.json()).user._data[0]).toMatchObject({
      email: 'new.person@example.test',
      needs_email: false,
    });
    const [row] = await ctx.db.select().from(identity).where(eq(identity.id, person.id));
    expect(row!.email).toBe('new.person@example.test');
  });

  it('a test account behind the marker needs no e-mail (identity §6, decision 0077)', async () => {
    const seller = await makeSeller(ctx.db);
    const tester = await makeUser(ctx.db, seller, { email: `${NO_EMAIL_MARKER}qa@example.org` });
    const cookie = await sessionCookieFor(app, tester);
    const read = await identityCall(app, seller, { method: 'GET', path: 'my/user', cookie });
    expect(userResponseSchema.parse(read.json()).user._data[0]!.needs_email).toBe(false);
  });

  it('also works for a user whose e-mail is null', async () => {
    const seller = await makeSeller(ctx.db);
    const person = await makeUser(ctx.db, seller, { email: null });
    const res = await setEmail(seller, await sessionCookieFor(app, person), {
      email: 'was-null@example.test',
      email_confirm: 'was-null@example.test',
    });
    expect(res.statusCode).toBe(200);
  });

  it('needs a domain part with a dot: 400 on email', async () => {
    const { seller, cookie } = await noEmailUser();
    const res = await setEmail(seller, cookie, {
      email: 'me@localhost',
      email_confirm: 'me@localhost',
    });
    expect(res.statusCode).toBe(400);
    expect(firstError(res.json())).toMatchObject({
      _code: 'validation_failed',
      _extra: { field: 'email' },
    });
  });

  it('needs matching entries: 400 on email_confirm', async () => {
    const { seller, cookie } = await noEmailUser();
    const res = await setEmail(seller, cookie, {
      email: 'one@example.test',
      email_confirm: 'two@example.test',
    });
    expect(res.statusCode).toBe(400);
    expect(firstError(res.json())!._extra).toMatchObject({ field: 'email_confirm' });
  });

  it('answers 409 conflict with the e-mail when another account uses it', async () => {
    const { seller, person, cookie } = await noEmailUser();
    await makeUser(ctx.db, seller, { email: 'taken@example.test' });
    const res = await setEmail(seller, cookie, {
      email: 'Taken@example.test',
      email_confirm: 'taken@example.test',
    });
    expect(res.statusCode).toBe(409);
    expect(firstError(res.json())).toMatchObject({
      _code: 'conflict',
      _extra: { email: 'Taken@example.test' },
    });
    const [row] = await ctx.db.select().from(identity).where(eq(identity.id, person.id));
    expect(row!.email!.startsWith(NO_EMAIL_MARKER)).toBe(true);
  });

  it('refuses a user who already has a valid e-mail: 422 validate_failed', async () => {
    const seller = await makeSeller(ctx.db);
    const person = await makeUser(ctx.db, seller, { email: 'has@example.test' });
    const res = await setEmail(seller, await sessionCookieFor(app, person), {
      email: 'other@example.test',
      email_confirm: 'other@example.test',
    });
    expect(res.statusCode).toBe(422);
    expect(firstError(res.json())!._code).toBe('validate_failed');
    const [row] = await ctx.db.select().from(identity).where(eq(identity.id, person.id));
    expect(row!.email).toBe('has@example.test');
  });

  it('answers 401 to a guest', async () => {
    const seller = await makeSeller(ctx.db);
    const res = await setEmail(seller, undefined, {
      email: 'x@example.test',
      email_confirm: 'x@example.test',
    });
    expect(res.statusCode).toBe(401);
  });
});
