import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cartBundleSchema } from '@admit/contracts/cart';
import { ledgerCardResponseSchema } from '@admit/contracts/codes';
import { ledgerCard } from '@/db/schema/codes';
import { outbox } from '@/db/schema/mail';
import { buildTestApp } from '@/testing/build-test-app';
import { errorOf, makeReserveScene, type ReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import {
  PURCHASER,
  cardEntry,
  cartRows,
  checkoutCall,
  makeCart,
  orderOf,
  tokenize,
} from './checkout-test-kit';

const NOW = new Date('2029-06-01T12:00:00Z');

describeEachDatabase('checkout: gift cards (ledger)', (ctx) => {
  let app: FastifyInstance;
  let scene: ReserveScene;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW, env: { MAIL_POLL_MS: '0' } });
    scene = await makeReserveScene(ctx.db);
  });
  afterAll(async () => {
    await app.close();
  });

  let cards = 0;
  const giftCard = async (balance: number) => {
    const number = `GIFT${String(++cards).padStart(8, '0')}`;
    await ctx.db
      .insert(ledgerCard)
      .values({ sellerId: scene.seller.id, number, balance, currency: 'USD' });
    return number;
  };
  const balanceOf = async (number: string) =>
    (await ctx.db.select().from(ledgerCard).where(eq(ledgerCard.number, number)))[0]!.balance;
  const payLedger = (cartId: string, number: string, amount = '25.00') =>
    checkoutCall(app, scene, {
      path: `cart/${cartId}/pay`,
      body: {
        amount,
        gateway_id: 'ledger',
        gateway_data: { ledger_type: 'ledger', ledger_number: number },
      },
    });

  it('draws a short card partially and answers the cart; a card pays the rest', async () => {
    const c = await makeCart(app, scene, 1);
    const number = await giftCard(1000);
    const res = await payLedger(c.id, number.toLowerCase());
    expect(res.statusCode).toBe(200);
    const cart = cartBundleSchema.parse(res.json());
    expect(cart.cart._data[0]!.state).toBe('pending');
    expect(await balanceOf(number)).toBe(0);
    const lookup = await app.inject({
      method: 'GET',
      url: `/api/ledger/ledger/${number}?_seller=${scene.seller.slug}`,
    });
    expect(ledgerCardResponseSchema.parse(lookup.json()).ledger._data[0]).toMatchObject({
      number,
      balance: '0.00',
    });

    const again = await payLedger(c.id, number);
    expect(errorOf(again)).toMatchObject({
      _code: 'duplicate_code',
      _description: 'Oops! You already applied this gift card',
    });
    const order = orderOf(
      await checkoutCall(app, scene, {
        path: `cart/${c.id}/guest_checkout`,
        body: {
          ...cardEntry('15.00', await tokenize(app, '4242424242424242')),
          purchaser: PURCHASER,
        },
      }),
    );
    expect(order.ticket_order_fees._data[0]!.total_after_fees_price).toBe('25.00');
    const rows = await cartRows(ctx.db, c.id);
    expect(rows.payments.map((p) => [p.gatewayId, p.amount]).sort()).toEqual([
      ['ledger', 1000],
      ['stripe', 1500],
    ]);
  });

  it('answers the spec errors for unknown and empty cards', async () => {
    const c = await makeCart(app, scene, 1);
    const missing = await payLedger(c.id, 'NOSUCHCARD00');
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing)._description).toBe('Gift card not found');
    const lookup = await app.inject({
      method: 'GET',
      url: `/api/ledger/ledger/NOSUCHCARD00?_seller=${scene.seller.slug}`,
    });
    expect(lookup.statusCode).toBe(404);
    const empty = await payLedger(c.id, await giftCard(0));
    expect(errorOf(empty)._description).toBe('Gift Card balance is $0');
    expect((await cartRows(ctx.db, c.id)).payments).toEqual([]);
  });

  it('a gift card covering the total completes the checkout', async () => {
    const number = await giftCard(10_000);
    const c = await makeCart(app, scene, 1);
    const res = await checkoutCall(app, scene, {
      path: `cart/${c.id}/guest_checkout`,
      body: {
        amount: '25.00',
        gateway_id: 'ledger',
        gateway_data: { ledger_number: number },
        purchaser: PURCHASER,
      },
    });
    expect(orderOf(res).ticket._data[0]!.state).toBe('booked');
    expect(await balanceOf(number)).toBe(7500);
  });

  it('never overdraws a card under concurrent draws', async () => {
    const number = await giftCard(3000);
    const carts = await Promise.all(Array.from({ length: 6 }, () => makeCart(app, scene, 1)));
    const answers = await Promise.all(carts.map((c) => payLedger(c.id, number, '10.00')));
    const drawn = (
      await Promise.all(carts.map(async (c) => (await cartRows(ctx.db, c.id)).payments))
    ).flat();
    expect(drawn.reduce((sum, p) => sum + p.amount, 0)).toBe(3000);
    expect(await balanceOf(number)).toBe(0);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3);
    for (const a of answers.filter((x) => x.statusCode !== 200))
      expect(errorOf(a)._description).toBe('Gift Card balance is $0');
  });

  it('issues a gift card with a 16-character number when a gift-card ticket is bought', async () => {
    const gift = await makeReserveScene(ctx.db, {
      group: { handler: 'ledger' },
      type: { amount: 5000 },
    });
    const c = await makeCart(app, gift, 1);
    const order = orderOf(
      await checkoutCall(app, gift, {
        path: `cart/${c.id}/guest_checkout`,
        body: {
          ...cardEntry('50.00', await tokenize(app, '4242424242424242')),
          purchaser: PURCHASER,
        },
      }),
    );
    const [issued] = await ctx.db
      .select()
      .from(ledgerCard)
      .where(eq(ledgerCard.ticketId, order.ticket._data[0]!.id));
    expect(issued).toMatchObject({ balance: 5000, currency: 'USD', state: 'active' });
    // 16 characters of the unambiguous alphabet (decision 0046)
    expect(issued!.number).toMatch(/^[A-HJ-NP-Z2-9]{16}$/);
    const [mail] = await ctx.db
      .select()
      .from(outbox)
      .where(eq(outbox.kind, 'order_confirmation'))
      .orderBy(desc(outbox.createdAt))
      .limit(1);
    expect(mail!.textBody).toContain(`Gift card ${issued!.number}: $50.00`);
  });
});
