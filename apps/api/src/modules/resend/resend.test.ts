import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cart, ticketOrder } from '@/db/schema/cart';
import { outbox } from '@/db/schema/mail';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeSeller, type SellerRow } from '@/testing/factories';
import {
  makeMembership,
  makeUser,
  sessionCookieFor,
  type IdentityRow,
} from '@/testing/identity-factories';
import { firstError } from '@/testing/responses';
import { identityCall } from '@/modules/users/users-test-kit';
import { APP_HEADER, APP_HEADER_VALUE } from '@admit/contracts/constants';
import { PURCHASER } from '@/modules/checkout/checkout-test-kit';
import { RULES_ON, buyOrder, setSelfEditRules } from '@/modules/manage/manage-test-kit';
import { makeReserveScene } from '@/testing/cart-fixtures';

const NOW = new Date('2029-06-01T12:00:00Z');
const ACCEPTED = { accepted: { _count: 1, _total: 1, _data: [{ accepted: true }] } };
let address = 0;
const nextAddress = () => `10.1.${Math.floor(++address / 250)}.${address % 250}`;

describeEachDatabase('resend orders and member IDs', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW });
  });
  afterAll(async () => {
    await app.close();
  });

  /** An order of `person` (the checkout issue writes these; here straight into the table). */
  async function makeOrder(seller: SellerRow, person: IdentityRow, orderNumber: string) {
    const [c] = await ctx.db
      .insert(cart)
      .values({
        sellerId: seller.id,
        identityId: person.id,
        cartNumber: `C-${orderNumber}`,
        state: 'completed',
        expiresAt: NOW,
      })
      .returning();
    await ctx.db.insert(ticketOrder).values({
      sellerId: seller.id,
      cartId: c!.id,
      identityId: person.id,
      orderNumber,
    });
  }

  const resend = (seller: { slug: string }, body: object, remoteAddress = nextAddress()) =>
    identityCall(app, seller, { method: 'POST', path: 'ticket_order/resend', body, remoteAddress });
  const mailsTo = (to: string) => ctx.db.select().from(outbox).where(eq(outbox.toAddress, to));

  describe('POST ticket_order/resend', () => {
    it('queues an order_resend mail listing the order numbers', async () => {
      const seller = await makeSeller(ctx.db);
      const person = await makeUser(ctx.db, seller, { email: 'buyer@example.test' });
      await makeOrder(seller, person, 'A-1001');
      await makeOrder(seller, person, 'A-1002');
      const res = await resend(seller, { email: 'Buyer@example.test' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(ACCEPTED);
      const [mail] = await mailsTo('buyer@example.test');
      expect(mail!.kind).toBe('order_resend');
      expect(mail!.textBody).toContain('A-1001');
      expect(mail!.textBody).toContain('A-1002');
    });

    // issue #25: the page says the tickets were sent, so the mail carries them
    it('mails each order with live tickets as its confirmation: QR codes and a tickets link that opens logged out', async () => {
      const scene = await makeReserveScene(ctx.db);
      await setSelfEditRules(ctx.db, scene.seller.id, RULES_ON);
      const order = await buyOrder(app, scene, 2);
      await ctx.db.delete(outbox).where(eq(outbox.toAddress, PURCHASER.email));
      const res = await resend(scene.seller, { email: PURCHASER.email });
      expect(res.statusCode, res.body).toBe(200);
      const mails = await mailsTo(PURCHASER.email);
      expect(mails).toHaveLength(1);
      const mail = mails[0]!;
      expect(mail.kind).toBe('order_resend');
      // the confirmation's content: every ticket's own QR code inline, and the order's
      const cids = [...(mail.htmlBody ?? '').matchAll(/src="cid:([^"]+)"/g)].map((m) => m[1]);
      expect(cids.length).toBe(3);
      const [orderRow] = await ctx.db
        .select()
        .from(ticketOrder)
        .where(eq(ticketOrder.id, order.orderId));
      expect(mail.textBody).toContain(`Order #${orderRow!.orderNumber}`);
      // the tickets page and the manage page, with a secret that opens the order logged out
      const link = new RegExp(
        `/${scene.seller.slug}/ticket_order/${order.orderId}\\?secret=([\\w-]+)`,
      );
      const secret = link.exec(mail.textBody)?.[1];
      expect(secret).toBeDefined();
      expect(mail.textBody).toContain(
        `/${scene.seller.slug}/manage/${order.orderId}?secret=${secret}`,
      );
      const read = await app.inject({
        method: 'GET',
        url: `/api/ticket_order/${order.orderId}?_seller=${scene.seller.slug}&secret=${secret}`,
        headers: { [APP_HEADER]: APP_HEADER_VALUE },
      });
      expect(read.statusCode, read.body).toBe(200);
      // the first link still opens it
      const first = await app.inject({
        method: 'GET',
        url: `/api/ticket_order/${order.orderId}?_seller=${scene.seller.slug}&secret=${order.secret}`,
        headers: { [APP_HEADER]: APP_HEADER_VALUE },
      });
      expect(first.statusCode).toBe(200);
    });

    it('answers 404 with the spec text when the address has no orders or no account', async () => {
      const seller = await makeSeller(ctx.db);
      await makeUser(ctx.db, seller, { email: 'no-orders@example.test' });
      for (const email of ['no-orders@example.test', 'stranger@example.test']) {
        const res = await resend(seller, { email });
        expect(res.statusCode).toBe(404);
        expect(firstError(res.json())).toMatchObject({
          _code: 'not_found',
          _description: 'No orders could be found for this email address.',
        });
      }
      expect(await mailsTo('no-orders@example.test')).toHaveLength(0);
    });

    it("never sends another seller's orders", async () => {
      const seller = await makeSeller(ctx.db);
      const other = await makeSeller(ctx.db);
      const person = await makeUser(ctx.db, other, { email: 'elsewhere@example.test' });
      await makeOrder(other, person, 'B-1');
      expect((await resend(seller, { email: 'elsewhere@example.test' })).statusCode).toBe(404);
    });

    it('memberships_only: the same answer for members, non-members and strangers; only members get mail', async () => {
      const seller = await makeSeller(ctx.db);
      const member = await makeUser(ctx.db, seller, { email: 'member@example.test' });
      await makeMembership(ctx.db, member, NOW, { memberCode: 'DM-777', role: 'Family' });
      await makeUser(ctx.db, seller, { email: 'plain@example.test' });
      const answers = await Promise.all(
        ['member@example.test', 'plain@example.test', 'stranger@example.test'].map((email) =>
          resend(seller, { email, memberships_only: true }),
        ),
      );
      for (const res of answers) {
        expect(res.statusCode).toBe(200);
        expect(res.body).toBe(answers[0]!.body);
      }
      const [mail] = await mailsTo('member@example.test');
      expect(mail!.kind).toBe('membership_resend');
      expect(mail!.textBody).toContain('DM-777');
      expect(mail!.textBody).toContain('Family');
      expect(await mailsTo('plain@example.test')).toHaveLength(0);
    });

    it('limits resends per e-mail (429 with retry_after_seconds)', async () => {
      const seller = await makeSeller(ctx.db);
      const person = await makeUser(ctx.db, seller, { email: 'again@example.test' });
      await makeOrder(seller, person, 'R-1');
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 6; i++) {
        last = await resend(seller, { email: 'again@example.test' });
        statuses.push(last.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      expect(firstError(last!.json())).toMatchObject({ _code: 'rate_limited' });
      expect(firstError(last!.json())!._extra).toHaveProperty('retry_after_seconds');
    });
  });

  describe('POST my/ticket_order/resend', () => {
    it('resends the logged-in identity orders and member IDs; guests get 401', async () => {
      const seller = await makeSeller(ctx.db);
      const person = await makeUser(ctx.db, seller, { email: 'mine@example.test' });
      await makeOrder(seller, person, 'M-1');
      await makeMembership(ctx.db, person, NOW, { memberCode: 'DM-888' });
      const cookie = await sessionCookieFor(app, person);
      const call = (body: object, withCookie = true) =>
        identityCall(app, seller, {
          method: 'POST',
          path: 'my/ticket_order/resend',
          body,
          cookie: withCookie ? cookie : undefined,
        });
      expect((await call({})).statusCode).toBe(200);
      expect((await call({ memberships_only: true })).statusCode).toBe(200);
      const kinds = (await mailsTo('mine@example.test')).map((m) => m.kind).sort();
      expect(kinds).toEqual(['membership_resend', 'order_resend']);
      const guest = await call({}, false);
      expect(guest.statusCode).toBe(401);
      expect(firstError(guest.json())!._code).toBe('not_authorized');
    });

    it('answers 404 when the logged-in identity has no orders', async () => {
      const seller = await makeSeller(ctx.db);
      const person = await makeUser(ctx.db, seller);
      const res = await identityCall(app, seller, {
        method: 'POST',
        path: 'my/ticket_order/resend',
        body: {},
        cookie: await sessionCookieFor(app, person),
      });
      expect(res.statusCode).toBe(404);
    });
  });
});
