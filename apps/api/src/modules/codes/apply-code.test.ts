import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ticket } from '@/db/schema/cart';
import { code } from '@/db/schema/codes';
import { buildTestApp } from '@/testing/build-test-app';
import {
  addBody,
  bundleOf,
  cartCall,
  errorOf,
  makeReserveScene,
  type ReserveScene,
} from '@/testing/cart-fixtures';
import { makeCode, makePayment } from '@/testing/code-factories';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeIdentity, makeTicketType } from '@/testing/factories';
import { checkoutBlockers } from './blockers';

/** POST (my/)cart/{id}/apply_code: every answer of shopping §8 "Promo code errors". */

const NOW = new Date('2029-06-01T12:00:00Z');

describeEachDatabase('codes: apply_code', (ctx) => {
  let app: FastifyInstance;
  let clock = NOW;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: () => clock });
  });
  afterAll(async () => {
    await app.close();
  });

  async function cartWith(scene: ReserveScene, quantity = 2, token?: string) {
    return bundleOf(
      await cartCall(app, scene.seller, {
        method: 'POST',
        path: 'my/cart/modify',
        body: addBody(scene, quantity),
        token,
      }),
    );
  }
  const apply = (scene: ReserveScene, cartId: string, body: unknown, prefix = 'my/') =>
    cartCall(app, scene.seller, {
      method: 'POST',
      path: `${prefix}cart/${cartId}/apply_code`,
      body,
    });

  it('applies a code: cartmod, totals, adjusted values shown and stored, a use taken', async () => {
    const scene = await makeReserveScene(ctx.db, {
      type: { amount: 1999, outsideFees: [{ name: 'fee_fixed_outside', fee: 150 }] },
    });
    const promo = await makeCode(ctx.db, scene.seller, {
      code: 'Welcome10',
      name: 'Welcome',
      description: '10 % off',
      activatingCodeGroups: ['newsletter'],
    });
    const cartId = (await cartWith(scene)).cart._data[0]!.id;
    // trimmed and case-insensitive (shopping §5), on the guest path
    const res = await apply(scene, cartId, { code: '  wElCoMe10 ' }, '');
    expect(res.statusCode).toBe(200);
    const bundle = bundleOf(res);
    // 10 % of 19.99 = 1.999 → 2.00 per ticket
    expect(bundle.cartmod._data).toEqual([
      {
        id: expect.any(String),
        name: 'Welcome',
        description: '10 % off',
        discount: '4.00',
        blocking_checkout: false,
        activating_code_groups: ['newsletter'],
        code_group: null,
        resource: null,
        resource_id: null,
      },
    ]);
    expect(bundle.cart_fees._data[0]).toMatchObject({
      total_before_cartmod_price: '39.98',
      total_fee_fixed_outside: '3.00',
      total_cartmod_amount: '4.00',
      total_payments: '0.00',
      total_outstanding: '38.98',
    });
    expect(bundle.ticket._data.map((t) => t.adjusted_value)).toEqual(['17.99', '17.99']);
    const stored = await ctx.db.select().from(ticket).where(eq(ticket.cartId, cartId));
    expect(stored.map((t) => t.adjustedValue)).toEqual([1799, 1799]);
    const [row] = await ctx.db.select().from(code).where(eq(code.id, promo.id));
    expect(row!.usedCount).toBe(1);
    // GET answers the same figures
    const again = bundleOf(
      await cartCall(app, scene.seller, { method: 'GET', path: `cart/${cartId}` }),
    );
    expect(again.cart_fees).toEqual(bundle.cart_fees);
    expect(again.cartmod).toEqual(bundle.cartmod);
    // and tickets added later get the discount too
    const more = bundleOf(
      await cartCall(app, scene.seller, {
        method: 'POST',
        path: `cart/${cartId}/modify`,
        body: addBody(scene, 1),
      }),
    );
    expect(more.cart_fees._data[0]!.total_cartmod_amount).toBe('6.00');
    const after = await ctx.db.select().from(ticket).where(eq(ticket.cartId, cartId));
    expect(after.map((t) => t.adjustedValue)).toEqual([1799, 1799, 1799]);
  });

  it('answers code_not_found (404), duplicate_code and no_code_benefit, taking no use', async () => {
    const scene = await makeReserveScene(ctx.db);
    const elsewhere = await makeTicketType(ctx.db, scene.group, { name: 'Other' });
    const cartId = (await cartWith(scene)).cart._data[0]!.id;
    const missing = await apply(scene, cartId, { code: 'NOPE' });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing)).toMatchObject({
      _code: 'code_not_found',
      _context: 'apply_code',
      _description: '"NOPE" is not a valid promo code.',
    });
    const once = await makeCode(ctx.db, scene.seller, { code: 'ONCE' });
    expect((await apply(scene, cartId, { code: 'ONCE' })).statusCode).toBe(200);
    const twice = await apply(scene, cartId, { code: 'once' });
    expect(twice.statusCode).toBe(422);
    expect(errorOf(twice)._code).toBe('duplicate_code');
    const useless = await makeCode(ctx.db, scene.seller, {
      code: 'OTHERTYPE',
      resource: 'ticket_type',
      resourceId: elsewhere.id,
    });
    const none = await apply(scene, cartId, { code: 'OTHERTYPE' });
    expect(none.statusCode).toBe(422);
    expect(errorOf(none)._code).toBe('no_code_benefit');
    // a 5 % code on a cart that already has 10 % off changes nothing: no benefit either
    await makeCode(ctx.db, scene.seller, { code: 'FIVE', discountValue: 5000 });
    expect(errorOf(await apply(scene, cartId, { code: 'FIVE' }))._code).toBe('no_code_benefit');
    const uses = await ctx.db.select().from(code).where(eq(code.sellerId, scene.seller.id));
    expect(Object.fromEntries(uses.map((c) => [c.code, c.usedCount]))).toEqual({
      ONCE: 1,
      OTHERTYPE: 0,
      FIVE: 0,
    });
    expect(once.usedCount).toBe(0);
    expect(useless.usedCount).toBe(0);
  });

  it('refuses codes outside their dates as unknown ones (code_not_found) and used-up codes (code_exhausted)', async () => {
    const scene = await makeReserveScene(ctx.db);
    const cartId = (await cartWith(scene)).cart._data[0]!.id;
    await makeCode(ctx.db, scene.seller, {
      code: 'SOON',
      validFrom: new Date('2029-07-01T00:00:00Z'),
    });
    await makeCode(ctx.db, scene.seller, {
      code: 'PAST',
      validTo: new Date('2029-06-01T11:59:59Z'),
    });
    await makeCode(ctx.db, scene.seller, { code: 'GONE', maxUses: 3, usedCount: 3 });
    // decision 0046: the spec names no code for dates, and a distinct one told a guesser the code exists
    for (const text of ['SOON', 'past']) {
      const res = await apply(scene, cartId, { code: text });
      expect(res.statusCode).toBe(404);
      expect(errorOf(res)).toEqual({
        _code: 'code_not_found',
        _context: 'apply_code',
        _description: `"${text}" is not a valid promo code.`,
        _extra: { code: text },
      });
    }
    const gone = await apply(scene, cartId, { code: 'GONE' });
    expect(gone.statusCode).toBe(422);
    expect(errorOf(gone)._code).toBe('code_exhausted');
    expect(
      bundleOf(await cartCall(app, scene.seller, { method: 'GET', path: `cart/${cartId}` })).cartmod
        ._count,
    ).toBe(0);
  });

  it('refuses codes once a payment is made (422) and counts payments in the totals', async () => {
    const scene = await makeReserveScene(ctx.db);
    const cartId = (await cartWith(scene)).cart._data[0]!.id;
    await makeCode(ctx.db, scene.seller, { code: 'LATE' });
    await makePayment(ctx.db, scene.seller, cartId, {
      amount: 1000,
      gatewayData: { ledger_type: 'ledger', ledger_number: 'GC-1234567890' },
    });
    await makePayment(ctx.db, scene.seller, cartId, {
      amount: 700,
      state: 'failed',
      gatewayId: 'stripe',
    });
    const res = await apply(scene, cartId, { code: 'LATE' });
    expect(res.statusCode).toBe(422);
    expect(errorOf(res)).toMatchObject({
      _code: 'validation_failed',
      _extra: { reason: 'payments_made' },
    });
    const bundle = bundleOf(
      await cartCall(app, scene.seller, { method: 'GET', path: `cart/${cartId}` }),
    );
    expect(bundle.cart_fees._data[0]).toMatchObject({
      total_payments: '10.00',
      total_outstanding: '40.00',
    });
    expect(
      bundle.payment?._data.map((p) => [p.gateway_id, p.amount, p.state, p.ledger_number]),
    ).toEqual([
      ['ledger', '10.00', 'succeeded', '*********7890'],
      ['stripe', '7.00', 'failed', null],
    ]);
  });

  it('answers cart_expired (410) on an expired cart and 404 on someone else’s', async () => {
    const scene = await makeReserveScene(ctx.db);
    await makeCode(ctx.db, scene.seller, { code: 'TENOFF' });
    const member = await makeIdentity(ctx.db, scene.seller);
    const { token } = await app.sessions.createSession(member.id, scene.seller.id);
    const theirs = (await cartWith(scene, 1, token)).cart._data[0]!.id;
    const stranger = await apply(scene, theirs, { code: 'TENOFF' });
    expect(stranger.statusCode).toBe(404);
    expect(errorOf(stranger)._code).toBe('not_found');
    const cartId = (await cartWith(scene)).cart._data[0]!.id;
    clock = new Date(NOW.getTime() + 16 * 60_000);
    try {
      const res = await apply(scene, cartId, { code: 'TENOFF' });
      expect(res.statusCode).toBe(410);
      expect(errorOf(res)._code).toBe('cart_expired');
    } finally {
      clock = NOW;
    }
  });

  it('lists a blocking_checkout cartmod among the checkout blockers', async () => {
    const scene = await makeReserveScene(ctx.db);
    await makeCode(ctx.db, scene.seller, {
      code: 'HOLDON',
      blockingCheckout: true,
      description: 'Staff must confirm this code',
    });
    const cartId = (await cartWith(scene)).cart._data[0]!.id;
    expect(await checkoutBlockers(ctx.db, cartId)).toEqual([]);
    const bundle = bundleOf(await apply(scene, cartId, { code: 'HOLDON' }));
    expect(bundle.cartmod._data[0]!.blocking_checkout).toBe(true);
    expect(await checkoutBlockers(ctx.db, cartId)).toEqual([
      {
        id: bundle.cartmod._data[0]!.id,
        block_reason: 'blocking_cartmod',
        code_group: null,
        description: 'Staff must confirm this code',
      },
    ]);
  });
});
