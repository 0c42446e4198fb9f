import { eq } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { cart } from '@/db/schema/cart';
import { eventSession } from '@/db/schema/sessions';
import { buildTestApp } from '@/testing/build-test-app';
import { addBody, bundleOf, cartCall, makeReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { startCartSweeper } from './expiry';

const START = new Date('2029-06-01T12:00:00Z');

describeEachDatabase('cart: the expiry sweeper', (ctx) => {
  it('expires due carts on its interval and stops cleanly', async () => {
    const app = await buildTestApp(ctx.database, { now: START });
    const scene = await makeReserveScene(ctx.db);
    const cartId = bundleOf(
      await cartCall(app, scene.seller, {
        method: 'POST',
        path: 'my/cart/modify',
        body: addBody(scene, 2),
      }),
    ).cart._data[0]!.id;
    await app.close();
    const errors: unknown[] = [];
    const sweeper = startCartSweeper({
      db: ctx.db,
      now: () => new Date(START.getTime() + 15 * 60_000),
      intervalMs: 20,
      onError: (err) => errors.push(err),
    });
    await vi.waitFor(
      async () => {
        const [row] = await ctx.db.select().from(cart).where(eq(cart.id, cartId));
        expect(row!.state).toBe('expired');
      },
      { timeout: 5000, interval: 25 },
    );
    await sweeper.stop();
    const [session] = await ctx.db
      .select()
      .from(eventSession)
      .where(eq(eventSession.id, scene.session.id));
    expect(session!.usedCapacity).toBe(0);
    expect(errors).toEqual([]);
  });
});
