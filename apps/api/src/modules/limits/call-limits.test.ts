import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { APP_HEADER, APP_HEADER_VALUE } from '@admit/contracts/constants';
import { gifteeResponseSchema } from '@admit/contracts/gift';
import { buildTestApp } from '@/testing/build-test-app';
import { addBody, makeReserveScene } from '@/testing/cart-fixtures';
import { makeCode } from '@/testing/code-factories';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeSeller } from '@/testing/factories';
import { makeUser } from '@/testing/identity-factories';
import { firstError } from '@/testing/responses';

const START = new Date('2029-03-01T10:00:00Z');
const WINDOW_S = 15 * 60;

/** The abuse limits of issue #12 (decision 0025), through HTTP, on both databases. */
describeEachDatabase('abuse limits: giftee, register, code lookup, cart creation', (ctx) => {
  let app: FastifyInstance;
  let second: FastifyInstance;
  let clock = START;
  beforeAll(async () => {
    const options = { now: () => clock, env: { CART_CREATE_LIMIT: '3' } };
    app = await buildTestApp(ctx.database, options);
    // a second API process on the same database: limits are shared through the database
    second = await buildTestApp(ctx.database, options);
  });
  afterAll(async () => {
    await app.close();
    await second.close();
  });

  const call = (
    target: FastifyInstance,
    seller: { slug: string },
    options: { method: 'GET' | 'POST'; path: string; body?: unknown; ip: string },
  ): Promise<LightMyRequestResponse> =>
    target.inject({
      method: options.method,
      url: `/api/${options.path}?_seller=${seller.slug}`,
      headers: { [APP_HEADER]: APP_HEADER_VALUE },
      remoteAddress: options.ip,
      ...(options.body === undefined ? {} : { payload: options.body as object }),
    });

  const expectLimited = (res: LightMyRequestResponse, context: string) => {
    expect(res.statusCode, res.body).toBe(429);
    expect(firstError(res.json())).toMatchObject({
      _code: 'rate_limited',
      _context: context,
      _description: 'Too many requests. Please try again later.',
      _extra: { retry_after_seconds: expect.any(Number) },
    });
  };

  it('POST giftee never tells an anonymous caller the stored names of an e-mail’s owner', async () => {
    clock = START;
    const seller = await makeSeller(ctx.db);
    const member = await makeUser(ctx.db, seller, {
      email: 'ada@example.org',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    const res = await call(app, seller, {
      method: 'POST',
      path: 'giftee',
      body: { first_name: 'Someone', last_name: 'Else', email: 'ADA@example.org' },
      ip: '192.0.2.1',
    });
    expect(res.statusCode, res.body).toBe(201);
    const answered = gifteeResponseSchema.parse(res.json()).identity._data[0]!;
    // the id is what the spec reads (identity §7, as `identity_id`); the rest is the caller's
    // own input
    expect(answered).toEqual({
      id: member.id,
      identity_id: member.id,
      first_name: 'Someone',
      last_name: 'Else',
      email: 'ADA@example.org',
    });
    expect(res.body).not.toContain('Lovelace');
  });

  it('POST giftee: 5 per e-mail and 20 per address in 15 minutes, across processes', async () => {
    clock = START;
    const seller = await makeSeller(ctx.db);
    const giftee = (email: string, ip: string, target = app) =>
      call(target, seller, {
        method: 'POST',
        path: 'giftee',
        body: { first_name: 'Grace', last_name: 'Hopper', email },
        ip,
      });
    // one e-mail probed from many addresses, alternating between the two processes
    for (let i = 0; i < 5; i++) {
      const res = await giftee('probe@example.org', `198.51.100.${i}`, i % 2 ? second : app);
      expect(res.statusCode).toBe(201);
    }
    expectLimited(await giftee('probe@example.org', '198.51.100.99', second), 'giftee');
    // many e-mails from one address
    for (let i = 0; i < 20; i++) {
      const res = await giftee(`person-${i}@example.org`, '203.0.113.5', i % 2 ? second : app);
      expect(res.statusCode).toBe(201);
    }
    const refused = await giftee('another@example.org', '203.0.113.5');
    expectLimited(refused, 'giftee');
    expect(firstError(refused.json())!._extra).toEqual({ retry_after_seconds: WINDOW_S });
    // another address is not affected; the window passes
    expect((await giftee('another@example.org', '203.0.113.6')).statusCode).toBe(201);
    clock = new Date(START.getTime() + WINDOW_S * 1000);
    expect((await giftee('third@example.org', '203.0.113.5')).statusCode).toBe(201);
  });

  it('POST user: the 409 stays, but 5 per e-mail and 10 per address in 15 minutes', async () => {
    clock = START;
    const seller = await makeSeller(ctx.db);
    await makeUser(ctx.db, seller, { email: 'taken@example.org' });
    const register = (email: string, ip: string) =>
      call(app, seller, {
        method: 'POST',
        path: 'user',
        body: { first_name: 'Grace', last_name: 'Hopper', email },
        ip,
      });
    for (let i = 0; i < 5; i++) {
      expect((await register('taken@example.org', `198.51.100.${i}`)).statusCode).toBe(409);
    }
    expectLimited(await register('taken@example.org', '198.51.100.50'), 'user');
    for (let i = 0; i < 10; i++) {
      expect((await register(`new-${i}@example.org`, '203.0.113.9')).statusCode).toBe(201);
    }
    expectLimited(await register('new-10@example.org', '203.0.113.9'), 'user');
    expect((await register('new-10@example.org', '203.0.113.10')).statusCode).toBe(201);
  });

  it('GET code/{code}: 30 lookups per address in 15 minutes', async () => {
    clock = START;
    const seller = await makeSeller(ctx.db);
    await makeCode(ctx.db, seller, { code: 'SPRING' });
    const lookup = (code: string, ip: string) =>
      call(app, seller, { method: 'GET', path: `code/${code}`, ip });
    for (let i = 0; i < 29; i++) {
      expect((await lookup(`GUESS${i}`, '192.0.2.44')).statusCode).toBe(404);
    }
    expect((await lookup('SPRING', '192.0.2.44')).statusCode).toBe(200);
    expectLimited(await lookup('SPRING', '192.0.2.44'), 'code');
    expect((await lookup('SPRING', '192.0.2.45')).statusCode).toBe(200);
  });

  it('new carts per address: CART_CREATE_LIMIT in 15 minutes; changes to a cart are not counted', async () => {
    clock = START;
    const scene = await makeReserveScene(ctx.db);
    const create = (ip: string) =>
      call(app, scene.seller, {
        method: 'POST',
        path: 'my/cart/modify',
        body: addBody(scene, 1),
        ip,
      });
    const first = await create('192.0.2.60');
    expect(first.statusCode).toBe(201);
    const cartId = (first.json() as { cart: { _data: { id: string }[] } }).cart._data[0]!.id;
    for (let i = 0; i < 2; i++) expect((await create('192.0.2.60')).statusCode).toBe(201);
    expectLimited(await create('192.0.2.60'), 'cart');
    // the limited address still changes its own cart
    const more = await call(app, scene.seller, {
      method: 'POST',
      path: `cart/${cartId}/modify`,
      body: addBody(scene, 1),
      ip: '192.0.2.60',
    });
    expect(more.statusCode).toBe(200);
    expect((await create('192.0.2.61')).statusCode).toBe(201);
  });

  it('behind a trusted proxy each visitor named by X-Forwarded-For has limits of its own', async () => {
    clock = START;
    const scene = await makeReserveScene(ctx.db);
    const proxied = await buildTestApp(ctx.database, {
      now: () => clock,
      env: { CART_CREATE_LIMIT: '1', TRUST_PROXY: '127.0.0.1' },
    });
    const direct = await buildTestApp(ctx.database, {
      now: () => clock,
      env: { CART_CREATE_LIMIT: '1' },
    });
    try {
      const create = (target: FastifyInstance, forwardedFor: string) =>
        target.inject({
          method: 'POST',
          url: `/api/my/cart/modify?_seller=${scene.seller.slug}`,
          headers: { [APP_HEADER]: APP_HEADER_VALUE, 'x-forwarded-for': forwardedFor },
          remoteAddress: '127.0.0.1',
          payload: addBody(scene, 1),
        });
      expect((await create(proxied, '198.51.100.1')).statusCode).toBe(201);
      expect((await create(proxied, '198.51.100.2')).statusCode).toBe(201);
      expectLimited(await create(proxied, '198.51.100.1'), 'cart');
      // without a trusted proxy the header is the client's own word: the socket's address counts
      const fresh = await makeReserveScene(ctx.db);
      const createDirect = (forwardedFor: string) =>
        direct.inject({
          method: 'POST',
          url: `/api/my/cart/modify?_seller=${fresh.seller.slug}`,
          headers: { [APP_HEADER]: APP_HEADER_VALUE, 'x-forwarded-for': forwardedFor },
          remoteAddress: '192.0.2.99',
          payload: addBody(fresh, 1),
        });
      expect((await createDirect('198.51.100.3')).statusCode).toBe(201);
      expectLimited(await createDirect('198.51.100.4'), 'cart');
    } finally {
      await proxied.close();
      await direct.close();
    }
  });
});
