import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { APP_HEADER, APP_HEADER_VALUE, SESSION_COOKIE } from '@admit/contracts/constants';
import {
  AUTO_RENEW_NOT_ENROLLED_MESSAGE,
  cancelAutoRenewResponseSchema,
} from '@admit/contracts/membership';
import { outbox } from '@/db/schema/mail';
import { membership } from '@/db/schema/memberships';
import { buildTestApp } from '@/testing/build-test-app';
import { bundleOf, errorOf } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeUser } from '@/testing/identity-factories';
import {
  makeMembershipScene,
  membersBody,
  type MembershipScene,
} from '@/testing/membership-factories';
import { makeSavedCard } from '@/testing/saved-card-factories';
import { cardEntry, checkoutCall, orderOf, tokenize } from '@/modules/checkout/checkout-test-kit';
import { renewalRows } from '@/modules/auto-renew/auto-renew-test-kit';

const NOW = new Date('2029-06-01T16:00:00Z');

// spec: identity §2 "Cancel auto-renew", §4, §7 DELETE ticket_order/{id}/auto_renew, §8; decision 0038
describeEachDatabase('orders: DELETE ticket_order/{id}/auto_renew', (ctx) => {
  let app: FastifyInstance;
  let scene: MembershipScene;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW, env: { MAIL_POLL_MS: '0' } });
    scene = await makeMembershipScene(ctx.db);
  });
  afterAll(async () => {
    await app.close();
  });

  const token = async (person: { id: string; sellerId: string }) =>
    (await app.sessions.createSession(person.id, person.sellerId)).token;

  /**
   * A member's order of Individual with auto_renew: `scheduled` when the member has a saved
   * card, else `requested` (asked for, nothing to charge it with).
   */
  async function memberOrder({ savedCard = true } = {}) {
    const member = await makeUser(ctx.db, scene.seller);
    if (savedCard) await makeSavedCard(ctx.db, member);
    const t = await token(member);
    const res = await app.inject({
      method: 'POST',
      url: `/api/my/cart/modify?_seller=${scene.seller.slug}`,
      headers: { [APP_HEADER]: APP_HEADER_VALUE },
      cookies: { [SESSION_COOKIE]: t },
      payload: membersBody(scene.individual, [{ name: 'Ada L', email: member.email! }]),
    });
    const cartId = bundleOf(res).cart._data[0]!.id;
    const order = orderOf(
      await checkoutCall(app, scene, {
        path: `my/cart/${cartId}/checkout`,
        body: { ...cardEntry('75.00', await tokenize(app, '4242424242424242')), auto_renew: true },
        token: t,
      }),
    );
    return { member, t, order: order.ticket_order._data[0]!, secret: order.access_secret };
  }

  const cancel = (orderId: string, options: { token?: string; secret?: string } = {}) =>
    app.inject({
      method: 'DELETE',
      url: `/api/ticket_order/${orderId}/auto_renew?_seller=${scene.seller.slug}${options.secret ? `&secret=${options.secret}` : ''}`,
      headers: { [APP_HEADER]: APP_HEADER_VALUE },
      cookies: options.token ? { [SESSION_COOKIE]: options.token } : {},
    });
  const stateOf = async (orderId: string) =>
    (await ctx.db.select().from(membership).where(eq(membership.ticketOrderId, orderId)))[0]!
      .autoRenewState;

  it('scheduled becomes cancelled and is answered; again: the spec’s not-enrolled text', async () => {
    const { order, t } = await memberOrder();
    expect(await stateOf(order.id)).toBe('scheduled');
    const res = await cancel(order.id, { token: t });
    expect(res.statusCode).toBe(200);
    const body = cancelAutoRenewResponseSchema.parse(res.json());
    expect(body.membership._data).toHaveLength(1);
    expect(body.membership._data[0]).toMatchObject({
      ticket_order_id: order.id,
      auto_renew_state: 'cancelled',
      role: 'Individual',
      valid_to: '2030-06-01T04:00:00.000Z',
    });
    expect(await stateOf(order.id)).toBe('cancelled');
    const again = await cancel(order.id, { token: t });
    expect(again.statusCode).toBe(422);
    expect(errorOf(again)).toMatchObject({
      _code: 'validation_failed',
      _context: 'membership',
      _description: AUTO_RENEW_NOT_ENROLLED_MESSAGE,
      _extra: { auto_renew_state: 'cancelled' },
    });
  });

  it('confirms the cancellation by e-mail to the holder, once', async () => {
    const { member, order, t } = await memberOrder();
    const mailsTo = () =>
      ctx.db
        .select()
        .from(outbox)
        .where(eq(outbox.toAddress, member.email!))
        .then((rows) => rows.filter((m) => m.kind === 'auto_renew_cancelled'));
    expect(await mailsTo()).toEqual([]);
    expect((await cancel(order.id, { token: t })).statusCode).toBe(200);
    expect((await cancel(order.id, { token: t })).statusCode).toBe(422);
    const mails = await mailsTo();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^Auto-renew is cancelled for your .+ membership$/);
    // valid_to 2030-06-01T04:00Z is midnight in New York: the last day is May 31
    expect(mails[0]!.textBody).toContain('stays valid until Fri, May 31, 2030');
    expect(mails[0]!.textBody).toContain(`/${scene.seller.slug}/membership/renew`);
  });

  it('refuses a term that is not scheduled (requested reads as not enrolled)', async () => {
    const { order, t } = await memberOrder({ savedCard: false });
    expect(await stateOf(order.id)).toBe('requested');
    const refused = await cancel(order.id, { token: t });
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused)).toMatchObject({
      _description: 'membership not enrolled in auto-renew',
      _extra: { auto_renew_state: 'requested' },
    });
    expect(await stateOf(order.id)).toBe('requested');
  });

  it('the order’s secret link cancels without a login; anyone else gets the order’s 404', async () => {
    const { order, secret } = await memberOrder();
    const stranger = await makeUser(ctx.db, scene.seller);
    for (const attempt of [
      await cancel(order.id),
      await cancel(order.id, { token: await token(stranger) }),
      await cancel(order.id, { secret: 'not-the-secret' }),
      await cancel('00000000-0000-4000-8000-000000000000'),
      await cancel('nope'),
    ]) {
      expect(attempt.statusCode).toBe(404);
      expect(errorOf(attempt)).toMatchObject({ _code: 'not_found', _context: 'ticket_order' });
    }
    expect(await stateOf(order.id)).toBe('scheduled');
    const res = await cancel(order.id, { secret });
    expect(res.statusCode).toBe(200);
    expect(await stateOf(order.id)).toBe('cancelled');
  });

  it('a term cancelled this way is not charged when it comes due', async () => {
    const { member, order, t } = await memberOrder();
    // five days before the term ends, inside the job's lead time
    await ctx.db
      .update(membership)
      .set({
        validFrom: new Date('2028-06-06T04:00:00Z'),
        validTo: new Date('2029-06-06T04:00:00Z'),
      })
      .where(eq(membership.ticketOrderId, order.id));
    expect((await cancel(order.id, { token: t })).statusCode).toBe(200);
    expect(await app.autoRenew.run()).toMatchObject({ renewed: 0, declined: 0, failed: 0 });
    const rows = await renewalRows(ctx.db, member);
    expect(rows.terms).toHaveLength(1);
    expect(rows.payments).toHaveLength(1); // the purchase, nothing since
    expect(rows.claims).toEqual([]);
  });
});
