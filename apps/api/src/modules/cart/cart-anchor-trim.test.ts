import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CartBundle, CartModifyBody } from '@admit/contracts/cart';
import { buildTestApp } from '@/testing/build-test-app';
import { bundleOf, cartCall, makeReserveScene } from '@/testing/cart-fixtures';
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
 * spec: shopping §3 event meta `tickets_must_match_anchor_tickets` (issue #25, decision 0098):
 * when the admission falls, the add-on tickets that go are those of the admission's type that
 * went (by type name), not merely the last made.
 */
describeEachDatabase('cart: the add-on trim takes the type the admission lost', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW });
  });
  afterAll(async () => {
    await app.close();
  });

  /**
   * Admission Adult ×2 and Child ×1, then the add-on Adult ×2 and Child ×1 in that order: the
   * add-on's Child ticket is the last made (what the trim of decision 0076 took).
   */
  async function familyCart() {
    const scene = await makeReserveScene(ctx.db, {
      type: { name: 'Adult' },
      sellerConfig: { anchor_categories: ['Add-ons'] },
    });
    const child = await makeTicketType(ctx.db, scene.group, { name: 'Child' });
    const event = await makeEvent(ctx.db, scene.seller, { category: 'Add-ons' });
    const group = await makeTicketGroup(ctx.db, event);
    const addOnAdult = await makeTicketType(ctx.db, group, { name: 'adult' });
    const addOnChild = await makeTicketType(ctx.db, group, { name: 'Child' });
    const session = await makeSession(ctx.db, event, { capacity: 50 });
    const modify = (path: string, body: CartModifyBody) =>
      cartCall(app, scene.seller, { method: 'POST', path, body }).then(bundleOf);
    const first = await modify('my/cart/modify', {
      add: [
        {
          event_session_id: scene.session.id,
          ticket_types_required: [
            { ticket_type_id: scene.type.id, quantity: 2 },
            { ticket_type_id: child.id, quantity: 1 },
          ],
        },
      ],
    });
    const cartId = first.cart._data[0]!.id;
    const line = (typeId: string, quantity: number) => ({
      event_session_id: session.id,
      ticket_types_required: [{ ticket_type_id: typeId, quantity }],
    });
    // the Child in a modify of its own, so it is surely made last; the meta comes after (a
    // modify adding the add-on must match the admission whole)
    await modify(`my/cart/${cartId}/modify`, { add: [line(addOnAdult.id, 2)] });
    const full = await modify(`my/cart/${cartId}/modify`, { add: [line(addOnChild.id, 1)] });
    await makeMeta(ctx.db, event, 'event_template', 'tickets_must_match_anchor_tickets', true);
    const idsOf = (b: CartBundle, typeId: string) =>
      b.ticket._data.filter((t) => t.ticket_type_id === typeId).map((t) => t.id);
    return {
      scene,
      cartId,
      modify,
      adults: idsOf(full, scene.type.id),
      addOnAdults: idsOf(full, addOnAdult.id),
      addOnChild: idsOf(full, addOnChild.id),
      addOnsOf: (b: CartBundle) =>
        b.ticket._data.filter((t) => t.event_template_id === event.id).map((t) => t.id),
    };
  }

  it('removing an Adult admission takes an Adult add-on ticket, not the Child made last', async () => {
    const cart = await familyCart();
    const res = await cartCall(app, cart.scene.seller, {
      method: 'POST',
      path: `cart/${cart.cartId}/remove`,
      body: { tickets: [cart.adults[0]] },
    });
    const left = cart.addOnsOf(bundleOf(res));
    expect(left).toHaveLength(2);
    expect(left).toContain(cart.addOnChild[0]);
    // of the two Adult add-on tickets, the last made goes
    expect(left).toContain(cart.addOnAdults[0]);
  });

  it('a modify that removes an Adult admission trims the same way', async () => {
    const cart = await familyCart();
    const bundle = await cart.modify(`my/cart/${cart.cartId}/modify`, {
      remove: { tickets: [cart.adults[1]!] },
    });
    expect([...cart.addOnsOf(bundle)].sort()).toEqual(
      [cart.addOnAdults[0]!, cart.addOnChild[0]!].sort(),
    );
  });
});
