import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { ticketOrder } from '@/db/schema/cart';
import { outbox } from '@/db/schema/mail';
import { PURCHASER } from '@/modules/checkout/checkout-test-kit';
import {
  RULES_ON,
  buyOrder,
  manageCall,
  setSelfEditRules,
  type BoughtOrder,
} from '@/modules/manage/manage-test-kit';
import { identityCall } from '@/modules/users/users-test-kit';
import { buildTestApp } from '@/testing/build-test-app';
import { makeReserveScene, type ReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeMeta, makeSession, type SessionRow } from '@/testing/factories';

/**
 * Decision 0080 (issue #25): every mail that lists an order after its checkout — the resend,
 * the order mailed again, a cancellation's and a reschedule's — lists its checkout answers
 * under "About your booking", as the first confirmation does (decision 0077), in both parts.
 */

const NOW = new Date('2029-06-01T12:00:00Z');
const FREE = { amount: '0.00', gateway_id: 'free', gateway_data: {} };

const IDENTITY_FORM = {
  properties: {
    group_name: { title: 'School or group name', maxLength: 40 },
    wheelchair: { title: 'Wheelchair access needed', type: 'boolean' },
  },
  required: ['group_name'],
};
const EXTRA_FIELDS = {
  properties: { group_type: { title: 'Type of group', enum: ['School', 'Company'] } },
};
const ANSWERS = { group_name: 'Hillside Primary', wheelchair: 'true', group_type: 'School' };
// as the mail reads them: titled, a ticked box "Yes", in the order asked
const LINES = [
  'School or group name: Hillside Primary',
  'Wheelchair access needed: Yes',
  'Type of group: School',
];

function expectAnswers(mail: typeof outbox.$inferSelect | undefined) {
  expect(mail, 'the mail was queued').toBeDefined();
  expect(mail!.textBody).toContain(
    `About your booking\n\n${LINES.map((l) => ` * ${l}`).join('\n')}`,
  );
  const html = mail!.htmlBody ?? '';
  expect(html).toContain('About your booking');
  for (const line of LINES) expect(html).toContain(`<li>${line}</li>`);
}

describeEachDatabase('the order mails list the checkout answers (decision 0080)', (ctx) => {
  let app: FastifyInstance;
  let scene: ReserveScene;
  let later: SessionRow;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW, env: { MAIL_POLL_MS: '0' } });
    scene = await makeReserveScene(ctx.db);
    await setSelfEditRules(ctx.db, scene.seller.id, RULES_ON);
    await makeMeta(ctx.db, scene.event, 'event_template', 'identity_form', IDENTITY_FORM);
    await makeMeta(ctx.db, scene.group, 'ticket_group', 'extra_checkout_fields', EXTRA_FIELDS);
    later = await makeSession(ctx.db, scene.event, {
      startDatetime: new Date('2030-02-01T15:00:00Z'),
      capacity: 50,
    });
  });
  afterAll(async () => {
    await app.close();
  });
  // each case reads only the mails it caused
  beforeEach(async () => {
    await ctx.db.delete(outbox);
  });

  const numberOf = async (order: BoughtOrder) =>
    (await ctx.db.select().from(ticketOrder).where(eq(ticketOrder.id, order.orderId)))[0]!
      .orderNumber;
  const mailOf = async (kind: string, order: BoughtOrder) => {
    const number = await numberOf(order);
    const mails = await ctx.db.select().from(outbox).where(eq(outbox.kind, kind));
    return mails.find((m) => m.subject.endsWith(` ${number}`));
  };
  const buyAnswered = async (quantity = 2) => {
    const order = await buyOrder(app, scene, quantity, { additionalInfo: ANSWERS });
    // the first confirmation listed them already (decision 0077)
    expectAnswers(await mailOf('order_confirmation', order));
    await ctx.db.delete(outbox);
    return order;
  };

  it('the /resend mail lists each order’s own answers', async () => {
    const answered = await buyAnswered();
    const other = await buyOrder(app, scene, 1, {
      additionalInfo: { group_name: 'Oakfield Academy' },
    });
    await ctx.db.delete(outbox);
    const res = await identityCall(app, scene.seller, {
      method: 'POST',
      path: 'ticket_order/resend',
      body: { email: PURCHASER.email },
      remoteAddress: '10.8.0.1',
    });
    expect(res.statusCode, res.body).toBe(200);
    expectAnswers(await mailOf('order_resend', answered));
    const otherMail = await mailOf('order_resend', other);
    expect(otherMail?.textBody).toContain(
      'About your booking\n\n * School or group name: Oakfield Academy\n\n',
    );
    expect(otherMail!.htmlBody).not.toContain('Hillside Primary');
  });

  it('the order mailed again (POST ticket_order/{id}/email), plain and as the update', async () => {
    const order = await buyAnswered();
    const again = await manageCall(app, scene, {
      path: `ticket_order/${order.orderId}/email`,
      secret: order.secret,
      body: {},
    });
    expect(again.statusCode, again.body).toBe(200);
    expectAnswers(await mailOf('order_confirmation', order));
    const update = await manageCall(app, scene, {
      path: `ticket_order/${order.orderId}/email`,
      secret: order.secret,
      body: { log_context: 'order_update' },
    });
    expect(update.statusCode, update.body).toBe(200);
    const mails = await ctx.db.select().from(outbox).where(eq(outbox.kind, 'order_update'));
    expect(mails).toHaveLength(1);
    expectAnswers(mails[0]);
  });

  it('a cancellation’s mail', async () => {
    const order = await buyAnswered();
    const res = await manageCall(app, scene, {
      path: `ticket_order/${order.orderId}/cancel`,
      secret: order.secret,
      body: { tickets: [order.ticketIds[0]!] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const mails = await ctx.db.select().from(outbox).where(eq(outbox.kind, 'order_cancel'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain('This ticket was cancelled:');
    expectAnswers(mails[0]);
  });

  // the reschedule's checkout found no answers and refused it (400 required) before the edit
  // cart kept the order's: a dead end for a buyer whose event asks a required question
  it('a reschedule’s mail (the edit asks the required questions no second time)', async () => {
    const order = await buyAnswered();
    const edit = await manageCall(app, scene, {
      path: `ticket_order/${order.orderId}/edit`,
      secret: order.secret,
      body: { reschedule: [{ ticket_ids: [order.ticketIds[0]!], event_session_id: later.id }] },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const done = await manageCall(app, scene, {
      path: `ticket_order/${order.orderId}/edit/pay`,
      secret: order.secret,
      body: FREE,
    });
    expect(done.statusCode, done.body).toBe(201);
    const mails = await ctx.db.select().from(outbox).where(eq(outbox.kind, 'order_update'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain('This ticket was rescheduled to:');
    expectAnswers(mails[0]);
  });
});
