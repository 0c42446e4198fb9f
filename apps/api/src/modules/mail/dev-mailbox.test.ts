import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '@/db/schema/mail';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeSeller } from '@/testing/factories';
import { enqueueMail } from './outbox';
import { otpMail } from './compose';
import { makeMailBrand } from './mail-test-kit';

const NOW = new Date('2029-06-01T12:00:00Z');
const PIXEL =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

describeEachDatabase('mail: dev mailbox', (ctx) => {
  let app: FastifyInstance;
  let production: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW, env: { MAIL_POLL_MS: '0' } });
    production = await buildTestApp(ctx.database, {
      now: NOW,
      env: { NODE_ENV: 'production', PUBLIC_URL: 'https://tickets.example.org', MAIL_POLL_MS: '0' },
    });
  });
  afterAll(async () => {
    await app.close();
    await production.close();
  });

  async function queueSome() {
    const seller = await makeSeller(ctx.db, { name: 'Dome <Planetarium>' });
    const to = `reader-${Math.random().toString(36).slice(2, 8)}@example.test`;
    const otp = await otpMail({
      brand: makeMailBrand({ seller: { name: seller.name } }),
      code: '123456',
      link: 'https://x.test/s/?otp=123456',
    });
    const otpId = await enqueueMail(ctx.db, { sellerId: seller.id, kind: 'otp', to, ...otp });
    const resendId = await enqueueMail(ctx.db, {
      sellerId: seller.id,
      kind: 'order_resend',
      to,
      subject: 'Orders <b>bold</b>',
      text: 'Order #1',
      html: '<p>Order #1</p><img src="cid:logo" alt="logo">',
      attachments: [{ filename: 'logo.png', cid: 'logo', contentType: 'image/png', base64: PIXEL }],
    });
    await enqueueMail(ctx.db, {
      sellerId: seller.id,
      kind: 'otp',
      to: 'someone-else@example.test',
      ...otp,
    });
    return { seller, to, otpId, resendId };
  }

  it('lists mails as JSON per recipient and kind, newest first', async () => {
    const { to, otpId, resendId } = await queueSome();
    const all = await app.inject({
      method: 'GET',
      url: `/_dev/mail.json?to=${encodeURIComponent(to.toUpperCase())}`,
    });
    expect(all.statusCode).toBe(200);
    const mails = (
      all.json() as {
        mails: { id: string; kind: string; to: string; text: string; created_at: string }[];
      }
    ).mails;
    expect(new Set(mails.map((m) => m.id))).toEqual(new Set([otpId, resendId]));
    expect(mails.every((m) => m.to === to)).toBe(true);
    const times = mails.map((m) => m.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const otps = (
      await app.inject({ method: 'GET', url: `/_dev/mail.json?to=${to}&kind=otp` })
    ).json() as {
      mails: { id: string; text: string; subject: string }[];
    };
    expect(otps.mails.map((m) => m.id)).toEqual([otpId]);
    expect(otps.mails[0]!.text).toContain('123456');
    expect(otps.mails[0]!.subject).toContain('123456');
  });

  it('shows an HTML list with every value escaped', async () => {
    const { to } = await queueSome();
    const res = await app.inject({ method: 'GET', url: `/_dev/mail?to=${to}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('Orders &lt;b&gt;bold&lt;/b&gt;');
    expect(res.body).not.toContain('<b>bold</b>');
  });

  it('shows one mail with cid images turned into data URLs inside a sandboxed frame', async () => {
    const { resendId } = await queueSome();
    const res = await app.inject({ method: 'GET', url: `/_dev/mail/${resendId}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<iframe sandbox');
    expect(res.body).toContain(`data:image/png;base64,${PIXEL}`);
    expect(res.body).not.toContain('cid:logo');
    const missing = await app.inject({ method: 'GET', url: '/_dev/mail/not-an-id' });
    expect(missing.statusCode).toBe(404);
    // an id holding a NUL is refused by the path guard before the route: its 404 is the error
    // envelope, not the page, and must not fail the page's response schema (the route fuzz's find)
    for (const method of ['GET', 'HEAD'] as const) {
      const nul = await app.inject({ method, url: '/_dev/mail/%00' });
      expect(nul.statusCode).toBe(404);
      if (method === 'GET') expect(nul.json()._data[0]._code).toBe('not_found');
    }
  });

  it('escapes the values put into templates', async () => {
    const otp = await otpMail({
      brand: makeMailBrand({ seller: { name: '<script>alert(1)</script>' } }),
      code: '654321',
      link: 'https://x.test/?a="b"',
    });
    expect(otp.html).not.toContain('<script>alert');
    expect(otp.html).toContain('&lt;script&gt;');
    expect(otp.html).toContain('href="https://x.test/?a=&quot;b&quot;"');
  });

  it('without SMTP_URL outside production, the sender marks mail delivered into the mailbox', async () => {
    const { otpId } = await queueSome();
    expect(await app.mailSender.tick()).toBeGreaterThanOrEqual(3);
    const [row] = await ctx.db.select().from(outbox).where(eq(outbox.id, otpId));
    expect(row).toMatchObject({ status: 'sent', sentAt: NOW });
  });

  describe('in production', () => {
    it('without SMTP_URL keeps mail queued instead of pretending to deliver it', async () => {
      const { otpId } = await queueSome();
      expect(await production.mailSender.tick()).toBe(0);
      const [row] = await ctx.db.select().from(outbox).where(eq(outbox.id, otpId));
      expect(row).toMatchObject({ status: 'pending', attempts: 0 });
    });

    it('does not exist', async () => {
      const { to } = await queueSome();
      for (const url of [
        '/_dev/mail',
        `/_dev/mail.json?to=${to}`,
        '/_dev/mail/00000000-0000-4000-8000-000000000000',
      ]) {
        const res = await production.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(404);
        expect(res.body).not.toContain(to);
        expect(res.body).not.toContain('123456');
      }
      expect(production.hasRoute({ method: 'GET', url: '/_dev/mail.json' })).toBe(false);
      expect(app.hasRoute({ method: 'GET', url: '/_dev/mail.json' })).toBe(true);
    });
  });
});
