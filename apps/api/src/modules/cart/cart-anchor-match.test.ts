import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartModifyBody } from '@admit/contracts/cart';
import { buildTestApp } from '@/testing/build-test-app';
import {
  addBody,
  bundleOf,
  cartCall,
  errorOf,
  makeReserveScene,
  type ReserveScene,
} from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import {
  makeEvent,
  makeMeta,
  makeSession,
  makeTicketGroup,
  makeTicketType,
} from '@/testing/factories';

const NOW = new Date('2029-06-01T12:00:00Z');

/**
 * spec: shopping §3 event meta `tickets_must_match_anchor_tickets` (issue #25, decision 0065):
 * an add-on with it sells exactly as many tickets as the cart holds admission tickets.
 */
describeEachDatabase('cart: an add-on follows the admission tickets', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW });
  });
  afterAll(async () => {
    await app.close();
  });

  /** An admission event and an add-on (category "Add-ons") with two types, Adult and Child. */
  async function makeScene(options: { mustMatch: unknown; sellerAddOns?: string[] }) {
    const admission = await makeReserveScene(ctx.db, {
      sellerConfig: { anchor_categories: options.sellerAddOns ?? ['Add-ons'] },
    });
    const event = await makeEvent(ctx.db, admission.seller, { category: 'Add-ons' });
    if (options.mustMatch !== undefined) {
      await makeMeta(
        ctx.db,
        event,
        'event_template',
        'tickets_must_match_anchor_tickets',
        options.mustMatch,
      );
    }
    const group = await makeTicketGroup(ctx.db, event);
    const adult = await makeTicketType(ctx.db, group, { name: 'Adult' });
    const child = await makeTicketType(ctx.db, group, { name: 'Child' });
    const session = await makeSession(ctx.db, event, { capacity: 50 });
    const addOn = (adults: number, children = 0): NonNullable<CartModifyBody['add']>[number] => ({
      event_session_id: session.id,
      ticket_types_required: [
        { ticket_type_id: adult.id, quantity: adults },
        ...(children > 0 ? [{ ticket_type_id: child.id, quantity: children }] : []),
      ],
    });
    return { admission, addOn };
  }

  const newCart = async (scene: ReserveScene, admissions: number) =>
    bundleOf(
      await cartCall(app, scene.seller, {
        method: 'POST',
        path: 'my/cart/modify',
        body: addBody(scene, admissions),
      }),
    ).cart._data[0]!.id;

  describe('with the meta set', () => {
    it('refuses an add-on alone, in a new cart: there is no admission to follow', async () => {
      const { admission, addOn } = await makeScene({ mustMatch: true });
      const res = await cartCall(app, admission.seller, {
        method: 'POST',
        path: 'my/cart/modify',
        body: { add: [addOn(2)] },
      });
      expect(res.statusCode).toBe(422);
      expect(errorOf(res)).toMatchObject({
        _code: 'max_tickets_per_order_exceeded',
        _context: 'reserve',
        _extra: { max: 0, anchor_tickets: 0, requested: 2 },
      });
    });

    it('takes exactly as many add-on tickets as admissions, in any mix of types', async () => {
      const { admission, addOn } = await makeScene({ mustMatch: true });
      const cartId = await newCart(admission, 3);
      const modify = (add: ReturnType<typeof addOn>) =>
        cartCall(app, admission.seller, {
          method: 'POST',
          path: `my/cart/${cartId}/modify`,
          body: { add: [add] },
        });
      const over = await modify(addOn(2, 2));
      expect(over.statusCode).toBe(422);
      expect(errorOf(over)).toMatchObject({
        _code: 'max_tickets_per_order_exceeded',
        _extra: { max: 3, anchor_tickets: 3, requested: 4 },
      });
      expect(errorOf(over)._description).toBe(
        'Please choose 3 tickets for this add-on: one for each admission ticket in your cart.',
      );
      const under = await modify(addOn(1, 1));
      expect(errorOf(under)).toMatchObject({
        _code: 'min_tickets_per_order_not_met',
        _extra: { min: 3, anchor_tickets: 3, requested: 2 },
      });
      const matched = bundleOf(await modify(addOn(2, 1)));
      expect(matched.ticket._count).toBe(6);
      // a fourth add-on ticket on top of the three is one too many
      expect(errorOf(await modify(addOn(1)))).toMatchObject({
        _code: 'max_tickets_per_order_exceeded',
        _extra: { max: 3, requested: 4 },
      });
    });

    it('counts admissions and add-ons asked for in the same modify', async () => {
      const { admission, addOn } = await makeScene({ mustMatch: 'yes' });
      const body: CartModifyBody = { add: [...addBody(admission, 2).add!, addOn(1, 1)] };
      const res = await cartCall(app, admission.seller, {
        method: 'POST',
        path: 'my/cart/modify',
        body,
      });
      expect(bundleOf(res).ticket._count).toBe(4);
    });
  });

  it('leaves an add-on without the meta (or with it off), or an event no add-on, free', async () => {
    const scenes = [
      { mustMatch: undefined },
      { mustMatch: false },
      // the meta binds the seller's add-ons only (shopping §9 "Upsell anchors")
      { mustMatch: true, sellerAddOns: [] },
    ];
    for (const options of scenes) {
      const { admission, addOn } = await makeScene(options);
      const cartId = await newCart(admission, 1);
      const res = await cartCall(app, admission.seller, {
        method: 'POST',
        path: `my/cart/${cartId}/modify`,
        body: { add: [addOn(3, 2)] },
      });
      expect(bundleOf(res).ticket._count).toBe(6);
    }
  });
});
