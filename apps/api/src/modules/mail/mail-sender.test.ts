import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { outbox } from '@/db/schema/mail';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeSeller, type SellerRow } from '@/testing/factories';
import {
  createMailSender,
  MAIL_MAX_ATTEMPTS,
  retryDelayMs,
  type MailTransport,
} from './mail-sender';
import { enqueueMail } from './outbox';

const START = new Date('2029-06-01T12:00:00Z');
// a 1×1 PNG, inline as cid:logo
const PIXEL =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

describeEachDatabase('mail: outbox sender over SMTP', (ctx) => {
  let smtp: SMTPServer;
  let app: FastifyInstance;
  let now = START;
  let seller: SellerRow;
  const received: ParsedMail[] = [];
  /** how many of the next RCPT TO commands the server refuses with a temporary error */
  let refuseNext = 0;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(_address, _session, callback) {
        if (refuseNext > 0) {
          refuseNext--;
          return callback(
            Object.assign(new Error('mailbox busy, try later'), { responseCode: 451 }),
          );
        }
        callback();
      },
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((parsed) => {
            received.push(parsed);
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    app = await buildTestApp(ctx.database, {
      now: () => now,
      env: {
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        MAIL_POLL_MS: '0',
        MAIL_FROM: 'Museum <box@museum.test>',
      },
    });
    seller = await makeSeller(ctx.db, { name: 'Museum of Tests' });
  });
  afterAll(async () => {
    await app.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });
  beforeEach(() => {
    now = START;
    refuseNext = 0;
    received.length = 0;
  });

  const rowOf = async (id: string) =>
    (await ctx.db.select().from(outbox).where(eq(outbox.id, id)))[0]!;

  const queue = (to: string, subject = 'Your tickets') =>
    enqueueMail(ctx.db, {
      sellerId: seller.id,
      kind: 'order_resend',
      to,
      subject,
      text: 'Order #A-1',
      html: '<p>Order #A-1</p><img src="cid:logo" alt="">',
      attachments: [{ filename: 'logo.png', cid: 'logo', contentType: 'image/png', base64: PIXEL }],
    });

  it('delivers a queued mail with subject, recipient, bodies and inline image, and marks it sent', async () => {
    const id = await queue('visitor@example.test');
    expect(await app.mailSender.tick()).toBe(1);
    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.subject).toBe('Your tickets');
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe('visitor@example.test');
    expect(mail.from?.text).toContain('box@museum.test');
    expect(mail.text?.trim()).toBe('Order #A-1');
    expect(mail.html).toContain('Order #A-1');
    expect(mail.attachments[0]).toMatchObject({ cid: 'logo', contentType: 'image/png' });
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 1, sentAt: START });
    // nothing is sent twice
    expect(await app.mailSender.tick()).toBe(0);
    expect(received).toHaveLength(1);
  });

  it('retries a refused mail after the backoff and then delivers it', async () => {
    refuseNext = 1;
    const id = await queue('later@example.test');
    expect(await app.mailSender.tick()).toBe(0);
    const failed = await rowOf(id);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed.lastError).toContain('mailbox busy');
    expect(failed.nextAttemptAt.getTime()).toBe(START.getTime() + retryDelayMs(1));
    // not due yet: the sender waits
    now = new Date(START.getTime() + retryDelayMs(1) - 1000);
    expect(await app.mailSender.tick()).toBe(0);
    expect(received).toHaveLength(0);
    now = new Date(START.getTime() + retryDelayMs(1));
    expect(await app.mailSender.tick()).toBe(1);
    expect(received.map((m) => m.subject)).toEqual(['Your tickets']);
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });

  it(`gives up after ${MAIL_MAX_ATTEMPTS} attempts with the error kept`, async () => {
    refuseNext = Number.POSITIVE_INFINITY;
    const id = await queue('never@example.test');
    for (let attempt = 1; attempt <= MAIL_MAX_ATTEMPTS; attempt++) {
      expect(await app.mailSender.tick()).toBe(0);
      now = new Date(now.getTime() + retryDelayMs(attempt));
    }
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'failed', attempts: MAIL_MAX_ATTEMPTS });
    expect(row.lastError).toContain('mailbox busy');
    refuseNext = 0;
    expect(await app.mailSender.tick()).toBe(0);
    expect(received).toHaveLength(0);
  });

  it('delivers each mail once when several senders run at the same time', async () => {
    const ids = await Promise.all(
      Array.from({ length: 12 }, (_, i) => queue(`many-${i}@example.test`)),
    );
    const delivered: string[] = [];
    const transport: MailTransport = {
      async deliver(mail) {
        await new Promise((r) => setTimeout(r, 2));
        delivered.push(mail.id);
      },
    };
    const senders = [1, 2, 3].map(() =>
      createMailSender({ db: ctx.db, now: () => now, transport, intervalMs: 0, onError: () => {} }),
    );
    const counts = await Promise.all(senders.map((s) => s.tick()));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(12);
    expect([...delivered].sort()).toEqual([...ids].sort());
  });

  it('stopping mid-batch finishes the mail in hand and hands the rest back, due at once', async () => {
    const ids = await Promise.all(
      Array.from({ length: 3 }, (_, i) => queue(`stop-${i}@example.test`)),
    );
    const delivered: string[] = [];
    let release = () => {};
    let inHand = () => {};
    const started = new Promise<void>((resolve) => (inHand = resolve));
    const transport: MailTransport = {
      async deliver(mail) {
        inHand();
        await new Promise<void>((resolve) => (release = resolve));
        delivered.push(mail.id);
      },
    };
    const sender = createMailSender({
      db: ctx.db,
      now: () => now,
      transport,
      intervalMs: 0,
      onError: () => {},
    });
    const ticking = sender.tick();
    await started;
    const stopping = sender.stop();
    release();
    await Promise.all([ticking, stopping]);
    expect(delivered).toHaveLength(1);
    const rows = await Promise.all(ids.map(rowOf));
    expect(rows.filter((r) => r.status === 'sent').map((r) => r.id)).toEqual(delivered);
    for (const row of rows.filter((r) => r.status !== 'sent')) {
      expect(row).toMatchObject({ status: 'pending', attempts: 0, nextAttemptAt: START });
    }
    // handed back: the next sender takes them at once
    expect(await app.mailSender.tick()).toBe(2);
  });
});
