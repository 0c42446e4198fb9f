import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeMembership, makeUser } from '@/testing/identity-factories';
import { firstError } from '@/testing/responses';
import { authCall, makeAuthSeller } from './auth-test-kit';
import { loginKeys, throttleRows } from '@/modules/limits/login-throttle';

const START = new Date('2030-05-01T09:00:00Z');
const PASSWORD = 'Correct-Horse-9';
const WRONG = 'Wrong-Horse-9';

describeEachDatabase('auth: login abuse limits', (ctx) => {
  let app: FastifyInstance;
  let clock = START;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: () => clock, env: { MAIL_POLL_MS: '0' } });
  });
  afterAll(async () => {
    await app.close();
  });
  const at = (seconds: number) => {
    clock = new Date(START.getTime() + seconds * 1000);
  };
  const login = (
    seller: { slug: string },
    username: string | null,
    password: string,
    ip = '192.0.2.1',
  ) => authCall(app, seller, { path: 'login', body: { username, password }, ip });

  it('slows the address after 5 wrong passwords for one account, even with the right one, until the delay passes', async () => {
    at(0);
    const seller = await makeAuthSeller(ctx.db, 'password');
    const person = await makeUser(ctx.db, seller, { password: PASSWORD });
    const attacker = '192.0.2.66';
    for (let i = 0; i < 5; i++) {
      expect((await login(seller, person.email, WRONG, attacker)).statusCode).toBe(401);
    }
    const sixth = await login(seller, person.email, WRONG, attacker);
    expect(sixth.statusCode).toBe(429);
    expect(firstError(sixth.json())).toMatchObject({
      _code: 'rate_limited',
      _extra: { retry_after_seconds: 1 },
    });
    expect((await login(seller, person.email, PASSWORD, attacker)).statusCode).toBe(429);

    // the delay grows: 1 s after the 5th failure, 2 s after the 6th, 4 s after the 7th
    at(1);
    expect((await login(seller, person.email, WRONG, attacker)).statusCode).toBe(401);
    const blocked = await login(seller, person.email, PASSWORD, attacker);
    expect(firstError(blocked.json())!._extra).toEqual({ retry_after_seconds: 2 });
    at(3);
    expect((await login(seller, person.email, WRONG, attacker)).statusCode).toBe(401);
    at(6);
    expect(
      firstError((await login(seller, person.email, PASSWORD, attacker)).json())!._extra,
    ).toEqual({ retry_after_seconds: 1 });
    at(7);
    expect((await login(seller, person.email, PASSWORD, attacker)).statusCode).toBe(200);
    // a success resets the account's counters
    const keys = loginKeys(seller.id, person.email!, attacker);
    expect(await throttleRows(ctx.db, [keys.account!, keys.accountFromAddress!])).toEqual([]);
    for (let i = 0; i < 5; i++)
      expect((await login(seller, person.email, WRONG, attacker)).statusCode).toBe(401);
  });

  it("lets the owner log in from another address while the attacker's address waits", async () => {
    at(0);
    const seller = await makeAuthSeller(ctx.db, 'password');
    const person = await makeUser(ctx.db, seller, { password: PASSWORD });
    for (let i = 0; i < 9; i++) await login(seller, person.email, WRONG, '192.0.2.77');
    expect((await login(seller, person.email, WRONG, '192.0.2.77')).statusCode).toBe(429);
    // a new address of the owner: the attacker's failures did not lock the account
    expect((await login(seller, person.email, PASSWORD, '198.51.100.9')).statusCode).toBe(200);
    // control: the attacker's address is still slowed
    expect((await login(seller, person.email, PASSWORD, '192.0.2.77')).statusCode).toBe(429);
  });

  it('makes new addresses wait once many addresses fail, but never an address the owner used', async () => {
    at(0);
    const seller = await makeAuthSeller(ctx.db, 'password');
    const person = await makeUser(ctx.db, seller, { password: PASSWORD });
    const home = '198.51.100.1';
    expect((await login(seller, person.email, PASSWORD, home)).statusCode).toBe(200);
    at(60);
    // an attacker rotating addresses: 10 failures, 2 per address
    for (let i = 0; i < 10; i++) {
      expect((await login(seller, person.email, WRONG, `203.0.113.${i >> 1}`)).statusCode).toBe(
        401,
      );
    }
    const fresh = await login(seller, person.email, WRONG, '203.0.113.99');
    expect(fresh.statusCode).toBe(429);
    expect(firstError(fresh.json())!._extra).toEqual({ retry_after_seconds: 1 });
    // a new address waits even with the right password …
    expect((await login(seller, person.email, PASSWORD, '198.51.100.2')).statusCode).toBe(429);
    // … the owner's known address does not
    expect((await login(seller, person.email, PASSWORD, home)).statusCode).toBe(200);
  });

  it('counts the account case-insensitively and caps the delay at 15 minutes', async () => {
    at(0);
    const seller = await makeAuthSeller(ctx.db, 'password');
    const person = await makeUser(ctx.db, seller, { email: 'cap@example.org', password: PASSWORD });
    let seconds = 0;
    for (let failures = 1; failures <= 19; failures++) {
      at(seconds);
      const res = await login(
        seller,
        failures % 2 ? 'CAP@example.org' : 'cap@example.org',
        WRONG,
        '198.51.100.77',
      );
      expect(res.statusCode).toBe(401);
      const wait = failures < 5 ? 0 : Math.min(2 ** (failures - 5), 900);
      if (wait > 0) {
        at(seconds);
        const refused = await login(seller, person.email, PASSWORD, '198.51.100.77');
        expect(firstError(refused.json())!._extra).toEqual({ retry_after_seconds: wait });
      }
      seconds += wait;
    }
  });

  it('limits failures per client address across accounts (20 in 15 minutes)', async () => {
    at(0);
    const seller = await makeAuthSeller(ctx.db, 'password');
    const person = await makeUser(ctx.db, seller, { password: PASSWORD });
    const ip = '203.0.113.7';
    for (let i = 0; i < 20; i++) {
      expect((await login(seller, `spray-${i}@example.org`, WRONG, ip)).statusCode).toBe(401);
    }
    const refused = await login(seller, person.email, PASSWORD, ip);
    expect(refused.statusCode).toBe(429);
    // another address is not affected
    expect((await login(seller, person.email, PASSWORD, '203.0.113.8')).statusCode).toBe(200);
    // the count is forgotten 15 quiet minutes after the block (1 s) ended
    at(15 * 60 + 1);
    expect((await login(seller, person.email, PASSWORD, ip)).statusCode).toBe(200);
  });

  it('lets many successful logins from one address through (successes are not failures)', async () => {
    at(0);
    const seller = await makeAuthSeller(ctx.db, 'password');
    const person = await makeUser(ctx.db, seller, { password: PASSWORD });
    for (let i = 0; i < 25; i++) {
      expect((await login(seller, person.email, PASSWORD, '203.0.113.50')).statusCode).toBe(200);
    }
  });

  it('throttles member-ID guessing per member ID', async () => {
    const ip = '192.0.2.88';
    at(0);
    const seller = await makeAuthSeller(ctx.db, 'member_id_zip');
    const person = await makeUser(ctx.db, seller, { zipCode: '12345' });
    const card = await makeMembership(ctx.db, person, START);
    for (let zip = 10000; zip < 10005; zip++) {
      const res = await authCall(app, seller, {
        path: 'login',
        body: { member_code: card.memberCode, zip_code: String(zip) },
        ip,
      });
      expect(res.statusCode).toBe(401);
    }
    const right = await authCall(app, seller, {
      path: 'login',
      body: { member_code: card.memberCode, zip_code: '12345' },
      ip,
    });
    expect(right.statusCode).toBe(429);
  });

  it('never lets concurrent wrong guesses past the limits', async () => {
    at(0);
    const seller = await makeAuthSeller(ctx.db, 'password');
    const person = await makeUser(ctx.db, seller, { password: PASSWORD });
    const count = (answers: { statusCode: number }[], status: number) =>
      answers.filter((r) => r.statusCode === status).length;
    // one address: 5 for the account from that address
    const fromOne = await Promise.all(
      Array.from({ length: 10 }, () => login(seller, person.email, WRONG, '192.0.2.150')),
    );
    expect([count(fromOne, 401), count(fromOne, 429)]).toEqual([5, 5]);
    // many addresses: 10 for the account as a whole (5 already counted)
    const fromMany = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        login(seller, person.email, WRONG, `192.0.2.${100 + i}`),
      ),
    );
    expect([count(fromMany, 401), count(fromMany, 429)]).toEqual([5, 5]);
  });
});
