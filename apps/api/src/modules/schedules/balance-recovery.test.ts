import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { cartBundleSchema } from '@admit/contracts/cart';
import { ledgerCard } from '@/db/schema/codes';
import { idempotencyKey } from '@/db/schema/payments';
import { sweepExpiredCarts } from '@/modules/cart/expiry';
import { idempotencyTestHooks } from '@/modules/payments/idempotent-run';
import { buildTestApp } from '@/testing/build-test-app';
import { makeReserveScene, type ReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { attachDepositPlan } from './plan-test-kit';
import {
  PURCHASER,
  cardEntry,
  cartRows,
  checkoutCall,
  makeCart,
  newKey,
  orderOf,
  tokenize,
} from '@/modules/checkout/checkout-test-kit';

/**
 * Balance and partial payments after a crash (decision 0027): the answer of a `pay` whose
 * process died after the charge is the cart, on the retry with the same key, without a second
 * charge; a partial gift card payment on a cart that then expires goes back to the card.
 */

const START = new Date('2029-06-01T12:00:00Z').getTime();
const VISIT = new Date('2029-06-20T14:00:00Z');
const MINUTE = 60_000;

describeEachDatabase('balance and partial payments survive a crash', (ctx) => {
  let app: FastifyInstance;
  let scene: ReserveScene;
  let clock = START;
  const now = () => new Date(clock);
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now, env: { MAIL_POLL_MS: '0' } });
    scene = await makeReserveScene(ctx.db, { session: { startDatetime: VISIT } });
  });
  afterEach(() => {
    clock = START;
    idempotencyTestHooks.beforeStore = null;
  });
  afterAll(async () => {
    await app.close();
  });

  const crashBeforeAnswer = () => {
    idempotencyTestHooks.beforeStore = () => {
      throw new Error('simulated crash after the charge, before the answer is stored');
    };
  };
  const outstanding = (res: { json(): unknown }) =>
    cartBundleSchema.parse(res.json()).cart_fees._data[0]!.total_outstanding;
  const keyState = async (key: string) =>
    (await ctx.db.select().from(idempotencyKey).where(eq(idempotencyKey.key, key)))[0]!.state;

  it('a balance payment whose answer was lost: the retry answers the cart, one charge', async () => {
    await attachDepositPlan(ctx.db, scene);
    const c = await makeCart(app, scene, 2);
    orderOf(
      await checkoutCall(app, scene, {
        path: `cart/${c.id}/guest_checkout`,
        body: {
          ...cardEntry('12.50', await tokenize(app, '4242424242424242')),
          purchaser: PURCHASER,
        },
      }),
    );
    const key = newKey();
    const body = cardEntry('20.00', await tokenize(app, '4242424242424242'));
    const pay = () => checkoutCall(app, scene, { path: `cart/${c.id}/pay`, key, body });
    crashBeforeAnswer();
    expect((await pay()).statusCode).toBe(500);
    idempotencyTestHooks.beforeStore = null;
    expect(await keyState(key)).toBe('charged');
    const retry = await pay();
    expect(retry.statusCode).toBe(200);
    expect(outstanding(retry)).toBe('17.50');
    expect(await keyState(key)).toBe('completed');
    const rows = await cartRows(ctx.db, c.id);
    expect(rows.payments.map((p) => [p.state, p.amount])).toEqual([
      ['succeeded', 1250],
      ['succeeded', 2000],
    ]);
    expect(rows.orders).toHaveLength(1);
    expect(await app.paymentSettlement.recover()).toBe(0);
  });

  it('a partial gift card payment: the lost answer comes back, the expired cart refunds the card', async () => {
    await ctx.db.insert(ledgerCard).values({
      sellerId: scene.seller.id,
      number: 'CRASH-GIFT-1',
      balance: 1000,
      currency: 'USD',
    });
    const c = await makeCart(app, scene, 2);
    const key = newKey();
    const body = {
      amount: '10.00',
      gateway_id: 'ledger',
      gateway_data: { ledger_number: 'CRASH-GIFT-1' },
    };
    const pay = () => checkoutCall(app, scene, { path: `cart/${c.id}/pay`, key, body });
    crashBeforeAnswer();
    expect((await pay()).statusCode).toBe(500);
    idempotencyTestHooks.beforeStore = null;
    // the job finishes it as `pay` would have answered: the cart with the part paid
    expect(await app.paymentSettlement.recover()).toBe(1);
    expect(await keyState(key)).toBe('completed');
    const retry = await pay();
    expect(retry.statusCode).toBe(200);
    expect(outstanding(retry)).toBe('40.00');
    const balance = async () =>
      (await ctx.db.select().from(ledgerCard).where(eq(ledgerCard.number, 'CRASH-GIFT-1')))[0]!
        .balance;
    expect(await balance()).toBe(0);

    // nobody pays the rest: the cart expires and the gift card gets its money back
    clock += 30 * MINUTE;
    expect(await sweepExpiredCarts(ctx.db, now())).toBeGreaterThanOrEqual(1);
    expect(await app.paymentSettlement.recover()).toBe(1);
    expect(await balance()).toBe(1000);
    const rows = await cartRows(ctx.db, c.id);
    expect(rows.payments.map((p) => [p.gatewayId, p.state])).toEqual([['ledger', 'refunded']]);
    expect(await app.paymentSettlement.recover()).toBe(0);
  });
});
