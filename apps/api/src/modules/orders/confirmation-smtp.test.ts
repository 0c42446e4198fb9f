import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { simpleParser, type ParsedMail } from 'mailparser';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { buildTestApp } from '@/testing/build-test-app';
import { makeReserveScene, type ReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import {
  PURCHASER,
  cardEntry,
  cartRows,
  checkoutCall,
  makeCart,
  orderOf,
  tokenize,
} from '@/modules/checkout/checkout-test-kit';
import { ORDER_QR_MARGIN } from '@/lib/qr-png';

const START = new Date('2029-06-01T12:00:00Z');
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Raw pixels of a PNG, so two encodings of one image compare equal. */
async function pixels(png: Buffer): Promise<Buffer> {
  return sharp(png).greyscale().raw().toBuffer();
}

// issue #5: "Test delivery against a real SMTP server started in the test, not a mock transport"
describeEachDatabase('order confirmation delivered over SMTP', (ctx) => {
  let smtp: SMTPServer;
  let app: FastifyInstance;
  let scene: ReserveScene;
  const received: { envelopeTo: string[]; mail: ParsedMail }[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const envelopeTo = session.envelope.rcptTo.map((r) => r.address);
        // keep the cid: links as sent (by default the parser inlines them as data: URLs)
        simpleParser(stream, { keepCidLinks: true })
          .then((mail) => {
            received.push({ envelopeTo, mail });
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    app = await buildTestApp(ctx.database, {
      now: () => START,
      env: {
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        MAIL_POLL_MS: '0',
        MAIL_FROM: 'Museum <box@museum.test>',
      },
    });
    scene = await makeReserveScene(ctx.db);
  });
  afterAll(async () => {
    await app.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });
  beforeEach(() => {
    received.length = 0;
  });

  it('delivers the confirmation: recipient, subject, order number, tickets and inline QR PNGs', async () => {
    const c = await makeCart(app, scene, 2);
    const order = orderOf(
      await checkoutCall(app, scene, {
        path: `cart/${c.id}/guest_checkout`,
        body: {
          ...cardEntry('50.00', await tokenize(app, '4242424242424242')),
          purchaser: PURCHASER,
          send_email: true,
        },
      }),
    );
    const orderNumber = order.ticket_order._data[0]!.order_number;
    const { orders } = await cartRows(ctx.db, c.id);
    const orderScanCode = orders[0]!.scanCode!;

    // the outbox row is sent by the sender, not by the checkout call
    expect(received).toHaveLength(0);
    expect(await app.mailSender.tick()).toBe(1);
    expect(received).toHaveLength(1);
    const { envelopeTo, mail } = received[0]!;

    expect(envelopeTo).toEqual(['grace@example.org']);
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe('grace@example.org');
    expect(mail.subject).toBe(`Your ${scene.seller.name} order ${orderNumber}`);
    expect(mail.text).toContain(`Order #${orderNumber}`);
    expect(mail.html).toContain(`Order #${orderNumber}`);

    // both tickets by name and scan code, in the text and the HTML
    const tickets = order.ticket._data;
    expect(tickets).toHaveLength(2);
    for (const ticket of tickets) {
      const line = `${scene.event.name} – ${scene.type.name}`;
      expect(mail.text).toContain(`Ticket #${ticket.scan_code!}`);
      expect(mail.html).toContain(`Ticket #${ticket.scan_code!}`);
      expect(mail.html).toContain(`QR code of ticket #${ticket.scan_code!}`);
      expect(mail.text).toContain(line);
    }
    // the visit in the venue's zone (15:00 UTC is 10:00 in New York), never the stored instant;
    // the total in the seller's currency format
    const when = 'Tue, Jan 1, 2030 at 10:00 AM';
    expect(scene.session.startDatetime.toISOString()).toBe('2030-01-01T15:00:00.000Z');
    expect(mail.text).toContain(when);
    expect(mail.html).toContain(when);
    expect(`${mail.text}${mail.html}`).not.toContain('2030-01-01T15:00');
    expect(mail.text).toContain('Total $50.00');

    // every cid: reference resolves to an attached PNG; one for the order, one per ticket
    const cids = [...String(mail.html).matchAll(/src="cid:([^"]+)"/g)].map((m) => m[1]!);
    expect(cids).toHaveLength(1 + tickets.length);
    expect(new Set(cids).size).toBe(cids.length);
    for (const cid of cids) {
      const part = mail.attachments.find((a) => a.cid === cid);
      expect(part, `attachment for cid:${cid}`).toBeDefined();
      expect(part!.contentType).toBe('image/png');
      expect(part!.content.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
      const meta = await sharp(part!.content).metadata();
      expect(meta.format).toBe('png');
      expect(meta.width).toBe(meta.height);
      expect(meta.width).toBeGreaterThan(0);
    }

    // the order's image is the QR code of the order's scan code; each ticket's of its own
    const expected = async (content: string) =>
      pixels(await QRCode.toBuffer(content, { margin: ORDER_QR_MARGIN, width: 240 }));
    const imageOf = (cid: string) => mail.attachments.find((a) => a.cid === cid)!.content;
    // the cid of the <img> with this alt text, whatever the order of its attributes
    const cidOf = (alt: string) => {
      const tag = [...String(mail.html).matchAll(/<img\b[^>]*>/g)]
        .map((m) => m[0])
        .find((img) => img.includes(`alt="${alt}"`));
      return /src="cid:([^"]+)"/.exec(tag ?? '')![1]!;
    };
    const orderCid = cidOf(`QR code of order ${orderNumber}`);
    expect((await pixels(imageOf(orderCid))).equals(await expected(orderScanCode))).toBe(true);
    for (const ticket of tickets) {
      const cid = cidOf(`QR code of ticket #${ticket.scan_code}`);
      expect((await pixels(imageOf(cid))).equals(await expected(ticket.scan_code!))).toBe(true);
    }

    // delivered once
    expect(await app.mailSender.tick()).toBe(0);
    expect(received).toHaveLength(1);
  });
});
