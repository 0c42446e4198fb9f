import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loginResponseSchema } from '@admit/contracts/identity';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeMembership, makeUser } from '@/testing/identity-factories';
import { firstError } from '@/testing/responses';
import { authCall, externalToken, makeAuthSeller } from './auth-test-kit';

const START = new Date('2030-05-01T09:00:00Z');

describeEachDatabase('auth: member-ID and external-token login', (ctx) => {
  let app: FastifyInstance;
  let clock = START;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: () => clock, env: { MAIL_POLL_MS: '0' } });
  });
  afterAll(async () => {
    await app.close();
  });

  it('logs in by member ID with the ZIP code, last name or e-mail the method asks for', async () => {
    clock = START;
    const cases = [
      { method: 'member_id_zip', good: { zip_code: '12345' }, bad: { zip_code: '54321' } },
      {
        method: 'member_id_last_name',
        good: { last_name: ' hopper ' },
        bad: { last_name: 'Lovelace' },
      },
      {
        method: 'member_id_email',
        good: { email: 'GRACE@example.org' },
        bad: { email: 'ada@example.org' },
      },
    ];
    for (const { method, good, bad } of cases) {
      const seller = await makeAuthSeller(ctx.db, method);
      const person = await makeUser(ctx.db, seller, {
        email: 'grace@example.org',
        lastName: 'Hopper',
        zipCode: '12345-6789',
      });
      const card = await makeMembership(ctx.db, person, START);
      const ok = await authCall(app, seller, {
        path: 'login',
        body: { member_code: card.memberCode, ...good },
      });
      expect(ok.statusCode, method).toBe(200);
      expect(loginResponseSchema.parse(ok.json()).identity._data[0]).toMatchObject({
        id: person.id,
        is_member: true,
      });
      for (const body of [
        { member_code: card.memberCode, ...bad },
        { member_code: 'NO-SUCH-CODE', ...good },
      ]) {
        const refused = await authCall(app, seller, { path: 'login', body });
        expect(refused.statusCode, method).toBe(401);
        expect(firstError(refused.json())).toMatchObject({
          _code: 'not_authorized',
          _description: expect.stringContaining('Member details not found.'),
        });
      }
      const missing = await authCall(app, seller, {
        path: 'login',
        body: { member_code: card.memberCode },
      });
      expect(missing.statusCode, method).toBe(400);
    }
  });

  it("logs in by the member card's scan_code (identity §2), as typed or scanned", async () => {
    clock = START;
    const seller = await makeAuthSeller(ctx.db, 'member_id_last_name');
    const person = await makeUser(ctx.db, seller, { lastName: 'Hopper' });
    const card = await makeMembership(ctx.db, person, START);
    // a scanner's read or a typed "#" and spaces are the same card
    const typed = `#${card.memberCode.slice(0, 3)} ${card.memberCode.slice(3)}`;
    const ok = await authCall(app, seller, {
      path: 'login',
      body: { scan_code: typed, last_name: 'Hopper' },
    });
    expect(ok.statusCode).toBe(200);
    expect(loginResponseSchema.parse(ok.json()).identity._data[0]!.id).toBe(person.id);
    const wrong = await authCall(app, seller, {
      path: 'login',
      body: { scan_code: card.memberCode, last_name: 'Lovelace' },
    });
    expect(wrong.statusCode).toBe(401);
    const blank = await authCall(app, seller, {
      path: 'login',
      body: { scan_code: ' # ', last_name: 'Hopper' },
    });
    expect(blank.statusCode).toBe(400);
  });

  it('logs in with an external HS256 token, creating the person on first login', async () => {
    clock = START;
    const seller = await makeAuthSeller(ctx.db, 'external');
    const claims = { email: 'ext@example.org', given_name: 'Ext', family_name: 'Ern', sub: 'p-42' };
    const good = await externalToken(seller, claims, {
      expiresAt: new Date(START.getTime() + 60_000),
    });
    const res = await authCall(app, seller, { path: 'login', body: { jwt: good } });
    expect(res.statusCode).toBe(200);
    const identity = loginResponseSchema.parse(res.json()).identity._data[0]!;
    expect(identity).toMatchObject({
      email: 'ext@example.org',
      first_name: 'Ext',
      last_name: 'Ern',
    });
    const again = await authCall(app, seller, { path: 'login', body: { jwt: good } });
    expect(loginResponseSchema.parse(again.json()).identity._data[0]!.id).toBe(identity.id);

    const refusedTokens = [
      await externalToken(seller, claims, {
        expiresAt: new Date(START.getTime() + 60_000),
        secret: 'another-secret-0123456789-abcdefghijklmnop',
      }),
      await externalToken(seller, claims, { expiresAt: new Date(START.getTime() - 3_600_000) }),
      await externalToken(seller, claims, {
        expiresAt: new Date(START.getTime() + 60_000),
        audience: 'another-seller',
      }),
      await externalToken(seller, claims, {
        expiresAt: new Date(START.getTime() + 60_000),
        issuer: 'https://evil.example.net',
      }),
      good.replace(/\.[^.]+$/, '.AAAA'),
    ];
    for (const jwt of refusedTokens) {
      const refused = await authCall(app, seller, { path: 'login', body: { jwt } });
      expect(refused.statusCode).toBe(401);
      expect(firstError(refused.json())!._code).toBe('not_authorized');
    }
  });

  it('never puts the SSO secret into the public seller config', async () => {
    const seller = await makeAuthSeller(ctx.db, 'external');
    const res = await app.inject({
      method: 'GET',
      url: `/api/seller_config?_seller=${seller.slug}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('sso_jwt_secret');
    expect(res.body).not.toContain('test-sso-secret');
  });
});
