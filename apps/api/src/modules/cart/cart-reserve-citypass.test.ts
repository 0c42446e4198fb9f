import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartModifyBody } from '@admit/contracts/cart';
import { ticket } from '@/db/schema/cart';
import { cartCode } from '@/db/schema/codes';
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
import { makeTicketType, type TicketTypeRow } from '@/testing/factories';

/**
 * CityPASS given on a reserve form (shopping §5 "CityPASS codes", §3 `web.ecommerce.citypass`,
 * §8; decision 0076): the modify's `citypass` — the code and one voucher per new ticket.
 */

const NOW = new Date('2029-06-01T12:00:00Z');
const CITYPASS = {
  citypass_code_groups: { citypass: { adult_regexp: '\\d{8}', child_regexp: 'C\\d{7}' } },
};

describeEachDatabase('cart: CityPASS with the reserve', (ctx) => {
  let app: FastifyInstance;
  let scene: ReserveScene;
  let child: TicketTypeRow;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW });
    scene = await makeReserveScene(ctx.db, { sellerConfig: CITYPASS, type: { name: 'Adult' } });
    child = await makeTicketType(ctx.db, scene.group, { name: 'Child', amount: 1500 });
    await makeCode(ctx.db, scene.seller, {
      code: 'CITYPASS',
      codeGroup: 'citypass',
      name: 'CityPASS',
      discountValue: 100_000,
    });
    await makeCode(ctx.db, scene.seller, { code: 'WELCOME10' });
  });
  afterAll(async () => {
    await app.close();
  });

  const reserve = (citypass: CartModifyBody['citypass'], adults = 2) =>
    cartCall(app, scene.seller, {
      method: 'POST',
      path: 'my/cart/modify',
      body: {
        add: [
          {
            event_session_id: scene.session.id,
            ticket_types_required: [
              { ticket_type_id: scene.type.id, quantity: adults },
              { ticket_type_id: child.id, quantity: 1 },
            ],
          },
        ],
        citypass,
      },
    });
  const adult = (voucher: string) => ({ ticket_type_id: scene.type.id, voucher });
  const kid = (voucher: string) => ({ ticket_type_id: child.id, voucher });

  it('takes the code with one voucher per new ticket, each stored with the code', async () => {
    const res = await reserve({
      code: 'citypass',
      vouchers: [adult('1234-5678'), kid('C7654321'), adult('11112222')],
    });
    const bundle = bundleOf(res);
    expect(bundle.ticket._count).toBe(3);
    const [held] = await ctx.db
      .select()
      .from(cartCode)
      .where(eq(cartCode.cartId, bundle.cart._data[0]!.id));
    expect(held!.voucher!.split(',').sort()).toEqual(['11112222', '12345678', 'C7654321']);
  });

  it('names a refused voucher by its ticket type and place, and takes nothing', async () => {
    const res = await reserve({
      code: 'CITYPASS',
      vouchers: [adult('12345678'), adult('2222-3333'), kid('99998888')],
    });
    expect(res.statusCode).toBe(422);
    expect(errorOf(res)).toMatchObject({
      _code: 'invalid_citypass',
      _description: 'Does not match the expected format. Please check your CityPASS code.',
      _extra: { ticket_type_id: child.id, voucher_index: 0 },
    });
    const missing = await reserve({
      code: 'CITYPASS',
      vouchers: [adult('12345678'), kid('C1234567')],
    });
    expect(errorOf(missing)).toMatchObject({
      _code: 'invalid_citypass',
      _extra: { ticket_type_id: scene.type.id, voucher_index: 1 },
    });
  });

  it('refuses a code that is not a CityPASS code, and a voucher for no new ticket', async () => {
    const vouchers = [adult('12345678'), adult('22223333'), kid('C1234567')];
    const welcome = await reserve({ code: 'WELCOME10', vouchers });
    expect(errorOf(welcome)).toMatchObject({ _code: 'invalid_citypass', _context: 'reserve' });
    const extra = await reserve({ code: 'CITYPASS', vouchers: [...vouchers, kid('C7777777')] });
    expect(extra.statusCode).toBe(400);
    expect(errorOf(extra)).toMatchObject({ _code: 'validation_failed' });
  });

  // decision 0098: vouchers for the tickets added to a cart that already holds the code
  describe('on a cart that already holds the CityPASS code', () => {
    const addAdults = (cartId: string, citypass: CartModifyBody['citypass'], adults = 1) =>
      cartCall(app, scene.seller, {
        method: 'POST',
        path: `my/cart/${cartId}/modify`,
        body: {
          add: [
            {
              event_session_id: scene.session.id,
              ticket_types_required: [{ ticket_type_id: scene.type.id, quantity: adults }],
            },
          ],
          citypass,
        },
      });
    const vouchersOf = async (cartId: string) =>
      (await ctx.db.select().from(cartCode).where(eq(cartCode.cartId, cartId)))[0]!
        .voucher!.split(',')
        .sort();
    async function cityCart(first: string, second: string, kidVoucher: string) {
      const res = await reserve({
        code: 'CITYPASS',
        vouchers: [adult(first), adult(second), kid(kidVoucher)],
      });
      return bundleOf(res).cart._data[0]!.id;
    }

    it('gives each new ticket its voucher, with the code named or not', async () => {
      const cartId = await cityCart('40000001', '40000002', 'C4000003');
      const unnamed = await addAdults(cartId, { vouchers: [adult('4000-0004')] });
      expect(bundleOf(unnamed).ticket._count).toBe(4);
      const named = await addAdults(cartId, { code: 'citypass', vouchers: [adult('40000005')] });
      const bundle = bundleOf(named);
      expect(bundle.ticket._count).toBe(5);
      expect(await vouchersOf(cartId)).toEqual([
        '40000001',
        '40000002',
        '40000004',
        '40000005',
        'C4000003',
      ]);
      // the held code covers the new tickets as it did the first ones (its one discount line)
      expect(bundle.cartmod._data).toMatchObject([{ code_group: 'citypass' }]);
    });

    it('discounts one ticket per voucher: tickets added without one pay their price', async () => {
      const cartId = await cityCart('80000001', '80000002', 'C8000003');
      // another client's modify with no `citypass`: the held code must not cover the new ticket
      const bare = bundleOf(await addAdults(cartId, undefined, 2));
      const adults = bare.ticket._data.filter((t) => t.ticket_type_id === scene.type.id);
      expect(adults.map((t) => t.adjusted_value)).toEqual(['0.00', '0.00', '25.00', '25.00']);
      expect(bare.cart_fees._data[0]!.total_outstanding).toBe('50.00');
      expect(bare.cartmod._data[0]!.discount).toBe('65.00');
      // the stored adjusted values agree with the bundle (what checkout charges and the order keeps)
      const stored = await ctx.db.select().from(ticket).where(eq(ticket.cartId, cartId));
      expect(stored.map((t) => t.adjustedValue).sort((a, b) => a - b)).toEqual([
        0, 0, 0, 2500, 2500,
      ]);
      // a ticket added with its voucher is covered, as the first ones were
      const paid = bundleOf(await addAdults(cartId, { vouchers: [adult('80000004')] }));
      expect(paid.cart_fees._data[0]!.total_outstanding).toBe('50.00');
      expect(paid.cartmod._data[0]!.discount).toBe('90.00');
    });

    it('checks the new vouchers as the first ones: pattern, once in the cart, once anywhere', async () => {
      const cartId = await cityCart('50000001', '50000002', 'C5000003');
      const mismatch = await addAdults(cartId, { vouchers: [adult('1'), adult('50000009')] }, 2);
      expect(errorOf(mismatch)).toMatchObject({
        _code: 'invalid_citypass',
        _extra: { ticket_type_id: scene.type.id, voucher_index: 0 },
      });
      const again = await addAdults(cartId, { vouchers: [adult('50000002')] });
      expect(errorOf(again)).toMatchObject({ _code: 'citypass_failure' });
      const other = await cityCart('60000001', '60000002', 'C6000003');
      const elsewhere = await addAdults(other, { vouchers: [adult('50000001')] });
      expect(errorOf(elsewhere)).toMatchObject({ _code: 'citypass_failure' });
      const missing = await addAdults(cartId, { vouchers: [adult('50000010')] }, 2);
      expect(errorOf(missing)).toMatchObject({
        _code: 'invalid_citypass',
        _extra: { ticket_type_id: scene.type.id, voucher_index: 1 },
      });
      // nothing refused was kept
      expect(await vouchersOf(cartId)).toEqual(['50000001', '50000002', 'C5000003']);
      expect(
        bundleOf(await addAdults(cartId, { vouchers: [adult('50000010')] })).ticket._count,
      ).toBe(4);
    });

    it('refuses vouchers without a code on a cart that holds none, and a held code that is not CityPASS', async () => {
      const res = await reserve(undefined, 1);
      const cartId = bundleOf(res).cart._data[0]!.id;
      const none = await addAdults(cartId, { vouchers: [adult('70000001')] });
      expect(none.statusCode).toBe(400);
      expect(errorOf(none)).toMatchObject({ _code: 'validation_failed' });
      const welcome = await cartCall(app, scene.seller, {
        method: 'POST',
        path: `my/cart/${cartId}/modify`,
        body: { preReservePromoCodes: ['WELCOME10'] },
      });
      expect(welcome.statusCode, welcome.body).toBe(200);
      const named = await addAdults(cartId, { code: 'WELCOME10', vouchers: [adult('70000001')] });
      expect(errorOf(named)).toMatchObject({ _code: 'invalid_citypass' });
    });
  });
});
