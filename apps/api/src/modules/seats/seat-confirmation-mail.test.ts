import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { outbox } from '@/db/schema/mail';
import { buildTestApp } from '@/testing/build-test-app';
import { bundleOf, cartCall } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import {
  PURCHASER,
  cardEntry,
  checkoutCall,
  orderOf,
  tokenize,
} from '@/modules/checkout/checkout-test-kit';
import { makeSeatedScene, seatsBody, type SeatedScene } from './seats-test-kit';

/**
 * The order confirmation names each seated ticket's seat (issue #24), as the tickets page does:
 * "Seat: Stalls, Row A, seat 2", in the HTML and in the plain-text part.
 */

const NOW = new Date('2029-06-01T12:00:00Z');

describeEachDatabase('seats: the confirmation mail names the seats', (ctx) => {
  let app: FastifyInstance;
  let scene: SeatedScene;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW, env: { MAIL_POLL_MS: '0' } });
    scene = await makeSeatedScene(ctx.db, { rows: 4, perRow: 4 });
  });
  afterAll(async () => {
    await app.close();
  });

  it('names each booked seat on its ticket card, and no seat of another', async () => {
    const bundle = bundleOf(
      await cartCall(app, scene.seller, {
        method: 'POST',
        path: 'my/cart/modify',
        body: seatsBody(scene, [scene.seat('A2'), scene.seat('D3')]),
      }),
    );
    const cart = bundle.cart._data[0]!;
    const { total_outstanding: amount } = bundle.cart_fees._data[0]!;
    const res = await checkoutCall(app, scene, {
      path: `cart/${cart.id}/guest_checkout`,
      body: {
        ...cardEntry(amount, await tokenize(app, '4242 4242 4242 4242')),
        purchaser: PURCHASER,
      },
    });
    expect(orderOf(res).ticket._data.map((t) => t.state)).toEqual(['booked', 'booked']);

    const [mail] = await ctx.db.select().from(outbox).where(eq(outbox.toAddress, PURCHASER.email));
    expect(mail!.kind).toBe('order_confirmation');
    for (const body of [mail!.textBody, mail!.htmlBody!]) {
      // rows A–B are the Stalls, C–D the Circle (seats-test-kit)
      expect(body).toContain('Seat: Stalls, Row A, seat 2');
      expect(body).toContain('Seat: Circle, Row D, seat 3');
      expect(body.match(/Seat: /g)).toHaveLength(2);
    }
  });
});
