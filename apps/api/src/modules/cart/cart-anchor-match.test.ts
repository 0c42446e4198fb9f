import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartBundle, CartModifyBody } from '@admit/contracts/cart';
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

  describe('when the admission falls (decision 0076)', () => {
    /** A cart of `admissions` admission tickets and as many add-on tickets (Adults, one Child). */
    async function fullCart(admissions: number, mustMatch: unknown = true) {
      const scene = await makeScene({ mustMatch });
      const { admission, addOn } = scene;
      const cartId = await newCart(admission, admissions);
      const bundle = bundleOf(
        await cartCall(app, admission.seller, {
          method: 'POST',
          path: `my/cart/${cartId}/modify`,
          body: { add: [addOn(admissions - 1, 1)] },
        }),
      );
      const ofEvent = (b: CartBundle, eventId: string) =>
        b.ticket._data.filter((t) => t.event_template_id === eventId).map((t) => t.id);
      const addOnEvent = bundle.ticket._data.find(
        (t) => t.event_template_id !== admission.event.id,
      )!.event_template_id;
      return {
        ...scene,
        cartId,
        admissions: ofEvent(bundle, admission.event.id),
        addOns: ofEvent(bundle, addOnEvent),
        addOnsOf: (b: CartBundle) => ofEvent(b, addOnEvent),
        admissionsOf: (b: CartBundle) => ofEvent(b, admission.event.id),
      };
    }

    it('removing admission tickets takes the add-on tickets beyond them, the last first', async () => {
      const cart = await fullCart(3);
      const res = await cartCall(app, cart.admission.seller, {
        method: 'POST',
        path: `cart/${cart.cartId}/remove`,
        body: { tickets: [cart.admissions[0]] },
      });
      const bundle = bundleOf(res);
      expect(cart.admissionsOf(bundle)).toEqual(cart.admissions.slice(1));
      // the Child ticket was made last
      expect(cart.addOnsOf(bundle)).toEqual(cart.addOns.slice(0, 2));
      const all = await cartCall(app, cart.admission.seller, {
        method: 'POST',
        path: `cart/${cart.cartId}/remove`,
        body: { tickets: cart.admissions.slice(1) },
      });
      expect(bundleOf(all).ticket._count).toBe(0);
    });

    it('a modify trims on the cart it leaves: a removal alone trims, a change of type does not', async () => {
      const cart = await fullCart(3);
      const modify = (body: CartModifyBody) =>
        cartCall(app, cart.admission.seller, {
          method: 'POST',
          path: `my/cart/${cart.cartId}/modify`,
          body,
        }).then(bundleOf);
      // two admission tickets out and two in, in one modify: the add-on stays whole
      const swapped = await modify(
        addBody(cart.admission, 2, { remove: { tickets: cart.admissions.slice(0, 2) } }),
      );
      expect(cart.admissionsOf(swapped)).toHaveLength(3);
      expect(cart.addOnsOf(swapped)).toEqual(cart.addOns);
      const removed = await modify({ remove: { tickets: cart.admissionsOf(swapped).slice(0, 2) } });
      expect(cart.addOnsOf(removed)).toEqual(cart.addOns.slice(0, 1));
    });

    it('leaves an add-on without the meta as it is', async () => {
      const cart = await fullCart(2, false);
      const res = await cartCall(app, cart.admission.seller, {
        method: 'POST',
        path: `cart/${cart.cartId}/remove`,
        body: { tickets: cart.admissions },
      });
      expect(cart.addOnsOf(bundleOf(res))).toEqual(cart.addOns);
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
