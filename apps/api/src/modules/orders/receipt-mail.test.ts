import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ledgerCard } from '@/db/schema/codes';
import { outbox } from '@/db/schema/mail';
import { buildTestApp } from '@/testing/build-test-app';
import { bundleOf, cartCall, makeReserveScene, type ReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeTicketGroup, makeTicketType } from '@/testing/factories';
import {
  PURCHASER,
  cardEntry,
  checkoutCall,
  orderOf,
  tokenize,
} from '@/modules/checkout/checkout-test-kit';

/**
 * The confirmation as a finance team reads it (issue #22 "Receipts a finance team accepts"),
 * through a real checkout: each line's price, service charge and tax, a donation as a
 * donation (no QR code), the payments by card brand and last 4 and by masked gift card number,
 * and the balance due.
 */

const NOW = new Date('2029-06-01T12:00:00Z');

describeEachDatabase('orders: the confirmation is a receipt', (ctx) => {
  let app: FastifyInstance;
  let scene: ReserveScene;
  let donationTypeId: string;

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW, env: { MAIL_POLL_MS: '0' } });
    scene = await makeReserveScene(ctx.db, {
      type: {
        name: 'Adult',
        amount: 2000,
        outsideFees: [
          { name: 'fee_fixed_outside', fee: 150 },
          { name: 'fee_percent_outside', fee: 8875 },
        ],
      },
    });
    const donations = await makeTicketGroup(ctx.db, scene.event, {
      name: 'Support us',
      handler: 'donation',
    });
    donationTypeId = (await makeTicketType(ctx.db, donations, { name: 'Gift', amount: 1250 })).id;
    await ctx.db.insert(ledgerCard).values({
      sellerId: scene.seller.id,
      number: 'GIFT00002000',
      balance: 1000,
      currency: 'USD',
    });
  });
  afterAll(async () => {
    await app.close();
  });

  it('lists each line with its fees and tax, the donation, the payments and the balance due', async () => {
    const cart = bundleOf(
      await cartCall(app, scene.seller, {
        method: 'POST',
        path: 'my/cart/modify',
        body: {
          add: [
            {
              event_session_id: scene.session.id,
              ticket_types_required: [
                { ticket_type_id: scene.type.id, quantity: 2 },
                { ticket_type_id: donationTypeId, quantity: 1 },
              ],
            },
          ],
        },
      }),
    ).cart._data[0]!;
    const gift = await checkoutCall(app, scene, {
      path: `cart/${cart.id}/pay`,
      body: {
        amount: '10.00',
        gateway_id: 'ledger',
        gateway_data: { ledger_type: 'ledger', ledger_number: 'GIFT00002000' },
      },
    });
    expect(gift.statusCode, gift.body).toBe(200);
    // 2 × (20.00 + 1.50 service charge + 1.78 tax) + 12.50 donation = 59.06; 10.00 paid
    const order = orderOf(
      await checkoutCall(app, scene, {
        path: `cart/${cart.id}/guest_checkout`,
        body: {
          ...cardEntry('49.06', await tokenize(app, '4242 4242 4242 4242')),
          purchaser: PURCHASER,
        },
      }),
    );
    expect(order.ticket_order_fees._data[0]!.total_after_fees_price).toBe('59.06');
    const [mail] = await ctx.db
      .select()
      .from(outbox)
      .where(eq(outbox.toAddress, 'grace@example.org'));
    const text = mail!.textBody;
    for (const line of [
      '2 × Adult $40.00',
      'Service charge $3.00',
      'Tax $3.56',
      'Line total $46.56',
      'Donation $12.50',
      'Subtotal $52.50',
      'Total $59.06',
      'Paid with Gift card •••• 2000 $10.00',
      'Paid with Visa •••• 4242 $49.06',
      'Balance due $0.00',
    ]) {
      expect(text, line).toContain(line);
    }
    // the two admissions carry a QR code; the donation does not
    const cids = (mail!.attachments as { cid: string }[]).map((a) => a.cid);
    expect(cids).toEqual(['order-qr', 'ticket-1-qr', 'ticket-2-qr']);
    expect(text.match(/Ticket #/g)).toHaveLength(2);
    expect(text).not.toContain('Support us – Gift');
  });
});
