import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CartBundle } from '@admit/contracts/cart';
import { sellerOrdersResponseSchema } from '@admit/contracts/seller-api';
import {
  PURCHASER,
  cardEntry,
  checkoutCall,
  orderOf,
  tokenize,
} from '@/modules/checkout/checkout-test-kit';
import { adminCall, makeApiKey } from '@/modules/check-in/check-in-test-kit';
import { buildTestApp } from '@/testing/build-test-app';
import { bundleOf, cartCall, makeReserveScene, type ReserveScene } from '@/testing/cart-fixtures';
import { makeCode } from '@/testing/code-factories';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeTicketGroup, makeTicketType, type TicketTypeRow } from '@/testing/factories';
import { sumOfLines } from './pricing-test-kit';

/**
 * The pricing model of issue 22 through the API (decision 0047): a code on every ticket leaves a
 * donation whole, a free admission carries no fees, and the cart's subtotal is its lines' sum.
 */

const NOW = new Date('2029-06-01T12:00:00Z');
// the demo museum's adult admission: 25.00 + a 2.00 service charge + 8.875 % tax
const MUSEUM_FEES = [
  { name: 'fee_fixed_outside', fee: 200 },
  { name: 'fee_percent_outside', fee: 8875 },
];

describeEachDatabase('pricing: discounts, then fees, per line', (ctx) => {
  let app: FastifyInstance;
  let scene: ReserveScene;
  let gift: TicketTypeRow;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW, env: { MAIL_POLL_MS: '0' } });
    scene = await makeReserveScene(ctx.db, {
      sellerConfig: {
        citypass_code_groups: {
          citypass: { adult_regexp: '\\d{10}', child_regexp: 'C\\d{9}' },
        },
      },
      type: { name: 'Adult', amount: 2500, outsideFees: MUSEUM_FEES },
    });
    const donations = await makeTicketGroup(ctx.db, scene.event, { handler: 'donation' });
    gift = await makeTicketType(ctx.db, donations, {
      name: 'Gift',
      amount: 1000,
      amountMin: 100,
      amountMax: 100_000,
    });
    await makeCode(ctx.db, scene.seller, { code: 'WELCOME10', discountValue: 10_000 });
    await makeCode(ctx.db, scene.seller, {
      code: 'CITYPASS',
      codeGroup: 'citypass',
      discountValue: 100_000,
      resource: 'ticket_group',
      resourceId: scene.group.id,
    });
  });
  afterAll(async () => {
    await app.close();
  });

  const reserve = async (donation: string | null) => {
    const tickets = [
      { ticket_type_id: scene.type.id, event_session_id: scene.session.id },
      ...(donation
        ? [{ ticket_type_id: gift.id, event_session_id: scene.session.id, face_value: donation }]
        : []),
    ];
    return bundleOf(
      await cartCall(app, scene.seller, {
        method: 'POST',
        path: 'my/cart/modify',
        body: { reserve: { tickets } },
      }),
    );
  };
  const applyCode = async (cartId: string, body: Record<string, unknown>) =>
    bundleOf(
      await cartCall(app, scene.seller, {
        method: 'POST',
        path: `cart/${cartId}/apply_code`,
        body,
      }),
    );
  const feesOf = (bundle: CartBundle) => bundle.cart_fees._data[0]!;
  const valueOf = (bundle: CartBundle, typeId: string) =>
    bundle.ticket._data.find((t) => t.ticket_type_id === typeId)!.adjusted_value;

  it('WELCOME10 (10 % off every ticket) leaves a donation whole, in the cart and the export', async () => {
    const cartId = (await reserve('12.50')).cart._data[0]!.id;
    const bundle = await applyCode(cartId, { code: 'welcome10' });
    expect(valueOf(bundle, gift.id)).toBe('12.50');
    expect(valueOf(bundle, scene.type.id)).toBe('22.50');
    // fees on 22.50: 2.00 + 8.875 % = 2.00 + 2.00 (1.996875 → 2.00)
    expect(feesOf(bundle)).toMatchObject({
      total_before_cartmod_price: '37.50',
      total_cartmod_amount: '2.50',
      total_fee_fixed_outside: '2.00',
      total_fee_percent_outside: '2.00',
      total_outstanding: '39.00',
    });
    expect(bundle.cartmod._data[0]).toMatchObject({ discount: '2.50' });

    const order = orderOf(
      await checkoutCall(app, scene, {
        path: `cart/${cartId}/guest_checkout`,
        body: {
          ...cardEntry('39.00', await tokenize(app, '4242424242424242')),
          purchaser: PURCHASER,
        },
      }),
    );
    const orderId = order.ticket_order._data[0]!.id;
    const key = (await makeApiKey(ctx.db, scene.seller.slug, 'Export', NOW)).key;
    const exported = sellerOrdersResponseSchema.parse(
      (await adminCall(app, key, { path: `ticket_order/${orderId}` })).json(),
    );
    expect(exported.ticket_order._data[0]!.total_after_fees_price).toBe('39.00');
    const donated = exported.ticket._data.find((t) => t.ticket_type_id === gift.id)!;
    expect(donated).toMatchObject({ face_value: '12.50', adjusted_value: '12.50' });
  });

  it('a CityPASS admission (100 % off) totals 0.00: no service charge, no tax', async () => {
    const reserved = await reserve(null);
    const cartId = reserved.cart._data[0]!.id;
    const ticketId = reserved.ticket._data[0]!.id;
    const bundle = await applyCode(cartId, {
      code: 'CITYPASS',
      vouchers: [{ ticket_id: ticketId, voucher: '1234567890' }],
    });
    expect(valueOf(bundle, scene.type.id)).toBe('0.00');
    expect(feesOf(bundle)).toMatchObject({
      total_before_cartmod_price: '25.00',
      total_cartmod_amount: '25.00',
      total_fee_fixed_outside: '0.00',
      total_fee_percent_outside: '0.00',
      total_outstanding: '0.00',
    });
  });

  it("the subtotal is the sum of the lines' face values, and the total follows from it", async () => {
    const cartId = (await reserve('7.77')).cart._data[0]!.id;
    const bundle = await applyCode(cartId, { code: 'WELCOME10' });
    const lines = sumOfLines(bundle);
    expect(feesOf(bundle).total_before_cartmod_price).toBe(lines.subtotal);
    expect(feesOf(bundle).total_cartmod_amount).toBe(lines.discounts);
    expect(feesOf(bundle).total_outstanding).toBe(lines.outstanding);
  });
});
