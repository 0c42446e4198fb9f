import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { APP_HEADER, APP_HEADER_VALUE } from '@admit/contracts/constants';
import { ledgerCard } from '@/db/schema/codes';
import { buildTestApp } from '@/testing/build-test-app';
import { addBody, bundleOf, errorOf, makeReserveScene } from '@/testing/cart-fixtures';
import { makeCode } from '@/testing/code-factories';
import { describeEachDatabase } from '@/testing/describe-each-database';

const START = new Date('2029-03-01T10:00:00Z');
const WINDOW_MS = 15 * 60_000;
const CODE_TOO_MANY = 'Too many code attempts. Please wait a few minutes and try again.';
const CARD_TOO_MANY = 'Too many gift card attempts. Please wait a few minutes and try again.';

/**
 * Guessing limits (issue #22 findings 5 and 6, decision 0046), through HTTP on both databases:
 * apply_code and modify-with-codes share one counter per address and per cart; ledger lookups
 * and gift-card payments share another; a call that succeeds gives its count back.
 */
describeEachDatabase('guessing limits: codes and gift cards', (ctx) => {
  let app: FastifyInstance;
  let clock = START;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: () => clock });
  });
  afterAll(async () => {
    await app.close();
  });

  const call = (
    seller: { slug: string },
    options: { method?: 'GET' | 'POST'; path: string; body?: unknown; ip: string },
  ): Promise<LightMyRequestResponse> =>
    app.inject({
      method: options.method ?? 'POST',
      url: `/api/${options.path}?_seller=${seller.slug}`,
      headers: { [APP_HEADER]: APP_HEADER_VALUE, 'idempotency-key': crypto.randomUUID() },
      remoteAddress: options.ip,
      ...(options.body === undefined ? {} : { payload: options.body as object }),
    });

  const expectLimited = (res: LightMyRequestResponse, context: string, description: string) => {
    expect(res.statusCode, res.body).toBe(429);
    expect(errorOf(res)).toEqual({
      _code: 'rate_limited',
      _context: context,
      _description: description,
      _extra: { retry_after_seconds: expect.any(Number) },
    });
  };

  async function codeScene() {
    const scene = await makeReserveScene(ctx.db);
    const newCart = async (ip = '192.0.2.200') =>
      bundleOf(await call(scene.seller, { path: 'my/cart/modify', body: addBody(scene), ip })).cart
        ._data[0]!.id;
    const apply = (cartId: string, code: string, ip: string) =>
      call(scene.seller, { path: `cart/${cartId}/apply_code`, body: { code }, ip });
    return { scene, newCart, apply };
  }

  it('apply_code: 20 failed guesses per address in 15 minutes, then 429', async () => {
    clock = START;
    const { newCart, apply } = await codeScene();
    const carts = [await newCart(), await newCart(), await newCart()];
    const ip = '198.51.100.7';
    // spread over carts so that only the address key fills (10 per cart)
    for (let i = 0; i < 20; i++) {
      const res = await apply(carts[i % 3]!, `GUESS${i}`, ip);
      expect(res.statusCode, res.body).toBe(404);
      expect(errorOf(res)._code).toBe('code_not_found');
    }
    const refused = await apply(carts[2]!, 'GUESS20', ip);
    expectLimited(refused, 'apply_code', CODE_TOO_MANY);
    expect(errorOf(refused)._extra).toEqual({ retry_after_seconds: WINDOW_MS / 1000 });
    // another address is not held back; the window passes
    expect((await apply(carts[2]!, 'GUESS21', '198.51.100.8')).statusCode).toBe(404);
    clock = new Date(START.getTime() + WINDOW_MS);
    // (the carts' holds have lapsed by now: a fresh one)
    expect((await apply(await newCart(), 'GUESS22', ip)).statusCode).toBe(404);
  });

  it('apply_code: 10 failed guesses per cart from any address; a success gives its count back', async () => {
    clock = START;
    const { scene, newCart, apply } = await codeScene();
    await makeCode(ctx.db, scene.seller, { code: 'REAL10' });
    const cartId = await newCart();
    for (let i = 0; i < 9; i++) {
      expect((await apply(cartId, `NOPE${i}`, `203.0.113.${i}`)).statusCode).toBe(404);
    }
    // the real code succeeds: the tenth call, but not a failure, so it is not kept
    expect((await apply(cartId, 'real10', '203.0.113.50')).statusCode).toBe(200);
    expect((await apply(cartId, 'NOPE9', '203.0.113.51')).statusCode).toBe(404);
    expectLimited(await apply(cartId, 'NOPE10', '203.0.113.52'), 'apply_code', CODE_TOO_MANY);
    // the limit is the cart's: the same addresses guess on another cart
    expect((await apply(await newCart(), 'NOPE11', '203.0.113.52')).statusCode).toBe(404);
  });

  it('modify naming codes shares the counter; a modify without codes is never counted', async () => {
    clock = START;
    const { scene, newCart, apply } = await codeScene();
    const cartId = await newCart();
    const modify = (body: object, ip: string) =>
      call(scene.seller, { path: `cart/${cartId}/modify`, body, ip });
    for (let i = 0; i < 5; i++) {
      const res = await modify(
        addBody(scene, 1, { preReservePromoCodes: [`TRY${i}`] }),
        '192.0.2.9',
      );
      expect(res.statusCode, res.body).toBe(404);
      expect(errorOf(res)).toMatchObject({ _code: 'code_not_found', _context: 'apply_code' });
    }
    for (let i = 5; i < 10; i++)
      expect((await apply(cartId, `TRY${i}`, '192.0.2.9')).statusCode).toBe(404);
    const refused = await modify(
      addBody(scene, 1, { preReservePromoCodes: ['TRY10'] }),
      '192.0.2.10',
    );
    expectLimited(refused, 'apply_code', CODE_TOO_MANY);
    expectLimited(await apply(cartId, 'TRY11', '192.0.2.11'), 'apply_code', CODE_TOO_MANY);
    // the visitor still changes their cart
    expect((await modify(addBody(scene, 1), '192.0.2.9')).statusCode).toBe(200);
    // a new cart naming codes counts against its address
    for (let i = 0; i < 20; i++) {
      const body = addBody(scene, 1, { preloadedPromoCodes: [`NEW${i}`] });
      expect(
        (await call(scene.seller, { path: 'my/cart/modify', body, ip: '192.0.2.12' })).statusCode,
      ).toBe(404);
    }
    const body = addBody(scene, 1, { preloadedPromoCodes: ['NEW20'] });
    const limited = await call(scene.seller, { path: 'my/cart/modify', body, ip: '192.0.2.12' });
    expectLimited(limited, 'apply_code', CODE_TOO_MANY);
  });

  it('a real code outside its dates answers exactly as an unknown code', async () => {
    clock = START;
    const { scene, newCart, apply } = await codeScene();
    await makeCode(ctx.db, scene.seller, {
      code: 'PAST',
      validTo: new Date('2029-03-01T09:00:00Z'),
    });
    await makeCode(ctx.db, scene.seller, {
      code: 'SOON',
      validFrom: new Date('2029-04-01T00:00:00Z'),
    });
    const cartId = await newCart();
    const answerOf = async (res: LightMyRequestResponse, typed: string) => ({
      status: res.statusCode,
      body: res.body.replaceAll(typed, '<typed>'),
    });
    const unknown = await answerOf(await apply(cartId, 'PASX', '192.0.2.30'), 'PASX');
    expect(unknown.status).toBe(404);
    expect(await answerOf(await apply(cartId, 'PAST', '192.0.2.30'), 'PAST')).toEqual(unknown);
    expect(await answerOf(await apply(cartId, 'SOON', '192.0.2.30'), 'SOON')).toEqual(unknown);
    const viaModify = (code: string) =>
      call(scene.seller, {
        path: `cart/${cartId}/modify`,
        body: addBody(scene, 1, { preReservePromoCodes: [code] }),
        ip: '192.0.2.31',
      });
    expect(await answerOf(await viaModify('PAST'), 'PAST')).toEqual(
      await answerOf(await viaModify('PASX'), 'PASX'),
    );
  });

  it('ledger lookups: 10 misses per address; a card found is not counted', async () => {
    clock = START;
    const scene = await makeReserveScene(ctx.db);
    await ctx.db.insert(ledgerCard).values({
      sellerId: scene.seller.id,
      number: 'GIFT-FOUND-1',
      balance: 2000,
      currency: 'USD',
    });
    const lookup = (number: string, ip: string) =>
      call(scene.seller, { method: 'GET', path: `ledger/ledger/${number}`, ip });
    for (let i = 0; i < 9; i++)
      expect((await lookup(`GIFT-${i}`, '198.51.100.40')).statusCode).toBe(404);
    for (let i = 0; i < 3; i++) {
      expect((await lookup('GIFT-FOUND-1', '198.51.100.40')).statusCode).toBe(200);
    }
    expect((await lookup('GIFT-9', '198.51.100.40')).statusCode).toBe(404);
    expectLimited(await lookup('GIFT-FOUND-1', '198.51.100.40'), 'ledger', CARD_TOO_MANY);
    expect((await lookup('GIFT-FOUND-1', '198.51.100.41')).statusCode).toBe(200);
  });

  it('gift-card payments: 5 misses per cart from any address, sharing the lookups’ counter', async () => {
    clock = START;
    const scene = await makeReserveScene(ctx.db);
    const cartId = bundleOf(
      await call(scene.seller, { path: 'my/cart/modify', body: addBody(scene), ip: '192.0.2.70' }),
    ).cart._data[0]!.id;
    const pay = (number: string, ip: string) =>
      call(scene.seller, {
        path: `cart/${cartId}/pay`,
        body: { amount: '5.00', gateway_id: 'ledger', gateway_data: { ledger_number: number } },
        ip,
      });
    for (let i = 0; i < 5; i++) {
      const res = await pay(`CARD-${i}`, `192.0.2.${80 + i}`);
      expect(res.statusCode, res.body).toBe(404);
      expect(errorOf(res)).toMatchObject({
        _code: 'not_found',
        _description: 'Gift card not found',
      });
    }
    expectLimited(await pay('CARD-5', '192.0.2.90'), 'ledger', CARD_TOO_MANY);
    // one address: lookups and payments on the same budget
    const other = bundleOf(
      await call(scene.seller, { path: 'my/cart/modify', body: addBody(scene), ip: '192.0.2.70' }),
    ).cart._data[0]!.id;
    for (let i = 0; i < 5; i++) {
      const res = await call(scene.seller, {
        method: 'GET',
        path: `ledger/ledger/X-${i}`,
        ip: '192.0.2.91',
      });
      expect(res.statusCode).toBe(404);
    }
    for (let i = 0; i < 5; i++) {
      const res = await call(scene.seller, {
        path: `cart/${other}/pay`,
        body: { amount: '5.00', gateway_id: 'ledger', gateway_data: { ledger_number: `Y-${i}` } },
        ip: '192.0.2.91',
      });
      expect(res.statusCode).toBe(404);
    }
    const last = await call(scene.seller, {
      method: 'GET',
      path: 'ledger/ledger/Z',
      ip: '192.0.2.91',
    });
    expectLimited(last, 'ledger', CARD_TOO_MANY);
  });
});
