import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cart } from '@/db/schema/cart';
import { cartCode, code } from '@/db/schema/codes';
import { sweepExpiredCarts } from '@/modules/cart/expiry';
import { buildTestApp } from '@/testing/build-test-app';
import {
  addBody,
  bundleOf,
  cartCall,
  errorOf,
  makeReserveScene,
  type ReserveScene,
} from '@/testing/cart-fixtures';
import { makeCode } from '@/testing/code-factories';
import { describeEachDatabase } from '@/testing/describe-each-database';

/**
 * Usage limits under concurrency (decision 0017): a use is taken by one conditional UPDATE in
 * the apply transaction, given back when the cart expires or is deleted, kept by an order.
 */

const NOW = new Date('2029-06-01T12:00:00Z');
const CARTS = 30;
const MAX_USES = 5;

describeEachDatabase('codes: usage limits', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW });
  });
  afterAll(async () => {
    await app.close();
  });

  const usedCount = async (codeId: string) =>
    (await ctx.db.select().from(code).where(eq(code.id, codeId)))[0]!.usedCount;

  async function carts(scene: ReserveScene, n: number) {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const res = await cartCall(app, scene.seller, {
        method: 'POST',
        path: 'my/cart/modify',
        body: addBody(scene, 1),
      });
      ids.push(bundleOf(res).cart._data[0]!.id);
    }
    return ids;
  }

  it(`gives ${MAX_USES} uses to exactly ${MAX_USES} of ${CARTS} concurrent carts, and takes them back on expiry`, async () => {
    const scene = await makeReserveScene(ctx.db, { session: { capacity: 100 } });
    const limited = await makeCode(ctx.db, scene.seller, { code: 'LASTFEW', maxUses: MAX_USES });
    const ids = await carts(scene, CARTS);
    // 30 visitors, each from an address of their own (decision 0046 counts failures per address)
    const answers = await Promise.all(
      ids.map((id, i) =>
        cartCall(app, scene.seller, {
          method: 'POST',
          path: `cart/${id}/apply_code`,
          body: { code: 'LASTFEW' },
          ip: `198.51.100.${i + 1}`,
        }),
      ),
    );
    const ok = answers.filter((r) => r.statusCode === 200);
    const refused = answers.filter((r) => r.statusCode !== 200);
    expect(ok).toHaveLength(MAX_USES);
    expect(refused.map((r) => errorOf(r)._code)).toEqual(
      Array(CARTS - MAX_USES).fill('code_exhausted'),
    );
    expect(await usedCount(limited.id)).toBe(MAX_USES);
    const held = await ctx.db.select().from(cartCode).where(eq(cartCode.codeId, limited.id));
    expect(held).toHaveLength(MAX_USES);

    // the carts run out: every use comes back, the cartmods go
    expect(await sweepExpiredCarts(ctx.db, new Date(NOW.getTime() + 16 * 60_000))).toBe(CARTS);
    expect(await usedCount(limited.id)).toBe(0);
    expect(await ctx.db.select().from(cartCode).where(eq(cartCode.codeId, limited.id))).toEqual([]);
    const winner = ids[answers.findIndex((r) => r.statusCode === 200)]!;
    const expired = bundleOf(
      await cartCall(app, scene.seller, { method: 'GET', path: `cart/${winner}` }),
    );
    expect(expired.cart._data[0]!.state).toBe('expired');
    expect(expired.cartmod._count).toBe(0);
    expect(expired.cart_fees._data[0]!.total_outstanding).toBe('0.00');
    const lookup = await cartCall(app, scene.seller, { method: 'GET', path: 'code/lastfew' });
    expect(lookup.json().code._data[0]).toMatchObject({ exhausted: false });
  });

  it('gives the use back when the cart is deleted, and keeps it when the cart became an order', async () => {
    const scene = await makeReserveScene(ctx.db);
    const promo = await makeCode(ctx.db, scene.seller, { code: 'KEEPME', maxUses: 10 });
    const [deleted, ordered] = await carts(scene, 2);
    for (const id of [deleted!, ordered!]) {
      const res = await cartCall(app, scene.seller, {
        method: 'POST',
        path: `my/cart/${id}/apply_code`,
        body: { code: 'KEEPME' },
      });
      expect(res.statusCode).toBe(200);
    }
    expect(await usedCount(promo.id)).toBe(2);
    const del = await cartCall(app, scene.seller, { method: 'DELETE', path: `cart/${deleted}` });
    expect(del.statusCode).toBe(204);
    expect(await usedCount(promo.id)).toBe(1);
    // checkout (another module) completes the cart: it no longer expires, the use stays taken
    await ctx.db.update(cart).set({ state: 'completed' }).where(eq(cart.id, ordered!));
    expect(await sweepExpiredCarts(ctx.db, new Date(NOW.getTime() + 60 * 60_000))).toBe(0);
    expect(await usedCount(promo.id)).toBe(1);
  });
});
