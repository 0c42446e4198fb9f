import { eq } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { cart } from '@/db/schema/cart';
import { buildTestApp } from '@/testing/build-test-app';
import { addBody, bundleOf, cartCall, makeReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';

const START = new Date('2029-06-01T12:00:00Z');
const LATER = new Date(START.getTime() + 15 * 60_000);

/**
 * The job registry starts the jobs with the app (`ready`) and stops them with it (`close`);
 * an interval of 0 leaves a job off (the tests' default).
 */
describeEachDatabase('jobs: started on ready, stopped on close, off at 0', (ctx) => {
  async function expiredCartScene(env: Record<string, string>) {
    let clock = START;
    const app = await buildTestApp(ctx.database, { now: () => clock, env });
    const scene = await makeReserveScene(ctx.db);
    const cartId = bundleOf(
      await cartCall(app, scene.seller, {
        method: 'POST',
        path: 'my/cart/modify',
        body: addBody(scene, 1),
      }),
    ).cart._data[0]!.id;
    clock = LATER;
    const stateOf = async () =>
      (await ctx.db.select({ state: cart.state }).from(cart).where(eq(cart.id, cartId)))[0]!.state;
    return { app, stateOf };
  }

  it('sweeps expired carts on CART_SWEEP_MS once the app is ready', async () => {
    const { app, stateOf } = await expiredCartScene({ CART_SWEEP_MS: '20' });
    await vi.waitFor(async () => expect(await stateOf()).toBe('expired'), {
      timeout: 5000,
      interval: 25,
    });
    await app.close();
  });

  it('leaves the cart alone with CART_SWEEP_MS=0 (control: nothing else expires it)', async () => {
    const { app, stateOf } = await expiredCartScene({ CART_SWEEP_MS: '0' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await stateOf()).toBe('pending');
    await app.close();
  });

  it('stops the jobs on close: a cart expiring after close stays pending', async () => {
    const { app, stateOf } = await expiredCartScene({ CART_SWEEP_MS: '20' });
    await vi.waitFor(async () => expect(await stateOf()).toBe('expired'), {
      timeout: 5000,
      interval: 25,
    });
    await app.close();
    const again = await expiredCartScene({ CART_SWEEP_MS: '0' });
    await again.app.close();
    // the first app's sweeper would expire this one within 20 ms if it were still running
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await again.stateOf()).toBe('pending');
  });
});
