import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cartBundleSchema } from '@admit/contracts/cart';
import { ledgerCard } from '@/db/schema/codes';
import { buildTestApp } from '@/testing/build-test-app';
import { errorOf, makeReserveScene, type ReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { attachDepositPlan } from './plan-test-kit';
import {
  PURCHASER,
  cardEntry,
  cartRows,
  checkoutCall,
  makeCart,
  orderOf,
  tokenize,
} from '@/modules/checkout/checkout-test-kit';

/**
 * An order's balance (decision 0020) paid with the other gateways: a gift card (part, then it
 * is spent) and a card that is processing (it settles without a second order).
 */

const START = new Date('2029-06-01T12:00:00Z').getTime();
const VISIT = new Date('2029-06-20T14:00:00Z');

describeEachDatabase('paying a balance with a gift card or a processing card', (ctx) => {
  let app: FastifyInstance;
  let scene: ReserveScene;
  let clock = START;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, {
      now: () => new Date(clock),
      env: { MAIL_POLL_MS: '0', SANDBOX_PROCESSING_MS: '5000' },
    });
    scene = await makeReserveScene(ctx.db, { session: { startDatetime: VISIT } });
    await attachDepositPlan(ctx.db, scene);
  });
  afterAll(async () => {
    await app.close();
  });

  /** A booked order of two $25 tickets with its $12.50 deposit paid: $37.50 left. */
  async function orderWithBalance() {
    const c = await makeCart(app, scene, 2);
    const pm = await tokenize(app, '4242 4242 4242 4242');
    orderOf(
      await checkoutCall(app, scene, {
        path: `cart/${c.id}/guest_checkout`,
        body: { ...cardEntry('12.50', pm), purchaser: PURCHASER },
      }),
    );
    return c.id;
  }
  const pay = (cartId: string, body: unknown) =>
    checkoutCall(app, scene, { path: `cart/${cartId}/pay`, body });
  const outstanding = (res: { json(): unknown }) =>
    cartBundleSchema.parse(res.json()).cart_fees._data[0]!.total_outstanding;

  it('a gift card pays part of the balance, a second use of it is refused, a card pays the rest', async () => {
    const cartId = await orderWithBalance();
    await ctx.db.insert(ledgerCard).values({
      sellerId: scene.seller.id,
      number: 'BALANCE-GIFT-1',
      balance: 2000,
      currency: 'USD',
    });
    const ledger = (amount: string) => ({
      amount,
      gateway_id: 'ledger',
      gateway_data: { ledger_number: 'BALANCE-GIFT-1' },
    });
    const part = await pay(cartId, ledger('37.50'));
    expect(part.statusCode).toBe(200);
    expect(outstanding(part)).toBe('17.50'); // the card's $20 drawn, not more
    const [card] = await ctx.db
      .select()
      .from(ledgerCard)
      .where(eq(ledgerCard.number, 'BALANCE-GIFT-1'));
    expect(card!.balance).toBe(0);
    const again = await pay(cartId, ledger('17.50'));
    expect(errorOf(again)._description).toBe('Oops! You already applied this gift card');

    const rest = await pay(cartId, cardEntry('17.50', await tokenize(app, '4242 4242 4242 4242')));
    expect(outstanding(rest)).toBe('0.00');
    expect((await cartRows(ctx.db, cartId)).orders).toHaveLength(1);
  });

  it('a processing card on the balance settles into the payment, never a second order', async () => {
    clock = START;
    const cartId = await orderWithBalance();
    const res = await pay(cartId, cardEntry('37.50', await tokenize(app, '4000000000000077')));
    expect(errorOf(res)._code).toBe('intent_processing');
    clock += 6_000;
    expect(await app.paymentSettlement.tick()).toBe(1);
    const rows = await cartRows(ctx.db, cartId);
    expect(rows.payments.map((p) => p.state).sort()).toEqual(['succeeded', 'succeeded']);
    expect(rows.orders).toHaveLength(1);
    const paidUp = await pay(cartId, cardEntry('1.00', await tokenize(app, '4242 4242 4242 4242')));
    expect(paidUp.statusCode).toBe(409);
  });
});
