import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CartBundle } from '@admit/contracts/cart';
import { buildTestApp } from '@/testing/build-test-app';
import { bundleOf, cartCall, makeReserveScene, type ReserveScene } from '@/testing/cart-fixtures';
import { makeCode } from '@/testing/code-factories';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeTicketGroup, makeTicketType, type TicketTypeRow } from '@/testing/factories';

/**
 * The cart bundle's ticket types carry `discounted_amount` (shopping §3 "Ticket type"; decision
 * 0075): the type's amount after the cart's codes by the pricing model (decision 0047), and
 * exactly the adjusted value of the cart's ticket of that type.
 */

const NOW = new Date('2029-06-01T12:00:00Z');

describeEachDatabase('cart bundle: discounted_amount of the ticket types', (ctx) => {
  let app: FastifyInstance;
  let scene: ReserveScene;
  let child: TicketTypeRow;
  let gift: TicketTypeRow;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW, env: { MAIL_POLL_MS: '0' } });
    scene = await makeReserveScene(ctx.db, { type: { name: 'Adult', amount: 2500 } });
    child = await makeTicketType(ctx.db, scene.group, { name: 'Child', amount: 1200 });
    const donations = await makeTicketGroup(ctx.db, scene.event, { handler: 'donation' });
    gift = await makeTicketType(ctx.db, donations, {
      name: 'Gift',
      amount: 1000,
      amountMin: 100,
      amountMax: 100_000,
    });
    await makeCode(ctx.db, scene.seller, { code: 'WELCOME10', discountValue: 10_000 });
    await makeCode(ctx.db, scene.seller, {
      code: 'FAMILY5',
      discountType: 'fixed',
      discountValue: 500,
      resource: 'ticket_type',
      resourceId: scene.type.id,
    });
  });
  afterAll(async () => {
    await app.close();
  });

  const reserve = async () => {
    const at = { event_session_id: scene.session.id };
    const tickets = [
      { ticket_type_id: scene.type.id, ...at },
      { ticket_type_id: child.id, ...at },
      { ticket_type_id: gift.id, ...at, face_value: '12.50' },
    ];
    return bundleOf(
      await cartCall(app, scene.seller, {
        method: 'POST',
        path: 'my/cart/modify',
        body: { reserve: { tickets } },
      }),
    );
  };
  const applyCode = async (cartId: string, code: string) =>
    bundleOf(
      await cartCall(app, scene.seller, {
        method: 'POST',
        path: `cart/${cartId}/apply_code`,
        body: { code },
      }),
    );
  const discountedOf = (bundle: CartBundle) =>
    Object.fromEntries(bundle.ticket_type._data.map((t) => [t.name, t.discounted_amount]));
  const adjustedOf = (bundle: CartBundle, typeId: string) =>
    bundle.ticket._data.find((t) => t.ticket_type_id === typeId)!.adjusted_value;

  it('is null on every type while the cart holds no code', async () => {
    const bundle = await reserve();
    expect(discountedOf(bundle)).toEqual({ Adult: null, Child: null, Gift: null });
  });

  it('a promo code on every ticket (10 %) discounts the tickets, never the donation', async () => {
    const cartId = (await reserve()).cart._data[0]!.id;
    const bundle = await applyCode(cartId, 'welcome10');
    expect(discountedOf(bundle)).toEqual({ Adult: '22.50', Child: '10.80', Gift: null });
    expect(adjustedOf(bundle, scene.type.id)).toBe('22.50');
    expect(adjustedOf(bundle, child.id)).toBe('10.80');
    // the same figure on the cart's next read
    const read = bundleOf(
      await cartCall(app, scene.seller, { method: 'GET', path: `cart/${cartId}` }),
    );
    expect(discountedOf(read)).toEqual(discountedOf(bundle));
  });

  it('a code on one type (5.00 off the adult) and the best single code per type', async () => {
    const cartId = (await reserve()).cart._data[0]!.id;
    const family = await applyCode(cartId, 'FAMILY5');
    expect(discountedOf(family)).toEqual({ Adult: '20.00', Child: null, Gift: null });
    // with WELCOME10 too: 5.00 beats 2.50 on the adult; the child takes the 10 %
    const both = await applyCode(cartId, 'WELCOME10');
    expect(discountedOf(both)).toEqual({ Adult: '20.00', Child: '10.80', Gift: null });
    expect(adjustedOf(both, scene.type.id)).toBe('20.00');
    expect(adjustedOf(both, child.id)).toBe('10.80');
  });
});
