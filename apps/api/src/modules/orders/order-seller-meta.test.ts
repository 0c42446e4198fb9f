import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cartBundleSchema } from '@admit/contracts/cart';
import { orderBundleSchema } from '@admit/contracts/checkout';
import { buildTestApp } from '@/testing/build-test-app';
import { cartCall, makeReserveScene, type ReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeMeta } from '@/testing/factories';
import {
  PURCHASER,
  cardEntry,
  checkoutCall,
  makeCart,
  orderOf,
  tokenize,
} from '@/modules/checkout/checkout-test-kit';

/** Seller meta rows in the cart and order bundles (identity §2, §3 "Seller meta"; decision 0019). */

const START = new Date('2029-06-01T12:00:00Z');
const LINKS = [{ label: 'Plan a visit', url: '/shop/events' }];

describeEachDatabase('seller meta in the cart and order bundles', (ctx) => {
  let app: FastifyInstance;
  let scene: ReserveScene;
  let other: ReserveScene;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: START, env: { MAIL_POLL_MS: '0' } });
    scene = await makeReserveScene(ctx.db);
    other = await makeReserveScene(ctx.db);
    const own = { id: scene.seller.id, sellerId: scene.seller.id };
    await makeMeta(ctx.db, own, 'seller', 'portal_terms', '<p>Our terms</p>');
    await makeMeta(ctx.db, own, 'seller', 'completed_order_message', 'Thanks from us');
    await makeMeta(ctx.db, own, 'seller', 'completed_order_links', LINKS);
    // a seller row no page reads stays on the server
    await makeMeta(ctx.db, own, 'seller', 'internal_note', 'staff only');
    const theirs = { id: other.seller.id, sellerId: other.seller.id };
    await makeMeta(ctx.db, theirs, 'seller', 'portal_terms', '<p>Their terms</p>');
    await makeMeta(ctx.db, theirs, 'seller', 'completed_order_message', 'Thanks from them');
  });
  afterAll(async () => {
    await app.close();
  });

  const sellerRows = (meta: { resource: string; resource_id: string; key: string }[] = []) =>
    meta.filter((m) => m.resource === 'seller').map((m) => [m.resource_id, m.key]);

  it('answers the seller’s portal terms in every cart bundle, never another seller’s', async () => {
    const created = await cartCall(app, scene.seller, {
      method: 'POST',
      path: 'my/cart/modify',
      body: {
        add: [
          {
            event_session_id: scene.session.id,
            ticket_types_required: [{ ticket_type_id: scene.type.id, quantity: 1 }],
          },
        ],
      },
    });
    expect(created.statusCode).toBe(201);
    // the new-cart answer is built from the reserve plan's rows: it carries them too
    const fresh = cartBundleSchema.parse(created.json());
    expect(sellerRows(fresh.meta._data)).toEqual([[scene.seller.id, 'portal_terms']]);
    const terms = fresh.meta._data.find((m) => m.key === 'portal_terms');
    expect(terms?.value).toBe('<p>Our terms</p>');

    const cartId = fresh.cart._data[0]!.id;
    const read = await cartCall(app, scene.seller, { method: 'GET', path: `my/cart/${cartId}` });
    const bundle = cartBundleSchema.parse(read.json());
    expect(sellerRows(bundle.meta._data)).toEqual([[scene.seller.id, 'portal_terms']]);

    const theirs = cartBundleSchema.parse(
      (
        await cartCall(app, other.seller, {
          method: 'POST',
          path: 'my/cart/modify',
          body: {
            add: [
              {
                event_session_id: other.session.id,
                ticket_types_required: [{ ticket_type_id: other.type.id, quantity: 1 }],
              },
            ],
          },
        })
      ).json(),
    );
    expect(theirs.meta._data.filter((m) => m.resource === 'seller').map((m) => m.value)).toEqual([
      '<p>Their terms</p>',
    ]);
  });

  it('answers the completed_* rows in the checkout answer and the order read', async () => {
    const c = await makeCart(app, scene, 1);
    const order = orderOf(
      await checkoutCall(app, scene, {
        path: `cart/${c.id}/guest_checkout`,
        body: {
          ...cardEntry('25.00', await tokenize(app, '4242424242424242')),
          purchaser: PURCHASER,
        },
      }),
    );
    const expected = [
      [scene.seller.id, 'completed_order_links'],
      [scene.seller.id, 'completed_order_message'],
    ];
    expect(sellerRows(order.meta?._data)).toEqual(expected);
    expect(order.meta?._data.find((m) => m.key === 'completed_order_links')?.value).toEqual(LINKS);

    const id = order.ticket_order._data[0]!.id;
    const res = await app.inject({
      method: 'GET',
      url: `/api/ticket_order/${id}?_seller=${scene.seller.slug}&secret=${order.access_secret}`,
    });
    const read = orderBundleSchema.parse(res.json());
    expect(sellerRows(read.meta?._data)).toEqual(expected);
    expect(read.meta?._data.map((m) => m.value)).not.toContain('Thanks from them');
  });
});
