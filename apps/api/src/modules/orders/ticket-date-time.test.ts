import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { APP_HEADER, APP_HEADER_VALUE } from '@admit/contracts/constants';
import { orderBundleSchema } from '@admit/contracts/checkout';
import { outbox } from '@/db/schema/mail';
import { qrPng } from '@/lib/qr-png';
import { PURCHASER } from '@/modules/checkout/checkout-test-kit';
import {
  RULES_ON,
  buyOrder,
  manageCall,
  setSelfEditRules,
  type BoughtOrder,
} from '@/modules/manage/manage-test-kit';
import { buildTestApp } from '@/testing/build-test-app';
import { makeReserveScene, type ReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeMeta, makeSession, type SessionRow } from '@/testing/factories';
import { appleWalletSettings, makeAppleSigner, unzipStored } from '@/testing/wallet-credentials';

/*
 * issue #25: the event meta ticket_date_time (shopping §3) was read by the cart only, and the
 * wallet pass wrote US dates for every seller. Here a British seller (locale en-GB, in New York)
 * sells an event that shows its end time: the confirmation, the reschedule mail, the resent
 * confirmation and the Apple pass all read "Tue 1 Jan 2030, 10:00 – 11:00". The tickets page
 * reads the setting from the order bundle and each ticket's own QR code.
 */

const START = new Date('2029-06-01T12:00:00Z');
const FREE = { amount: '0.00', gateway_id: 'free', gateway_data: {} };
// the scene's session: 15:00–16:00 UTC on 1 January 2030, 10:00–11:00 in New York
const FIRST_VISIT = 'Tue 1 Jan 2030, 10:00 – 11:00';
// the later session: 15:00–16:00 UTC on 1 February 2030
const LATER_VISIT = 'Fri 1 Feb 2030, 10:00 – 11:00';

describeEachDatabase(
  'ticket_date_time and the seller locale in mails, passes and QR codes',
  (ctx) => {
    let app: FastifyInstance;
    let scene: ReserveScene;
    let later: SessionRow;
    let order: BoughtOrder;
    const apple = makeAppleSigner();

    beforeAll(async () => {
      app = await buildTestApp(ctx.database, { now: START, env: { MAIL_POLL_MS: '0' } });
      scene = await makeReserveScene(ctx.db, {
        sellerConfig: {
          locale: 'en-GB',
          private: { wallet: { apple: appleWalletSettings(apple) } },
        },
      });
      await setSelfEditRules(ctx.db, scene.seller.id, RULES_ON);
      await makeMeta(ctx.db, scene.event, 'event_template', 'ticket_date_time', 'show-end');
      later = await makeSession(ctx.db, scene.event, {
        startDatetime: new Date('2030-02-01T15:00:00Z'),
        capacity: 50,
      });
      order = await buyOrder(app, scene, 2);
    });
    afterAll(async () => {
      await app.close();
    });

    const mailsOf = (kind: string) =>
      ctx.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.kind, kind), eq(outbox.sellerId, scene.seller.id)));
    const get = (path: string, secret: string | null = order.secret) =>
      manageCall(app, scene, { method: 'GET', path, secret, key: null });

    it('the confirmation reads each visit with its end time, day first on a 24-hour clock', async () => {
      const [mail] = await mailsOf('order_confirmation');
      expect(mail!.textBody).toContain(FIRST_VISIT);
      expect(mail!.htmlBody).toContain(FIRST_VISIT);
      expect(mail!.textBody).not.toMatch(/\d{1,2}:\d{2} [AP]M/);
    });

    it('the Apple pass reads the visit as the mail does', async () => {
      const res = await get(`ticket/${order.ticketIds[0]}/pkpass`);
      expect(res.statusCode, res.body).toBe(200);
      const pass = JSON.parse(unzipStored(res.rawPayload).get('pass.json')!.toString('utf8'));
      expect(pass.eventTicket.auxiliaryFields).toEqual([
        expect.objectContaining({ key: 'when', value: FIRST_VISIT }),
      ]);
    });

    it('the order bundle carries the setting, and each ticket has its own QR code for its holder only', async () => {
      const read = await get(`ticket_order/${order.orderId}`);
      expect(read.statusCode, read.body).toBe(200);
      const bundle = orderBundleSchema.parse(read.json());
      expect(
        bundle.meta?._data.filter((m) => m.resource === 'event_template').map((m) => m.value),
      ).toEqual(['show-end']);
      const [first, second] = bundle.ticket._data;
      const qr = (ticketId: string, secret: string) =>
        app.inject({
          method: 'GET',
          url: `/cached_api/ticket_order/${order.orderId}/ticket/${ticketId}/qrcode?margin=4&_seller=${scene.seller.slug}&secret=${secret}`,
          headers: { [APP_HEADER]: APP_HEADER_VALUE },
        });
      const image = await qr(first!.id, order.secret);
      expect(image.statusCode, image.body).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      // the ticket's own scan code, the one the e-mail's and the pass's QR codes carry
      expect(image.rawPayload.equals(await qrPng(first!.scan_code!, 4))).toBe(true);
      expect((await qr(second!.id, order.secret)).rawPayload.equals(image.rawPayload)).toBe(false);
      expect((await qr(first!.id, 'wrong')).statusCode).toBe(404);
      const other = await buyOrder(app, scene, 1);
      expect((await qr(other.ticketIds[0]!, order.secret)).statusCode).toBe(404);
    });

    it('the reschedule mail and the resent confirmation read the new visit the same way', async () => {
      const edit = await manageCall(app, scene, {
        path: `ticket_order/${order.orderId}/edit`,
        secret: order.secret,
        body: { reschedule: [{ ticket_ids: [order.ticketIds[0]], event_session_id: later.id }] },
      });
      expect(edit.statusCode, edit.body).toBe(200);
      const done = await manageCall(app, scene, {
        path: `ticket_order/${order.orderId}/edit/pay`,
        secret: order.secret,
        body: FREE,
      });
      expect(done.statusCode, done.body).toBe(201);
      const [update] = await mailsOf('order_update');
      expect(update!.textBody).toContain(`This ticket was rescheduled to:`);
      expect(update!.textBody).toContain(LATER_VISIT);
      expect(update!.textBody).toContain(FIRST_VISIT);

      const resent = await app.inject({
        method: 'POST',
        url: `/api/ticket_order/resend?_seller=${scene.seller.slug}`,
        headers: { [APP_HEADER]: APP_HEADER_VALUE },
        payload: { email: PURCHASER.email },
      });
      expect(resent.statusCode, resent.body).toBe(200);
      const resends = await mailsOf('order_resend');
      expect(resends.map((m) => m.textBody).join('\n')).toContain(LATER_VISIT);
      expect(resends.map((m) => m.textBody).join('\n')).not.toMatch(/\d{1,2}:\d{2} [AP]M/);
    });
  },
);
