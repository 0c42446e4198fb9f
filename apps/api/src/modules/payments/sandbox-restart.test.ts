import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { APP_HEADER, APP_HEADER_VALUE } from '@admit/contracts/constants';
import {
  PURCHASER,
  cardEntry,
  cartRows,
  checkoutCall,
  makeCart,
  newKey,
  orderOf,
} from '@/modules/checkout/checkout-test-kit';
import { makeReserveScene, type ReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import type * as SandboxGateway from './sandbox-gateway';

const START = new Date('2029-06-01T12:00:00Z').getTime();
const LEASE_MS = 30_000;

/**
 * Issue 22 finding 12: without AUTH_SECRET each process drew its own token key, so after a
 * restart the retry of an attempt that was never charged answered "card declined" (the new
 * process could not read the token the old one issued). Each "process" here is the app built
 * from freshly loaded modules, as a restarted server would load them; AUTH_SECRET is unset.
 */
describeEachDatabase('sandbox tokens across a restart without AUTH_SECRET', (ctx) => {
  let scene: ReserveScene;
  let clock = START;
  const now = () => new Date(clock);
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    scene = await makeReserveScene(ctx.db);
  });
  afterAll(async () => {
    vi.doUnmock('./sandbox-gateway');
    vi.resetModules();
    for (const app of apps) await app.close();
  });

  /** A server process; `dies`: it is killed during the card gateway call. */
  async function startProcess(dies: boolean): Promise<FastifyInstance> {
    vi.resetModules();
    if (dies) {
      vi.doMock('./sandbox-gateway', async (importOriginal) => {
        const real = await importOriginal<typeof SandboxGateway>();
        return {
          ...real,
          createSandboxGateway: (deps: SandboxGateway.SandboxDeps) => ({
            ...real.createSandboxGateway(deps),
            confirm: async () => {
              throw new Error('the process was killed during the gateway call');
            },
          }),
        };
      });
    } else {
      vi.doUnmock('./sandbox-gateway');
    }
    const { buildTestApp } = await import('@/testing/build-test-app');
    const app = await buildTestApp(ctx.database, {
      now,
      env: { MAIL_POLL_MS: '0', PAYMENT_LEASE_MS: String(LEASE_MS) },
    });
    apps.push(app);
    return app;
  }

  const tokenAt = async (app: FastifyInstance) => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/sandbox/payment_methods?_seller=${scene.seller.slug}`,
      headers: { [APP_HEADER]: APP_HEADER_VALUE },
      payload: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' },
    });
    return (res.json() as { payment_method: { _data: { id: string }[] } }).payment_method._data[0]!
      .id;
  };

  it('the retry (or the job) after a restart completes the uncharged attempt, never "declined"', async () => {
    const first = await startProcess(true);
    const attempts = [];
    for (let i = 0; i < 2; i++) {
      const c = await makeCart(first, scene);
      const key = newKey();
      const body = { ...cardEntry('25.00', await tokenAt(first)), purchaser: PURCHASER };
      const call = (app: FastifyInstance) =>
        checkoutCall(app, scene, { path: `cart/${c.id}/guest_checkout`, key, body });
      expect((await call(first)).statusCode).toBe(500);
      expect((await cartRows(ctx.db, c.id)).payments.map((p) => p.state)).toEqual(['created']);
      attempts.push({ cartId: c.id, call });
    }

    // restarted: another process, another module load, no AUTH_SECRET
    const restarted = await startProcess(false);
    clock += LEASE_MS;
    // the visitor's retry with the same key and token is charged once and ordered
    const retried = orderOf(await attempts[0]!.call(restarted));
    const one = await cartRows(ctx.db, attempts[0]!.cartId);
    expect(one.payments.map((p) => p.state)).toEqual(['succeeded']);
    expect(one.orders.map((o) => o.id)).toEqual([retried.ticket_order._data[0]!.id]);
    // nobody retries the other: the job confirms it again and makes its order
    await restarted.paymentSettlement.recover();
    const other = await cartRows(ctx.db, attempts[1]!.cartId);
    expect(other.payments.map((p) => p.state)).toEqual(['succeeded']);
    expect(other.orders).toHaveLength(1);
    // …and the visitor's late retry answers that order
    const late = orderOf(await attempts[1]!.call(restarted));
    expect(late.ticket_order._data[0]!.id).toBe(other.orders[0]!.id);
  }, 120_000); // two app builds from freshly loaded modules
});
