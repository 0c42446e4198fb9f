import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cart } from '@/db/schema/cart';
import { eventSession } from '@/db/schema/sessions';
import { code } from '@/db/schema/codes';
import { buildTestApp } from '@/testing/build-test-app';
import { addBody, bundleOf, cartCall, errorOf, makeReserveScene } from '@/testing/cart-fixtures';
import { makeCheckoutRule, makeCode } from '@/testing/code-factories';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { checkoutBlockers } from './blockers';

/**
 * Checkout rules (shopping §8 rule_blocks_reserve, context checkout_rules) and codes in the
 * modify body (shopping §3 apply_code_before / apply_code_default).
 */

const NOW = new Date('2029-06-01T12:00:00Z');
const RULE_TEXT = 'Partner tickets need a partner code';

describeEachDatabase('codes: checkout rules and codes in modify', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW });
  });
  afterAll(async () => {
    await app.close();
  });

  const usedOf = async (sessionId: string) =>
    (await ctx.db.select().from(eventSession).where(eq(eventSession.id, sessionId)))[0]!
      .usedCapacity;

  it('refuses a reserve under a rule, then takes it with the code in preReservePromoCodes', async () => {
    const scene = await makeReserveScene(ctx.db);
    await makeCheckoutRule(ctx.db, scene.seller, {
      resourceId: scene.group.id,
      description: RULE_TEXT,
    });
    // a partner code that also takes 5.00 off, and a code that only activates the group
    await makeCode(ctx.db, scene.seller, {
      code: 'PARTNER2026',
      codeGroup: 'partner',
      discountType: 'fixed',
      discountValue: 500,
    });
    await makeCode(ctx.db, scene.seller, {
      code: 'FRIEND',
      discountValue: 0,
      activatingCodeGroups: ['partner'],
    });
    const blocked = await cartCall(app, scene.seller, {
      method: 'POST',
      path: 'my/cart/modify',
      body: addBody(scene, 2),
    });
    expect(blocked.statusCode).toBe(422);
    expect(errorOf(blocked)).toMatchObject({
      _code: 'rule_blocks_reserve',
      _context: 'checkout_rules',
      _description: RULE_TEXT,
      _extra: { block_reason: 'code_required', code_group: 'partner', description: RULE_TEXT },
    });
    expect(await usedOf(scene.session.id)).toBe(0);
    // the storefront retries with the entered code (shopping §8)
    const retried = bundleOf(
      await cartCall(app, scene.seller, {
        method: 'POST',
        path: 'my/cart/modify',
        body: addBody(scene, 2, { preReservePromoCodes: [' partner2026'] }),
      }),
    );
    expect(retried.ticket._count).toBe(2);
    expect(retried.blocking_rule?._count).toBe(0);
    expect(retried.cart_fees._data[0]!.total_cartmod_amount).toBe('10.00');
    const cartId = retried.cart._data[0]!.id;
    // more tickets later: the cart's code still satisfies the rule; resending it is harmless
    const more = await cartCall(app, scene.seller, {
      method: 'POST',
      path: `cart/${cartId}/modify`,
      body: addBody(scene, 1, { preReservePromoCodes: ['PARTNER2026'] }),
    });
    expect(bundleOf(more).ticket._count).toBe(3);
    // an activating code unlocks the rule without any discount
    const viaFriend = await cartCall(app, scene.seller, {
      method: 'POST',
      path: 'my/cart/modify',
      body: addBody(scene, 1, { preReservePromoCodes: ['FRIEND'] }),
    });
    expect(viaFriend.statusCode).toBe(201);
    expect(await checkoutBlockers(ctx.db, cartId)).toEqual([]);
  });

  it('shows a rule added after the reserve as blocking_rule until a code of its group is applied', async () => {
    const scene = await makeReserveScene(ctx.db);
    const bundle = bundleOf(
      await cartCall(app, scene.seller, {
        method: 'POST',
        path: 'my/cart/modify',
        body: addBody(scene, 1),
      }),
    );
    const cartId = bundle.cart._data[0]!.id;
    const rule = await makeCheckoutRule(ctx.db, scene.seller, {
      resource: 'event_template',
      resourceId: scene.event.id,
      codeGroup: 'vip',
      description: 'VIP code required',
    });
    const read = bundleOf(
      await cartCall(app, scene.seller, { method: 'GET', path: `cart/${cartId}` }),
    );
    expect(read.blocking_rule?._data).toEqual([
      {
        id: rule.id,
        cart_id: cartId,
        description: 'VIP code required',
        block_reason: 'code_required',
        code_group: 'vip',
      },
    ]);
    expect(await checkoutBlockers(ctx.db, cartId)).toEqual([
      {
        id: rule.id,
        block_reason: 'code_required',
        code_group: 'vip',
        description: 'VIP code required',
      },
    ]);
    // a code that only unlocks the rule is a benefit (identity §5 "Checkout code on a blocked cart")
    await makeCode(ctx.db, scene.seller, { code: 'VIPPASS', codeGroup: 'vip', discountValue: 0 });
    const applied = bundleOf(
      await cartCall(app, scene.seller, {
        method: 'POST',
        path: `cart/${cartId}/apply_code`,
        body: { code: 'vippass' },
      }),
    );
    expect(applied.blocking_rule?._count).toBe(0);
    expect(applied.cart_fees._data[0]!.total_cartmod_amount).toBe('0.00');
    expect(await checkoutBlockers(ctx.db, cartId)).toEqual([]);
  });

  it('fails the whole modify when a preloaded code is invalid: no cart, no places, no use', async () => {
    const scene = await makeReserveScene(ctx.db);
    const limited = await makeCode(ctx.db, scene.seller, {
      code: 'HALF',
      discountValue: 50_000,
      maxUses: 3,
    });
    const cartsBefore = await ctx.db.select().from(cart).where(eq(cart.sellerId, scene.seller.id));
    const res = await cartCall(app, scene.seller, {
      method: 'POST',
      path: 'my/cart/modify',
      body: addBody(scene, 2, { preloadedPromoCodes: ['HALF', 'MISSING'] }),
    });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toMatchObject({ _code: 'code_not_found', _context: 'apply_code' });
    expect(await usedOf(scene.session.id)).toBe(0);
    const cartsAfter = await ctx.db.select().from(cart).where(eq(cart.sellerId, scene.seller.id));
    expect(cartsAfter).toHaveLength(cartsBefore.length);
    const [row] = await ctx.db.select().from(code).where(eq(code.id, limited.id));
    expect(row!.usedCount).toBe(0);
    // and a valid one is applied with the reserve
    const ok = bundleOf(
      await cartCall(app, scene.seller, {
        method: 'POST',
        path: 'my/cart/modify',
        body: addBody(scene, 2, { preloadedPromoCodes: ['HALF'] }),
      }),
    );
    expect(ok.cart_fees._data[0]).toMatchObject({
      total_cartmod_amount: '25.00',
      total_outstanding: '25.00',
    });
  });
});
