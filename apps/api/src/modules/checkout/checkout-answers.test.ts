import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eventTemplateResponseSchema, ticketGroupResponseSchema } from '@admit/contracts/catalog';
import { orderBundleSchema } from '@admit/contracts/checkout';
import { sellerOrdersResponseSchema } from '@admit/contracts/seller-api';
import { cart } from '@/db/schema/cart';
import { outbox } from '@/db/schema/mail';
import { adminCall, makeApiKey } from '@/modules/check-in/check-in-test-kit';
import { buildTestApp } from '@/testing/build-test-app';
import { errorOf, makeReserveScene, type ReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeMeta } from '@/testing/factories';
import {
  PURCHASER,
  cardEntry,
  cartRows,
  checkoutCall,
  makeCart,
  orderOf,
  tokenize,
} from './checkout-test-kit';

/**
 * Order-level checkout questions (issue #25, decision 0064): the event's `identity_form` and the
 * group's `extra_checkout_fields`, read publicly, checked by guest_checkout before any charge,
 * kept with the order, and given by the order read and the seller API (whose orders the CSV
 * export writes: cli/commands/orders.test.ts).
 */

const NOW = new Date('2029-06-01T12:00:00Z');

const IDENTITY_FORM = {
  properties: {
    group_name: { title: 'School or group name', maxLength: 40 },
    leader_email: { title: "Group leader's e-mail", format: 'email' },
    leader_email_confirm: { title: 'Confirm the e-mail', same_as: 'leader_email' },
  },
  required: ['group_name', 'leader_email', 'leader_email_confirm'],
};
const EXTRA_FIELDS = {
  properties: { group_type: { title: 'Type of group', enum: ['School', 'Company'] } },
  required: ['group_type'],
};
const ANSWERS = {
  group_name: '  Hillside Primary, Year 5 ',
  leader_email: 'lead@example.org',
  leader_email_confirm: 'lead@example.org',
  group_type: 'School',
};

describeEachDatabase('checkout: order-level checkout questions', (ctx) => {
  let app: FastifyInstance;
  let scene: ReserveScene;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW, env: { MAIL_POLL_MS: '0' } });
    scene = await makeReserveScene(ctx.db);
    await makeMeta(ctx.db, scene.event, 'event_template', 'identity_form', IDENTITY_FORM);
    await makeMeta(ctx.db, scene.group, 'ticket_group', 'extra_checkout_fields', EXTRA_FIELDS);
  });
  afterAll(async () => {
    await app.close();
  });

  const guestCheckout = async (cartId: string, additional_info?: Record<string, string>) =>
    checkoutCall(app, scene, {
      path: `cart/${cartId}/guest_checkout`,
      body: {
        ...cardEntry('25.00', await tokenize(app, '4242424242424242')),
        purchaser: PURCHASER,
        ...(additional_info ? { additional_info } : {}),
      },
    });

  it('exposes the questions on the public event and ticket group reads', async () => {
    const slug = scene.seller.slug;
    const events = eventTemplateResponseSchema.parse(
      (
        await app.inject({
          url: `/cached_api/event_template?_seller=${slug}&id._in=${scene.event.id}&_embed=meta`,
        })
      ).json(),
    );
    const eventMeta = events.meta!._data.find((m) => m.key === 'identity_form');
    expect(eventMeta?.value).toEqual(IDENTITY_FORM);
    const group = ticketGroupResponseSchema.parse(
      (
        await app.inject({
          url: `/cached_api/ticket_group/${scene.group.id}?_seller=${slug}&_embed=meta`,
        })
      ).json(),
    );
    expect(group.meta!._data.find((m) => m.key === 'extra_checkout_fields')?.value).toEqual(
      EXTRA_FIELDS,
    );
  });

  it.each([
    ['no answers', undefined, 'additional_info.group_name', 'checkout.error.required'],
    [
      'a confirmation that does not match',
      { ...ANSWERS, leader_email_confirm: 'other@example.org' },
      'additional_info.leader_email_confirm',
      'leader_emailMustMatch',
    ],
    [
      'a bad e-mail',
      { ...ANSWERS, leader_email: 'lead', leader_email_confirm: 'lead' },
      'additional_info.leader_email',
      'checkout.error.email-invalid',
    ],
    [
      'an answer not among the choices',
      { ...ANSWERS, group_type: 'Club' },
      'additional_info.group_type',
      'checkout.error.choice-invalid',
    ],
    [
      'a too long answer',
      { ...ANSWERS, group_name: 'x'.repeat(41) },
      'additional_info.group_name',
      'checkout.error.too-long',
    ],
    [
      'an answer to a question not asked',
      { ...ANSWERS, shoe_size: '9' },
      'additional_info.shoe_size',
      'checkout.error.not-asked',
    ],
  ])('refuses %s with 400 before any charge', async (_case, answers, field, message) => {
    const c = await makeCart(app, scene, 1);
    const res = await guestCheckout(c.id, answers);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({
      _code: 'validation_failed',
      _context: 'checkout',
      _description: `${field}: ${message}`,
      _extra: { field },
    });
    const rows = await cartRows(ctx.db, c.id);
    expect(rows.payments).toEqual([]);
    expect(rows.orders).toEqual([]);
  });

  it('keeps the answers with the order: the order read and the seller API (the export reads it)', async () => {
    const c = await makeCart(app, scene, 1);
    const made = orderOf(await guestCheckout(c.id, ANSWERS));
    const stored = { ...ANSWERS, group_name: 'Hillside Primary, Year 5' };
    expect(made.ticket_order._data[0]!.additional_info).toEqual(stored);
    const orderId = made.ticket_order._data[0]!.id;
    const read = orderBundleSchema.parse(
      (
        await app.inject({
          url: `/api/ticket_order/${orderId}?_seller=${scene.seller.slug}&secret=${made.access_secret}`,
        })
      ).json(),
    );
    expect(read.ticket_order._data[0]!.additional_info).toEqual(stored);
    // the questions come with it: the order pages name the answers by their titles
    const questionKeys = read.meta!._data.filter((m) => m.resource !== 'seller').map((m) => m.key);
    expect(questionKeys.sort()).toEqual(['extra_checkout_fields', 'identity_form']);

    const { key } = await makeApiKey(ctx.db, scene.seller.slug);
    const listed = sellerOrdersResponseSchema.parse(
      (await adminCall(app, key, { path: 'ticket_order' })).json(),
    );
    const mine = listed.ticket_order._data.find((o) => o.id === orderId);
    expect(mine?.additional_info).toEqual(stored);

    // decision 0077: the confirmation e-mail lists them under their titles
    const number = made.ticket_order._data[0]!.order_number;
    const mails = await ctx.db.select().from(outbox).where(eq(outbox.kind, 'order_confirmation'));
    const mail = mails.find((m) => m.subject.includes(number));
    expect(mail?.textBody).toContain('About your booking');
    expect(mail?.textBody).toContain('School or group name: Hillside Primary, Year 5');
    expect(mail?.textBody).toContain('Type of group: School');
  });

  it('uses the answers an earlier call kept when a retry brings none', async () => {
    const c = await makeCart(app, scene, 1);
    const declined = await checkoutCall(app, scene, {
      path: `cart/${c.id}/guest_checkout`,
      body: {
        ...cardEntry('25.00', await tokenize(app, '4000000000000002')),
        purchaser: PURCHASER,
        additional_info: ANSWERS,
      },
    });
    expect(errorOf(declined)._code).toBe('card_declined');
    const [kept] = await ctx.db.select().from(cart).where(eq(cart.id, c.id));
    expect(kept!.additionalInfo).toMatchObject({ group_name: 'Hillside Primary, Year 5' });
    const made = orderOf(await guestCheckout(c.id));
    expect(made.ticket_order._data[0]!.additional_info).toMatchObject({ group_type: 'School' });
  });
});
