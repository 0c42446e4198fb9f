import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CartBundle } from '@admit/contracts/cart';
import { isCardAmountSupported } from '@admit/contracts/checkout';
import { decimalToMinor, minorToDecimal } from '@admit/contracts/money';
import { ledgerCard } from '@/db/schema/codes';
import {
  PURCHASER,
  cardEntry,
  cartRows,
  checkoutCall,
  orderOf,
  tokenize,
} from '@/modules/checkout/checkout-test-kit';
import { buildTestApp } from '@/testing/build-test-app';
import {
  bundleOf,
  cartCall,
  errorOf,
  makeReserveScene,
  type ReserveScene,
} from '@/testing/cart-fixtures';
import { makeCode } from '@/testing/code-factories';
import { describeEachDatabase } from '@/testing/describe-each-database';
import {
  makeSession,
  makeSessionPrice,
  makeTicketGroup,
  makeTicketType,
  type SessionRow,
  type TicketTypeRow,
} from '@/testing/factories';
import { sumOfLines } from './pricing-test-kit';

/**
 * The pricing model through the API on random carts (decision 0047): whatever is reserved,
 * whichever codes are applied and whatever a gift card has paid, `cart_fees` is the sum of the
 * cart's lines and checkout charges exactly `total_outstanding`.
 */

const NOW = new Date('2029-06-01T12:00:00Z');
const CODES = ['WELCOME10', 'FAMILY5', 'GIFTHALF'] as const;

const cartArb = fc.record({
  lines: fc.array(
    fc.record({
      type: fc.constantFrom(0, 1, 2),
      session: fc.constantFrom(0, 1),
      quantity: fc.integer({ min: 1, max: 3 }),
    }),
    { minLength: 1, maxLength: 3 },
  ),
  donation: fc.option(fc.integer({ min: 100, max: 50_00 }), { nil: null }),
  codes: fc.subarray([...CODES]),
  /** what a gift card pays, as a share (‰) of the outstanding */
  giftCard: fc.option(fc.integer({ min: 1, max: 1000 }), { nil: null }),
});

describeEachDatabase('pricing: random carts through the API', (ctx) => {
  let app: FastifyInstance;
  let scene: ReserveScene;
  let types: TicketTypeRow[];
  let donation: TicketTypeRow;
  let sessions: SessionRow[];
  let cards = 0;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW, env: { MAIL_POLL_MS: '0' } });
    scene = await makeReserveScene(ctx.db, {
      type: {
        name: 'Adult',
        amount: 2500,
        outsideFees: [
          { name: 'fee_fixed_outside', fee: 200 },
          { name: 'fee_percent_outside', fee: 8875 },
        ],
      },
      session: { capacity: 10_000 },
    });
    const child = await makeTicketType(ctx.db, scene.group, {
      name: 'Child',
      amount: 1299,
      outsideFees: [{ name: 'fee_percent_outside', fee: 7_250 }],
    });
    const free = await makeTicketType(ctx.db, scene.group, {
      name: 'Infant',
      amount: 0,
      outsideFees: [{ name: 'fee_fixed_outside', fee: 75, on_free: true }],
    });
    types = [scene.type, child, free];
    // a late opening: dearer adults and children (decision 0043)
    const late = await makeSession(ctx.db, scene.event, {
      capacity: 10_000,
      startDatetime: new Date('2030-01-02T19:00:00Z'),
      endDatetime: new Date('2030-01-02T20:00:00Z'),
    });
    await makeSessionPrice(ctx.db, late, scene.type, 3133);
    await makeSessionPrice(ctx.db, late, child, 1505);
    sessions = [scene.session, late];
    const donations = await makeTicketGroup(ctx.db, scene.event, { handler: 'donation' });
    donation = await makeTicketType(ctx.db, donations, {
      name: 'Gift',
      amount: 1000,
      amountMin: 100,
      amountMax: 100_000,
      outsideFees: [{ name: 'fee_percent_outside', fee: 3_000 }],
    });
    await makeCode(ctx.db, scene.seller, { code: 'WELCOME10', discountValue: 10_000 });
    await makeCode(ctx.db, scene.seller, {
      code: 'FAMILY5',
      discountType: 'fixed',
      discountValue: 500,
      resource: 'ticket_type',
      resourceId: scene.type.id,
    });
    // a code naming the donations group does discount them (the seller said so)
    await makeCode(ctx.db, scene.seller, {
      code: 'GIFTHALF',
      name: 'GIFTHALF',
      discountValue: 50_000,
      resource: 'ticket_group',
      resourceId: donations.id,
    });
  });
  afterAll(async () => {
    await app.close();
  });

  const call = (method: 'GET' | 'POST', path: string, body?: unknown) =>
    cartCall(app, scene.seller, { method, path, body });
  const expectSumOfLines = (bundle: CartBundle) => {
    const fees = bundle.cart_fees._data[0]!;
    const lines = sumOfLines(bundle);
    expect(fees).toMatchObject({
      total_before_cartmod_price: lines.subtotal,
      total_cartmod_amount: lines.discounts,
      total_fee_fixed_outside: lines.serviceCharges,
      total_fee_percent_outside: lines.tax,
      total_outstanding: lines.outstanding,
    });
    // every donation is whole unless GIFTHALF (which names its group) is on the cart
    const named = bundle.cartmod._data.some((c) => c.name === 'GIFTHALF');
    for (const t of bundle.ticket._data.filter((x) => x.ticket_type_id === donation.id)) {
      if (!named) expect(t.adjusted_value).toBe(t.face_value);
    }
  };

  it('cart_fees is the sum of the lines, and checkout charges total_outstanding', async () => {
    await fc.assert(
      fc.asyncProperty(cartArb, async (cart) => {
        const tickets = cart.lines.flatMap((line) =>
          Array.from({ length: line.quantity }, () => ({
            ticket_type_id: types[line.type]!.id,
            event_session_id: sessions[line.session]!.id,
          })),
        );
        if (cart.donation !== null) {
          tickets.push({
            ticket_type_id: donation.id,
            event_session_id: sessions[0]!.id,
            face_value: minorToDecimal(cart.donation),
          } as (typeof tickets)[number]);
        }
        let bundle = bundleOf(await call('POST', 'my/cart/modify', { reserve: { tickets } }));
        const cartId = bundle.cart._data[0]!.id;
        expectSumOfLines(bundle);
        for (const code of cart.codes) {
          const res = await call('POST', `cart/${cartId}/apply_code`, { code });
          if (res.statusCode !== 200) expect(errorOf(res)._code).toBe('no_code_benefit');
        }
        bundle = bundleOf(await call('GET', `cart/${cartId}`));
        expectSumOfLines(bundle);

        const outstanding = () => decimalToMinor(bundle.cart_fees._data[0]!.total_outstanding);
        const left = outstanding();
        // a card takes no amount under its minimum: then the gift card pays all of it
        const cardCannot = (minor: number) => minor > 0 && !isCardAmountSupported(minor, 'USD');
        if ((cart.giftCard !== null || cardCannot(left)) && left > 0) {
          let amount = Math.max(1, Math.floor((left * (cart.giftCard ?? 1000)) / 1000));
          if (cardCannot(left - amount)) amount = left;
          const number = `PRICING${String(++cards).padStart(5, '0')}`;
          await ctx.db
            .insert(ledgerCard)
            .values({ sellerId: scene.seller.id, number, balance: amount, currency: 'USD' });
          const paid = await checkoutCall(app, scene, {
            path: `cart/${cartId}/pay`,
            body: {
              amount: minorToDecimal(amount),
              gateway_id: 'ledger',
              gateway_data: { ledger_type: 'ledger', ledger_number: number },
            },
          });
          expect(paid.statusCode, paid.body).toBe(200);
          bundle = bundleOf(await call('GET', `cart/${cartId}`));
          expectSumOfLines(bundle);
        }

        const fees = bundle.cart_fees._data[0]!;
        const due = fees.total_outstanding;
        const body =
          outstanding() === 0
            ? { amount: '0.00', gateway_id: 'free', gateway_data: {}, purchaser: PURCHASER }
            : { ...cardEntry(due, await tokenize(app, '4242424242424242')), purchaser: PURCHASER };
        const order = orderOf(
          await checkoutCall(app, scene, { path: `cart/${cartId}/guest_checkout`, body }),
        );
        const charged = (await cartRows(ctx.db, cartId)).payments
          .filter((p) => p.gatewayId !== 'ledger')
          .reduce((n, p) => n + p.amount, 0);
        expect(charged).toBe(outstanding());
        const m = decimalToMinor;
        expect(m(order.ticket_order_fees._data[0]!.total_after_fees_price)).toBe(
          m(fees.total_before_cartmod_price) -
            m(fees.total_cartmod_amount) +
            m(fees.total_fee_fixed_outside) +
            m(fees.total_fee_percent_outside),
        );
      }),
      { numRuns: 15 },
    );
    // 15 carts, each reserved, discounted, part-paid and checked out through the API
  }, 300_000);
});
