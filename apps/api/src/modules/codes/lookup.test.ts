import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { codeLookupResponseSchema } from '@admit/contracts/codes';
import { buildTestApp } from '@/testing/build-test-app';
import { cartCall, errorOf } from '@/testing/cart-fixtures';
import { makeCode } from '@/testing/code-factories';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeSeller } from '@/testing/factories';

/** GET /api/code/{code} (shopping §7; identity §3 "Code lookup"). */

const NOW = new Date('2029-06-01T12:00:00Z');

describeEachDatabase('codes: lookup', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW });
  });
  afterAll(async () => {
    await app.close();
  });

  it('finds a code case-insensitively and trimmed, with its dates and whether it is used up', async () => {
    const seller = await makeSeller(ctx.db);
    await makeCode(ctx.db, seller, {
      code: 'GiftABCDEF',
      kind: 'gift_of_membership',
      name: 'Gift of membership',
      validFrom: new Date('2029-01-01T00:00:00Z'),
      validTo: new Date('2029-12-31T00:00:00Z'),
      maxUses: 1,
      usedCount: 1,
    });
    const res = await cartCall(app, seller, {
      method: 'GET',
      path: `code/${encodeURIComponent(' giftabcdef ')}`,
      query: 'mode=advertise,code',
    });
    expect(res.statusCode).toBe(200);
    expect(codeLookupResponseSchema.parse(res.json()).code._data).toEqual([
      {
        code: 'GiftABCDEF',
        kind: 'gift_of_membership',
        state: 'exhausted',
        name: 'Gift of membership',
        description: null,
        valid_from: '2029-01-01T00:00:00.000Z',
        valid_to: '2029-12-31T00:00:00.000Z',
        exhausted: true,
      },
    ]);
    await makeCode(ctx.db, seller, { code: 'OPEN', maxUses: null, usedCount: 40 });
    const open = await cartCall(app, seller, { method: 'GET', path: 'code/open' });
    expect(open.json().code._data[0]).toMatchObject({
      code: 'OPEN',
      state: 'valid',
      exhausted: false,
    });
  });

  it('answers 404 code_not_found for unknown codes and other sellers’ codes; 400 for a bad mode', async () => {
    const seller = await makeSeller(ctx.db);
    const other = await makeSeller(ctx.db);
    await makeCode(ctx.db, other, { code: 'THEIRS' });
    for (const path of ['code/NOPE', 'code/THEIRS']) {
      const res = await cartCall(app, seller, { method: 'GET', path });
      expect(res.statusCode).toBe(404);
      expect(errorOf(res)).toMatchObject({ _code: 'code_not_found', _context: 'code' });
    }
    const bad = await cartCall(app, other, {
      method: 'GET',
      path: 'code/THEIRS',
      query: 'mode=everything',
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)._code).toBe('validation_failed');
  });
});
