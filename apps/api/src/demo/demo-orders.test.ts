import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { APP_HEADER, APP_HEADER_VALUE, SESSION_COOKIE } from '@admit/contracts/constants';
import { orderSessionResponseSchema } from '@admit/contracts/account';
import { orderCancelResponseSchema, orderManageResponseSchema } from '@admit/contracts/manage';
import { sellerConfigSchema } from '@admit/contracts/seller-config';
import { eventSession } from '@/db/schema/sessions';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { demoAccountId } from './demo-accounts';
import { demoId } from './demo-ids';
import { DEMO_MANAGE_SECRET } from './demo-orders';

/** identity §3 `self_edit_rules` of the museum (sellers/demo-museum.yaml). */
const MUSEUM_SELF_EDIT_RULES = {
  enabled: true,
  anon_editing: true,
  horizon_days: 1,
  horizon_hours: 0,
  categories: null,
};
import { seedDemo } from './seed-demo';

const NOW = new Date('2026-03-01T15:00:00Z');
const SLUG = 'demo-museum';

describeEachDatabase('demo: after-sale orders and self-edit rules', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    await seedDemo(ctx.db, { now: NOW });
    app = await buildTestApp(ctx.database, { now: NOW, env: { MAIL_POLL_MS: '0' } });
  });
  afterAll(async () => {
    await app.close();
  });

  const call = (
    method: 'GET' | 'POST',
    path: string,
    extra: { token?: string; body?: object; key?: string } = {},
  ) =>
    app.inject({
      method,
      url: `/api/${path}${path.includes('?') ? '&' : '?'}_seller=${SLUG}`,
      headers: {
        [APP_HEADER]: APP_HEADER_VALUE,
        ...(extra.key ? { 'idempotency-key': extra.key } : {}),
      },
      cookies: extra.token ? { [SESSION_COOKIE]: extra.token } : {},
      ...(extra.body ? { payload: extra.body } : {}),
    });

  it('the museum lets buyers edit until the day before, anonymously by the secret link', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/seller_config?_seller=${SLUG}` });
    const config = sellerConfigSchema.parse(
      (res.json() as { seller_config: { _data: unknown[] } }).seller_config._data[0],
    );
    expect(config.self_edit_rules).toEqual(MUSEUM_SELF_EDIT_RULES);
    expect(config.self_edit_rules).toMatchObject({
      enabled: true,
      anon_editing: true,
      horizon_days: 1,
    });
  });

  it('the demo member has a past and an upcoming order in the account area', async () => {
    const member = demoAccountId(SLUG, 'member@demo-museum.test');
    const { token } = await app.sessions.createSession(member, demoId(`${SLUG}/seller`));
    const all = orderSessionResponseSchema.parse(
      (await call('GET', 'my/order_session?_embed=ticket', { token })).json(),
    );
    expect(all.order_session._data.map((s) => s.ticket_count)).toEqual([2, 3]);
    expect(Date.parse(all.order_session._data[0]!.start_datetime)).toBeLessThan(NOW.getTime());
    const upcoming = orderSessionResponseSchema.parse(
      (
        await call('GET', `my/order_session?start_datetime._gte=${NOW.toISOString()}`, { token })
      ).json(),
    );
    expect(upcoming.order_session._data.map((s) => s.ticket_count)).toEqual([3]);
  });

  it('the guest’s order opens on its manage link and cancels with a sandbox refund and one place back', async () => {
    const orderId = demoId(`${SLUG}/order/guest-upcoming`);
    const manage = orderManageResponseSchema.parse(
      (await call('GET', `ticket_order/${orderId}/manage?secret=${DEMO_MANAGE_SECRET}`)).json(),
    );
    expect(manage.order_manage._data[0]!.editable).toBe(true);
    expect(manage.ticket_manage._data.every((t) => t.cancellable && t.reschedulable)).toBe(true);
    const ticketId = manage.ticket._data[0]!.id;
    const usedOf = async () =>
      (
        await ctx.db
          .select()
          .from(eventSession)
          .where(eq(eventSession.id, manage.ticket._data[0]!.event_session_id!))
      )[0]!.usedCapacity;
    const usedBefore = await usedOf();
    const res = await call('POST', `ticket_order/${orderId}/cancel?secret=${DEMO_MANAGE_SECRET}`, {
      body: { tickets: [ticketId] },
      key: 'demo-cancel-1',
    });
    expect(res.statusCode, res.body).toBe(200);
    // Adult 25.00 + 2.00 fixed fee + 8.875 % (2.22)
    expect(orderCancelResponseSchema.parse(res.json()).payment_refund._data).toMatchObject([
      { amount: '29.22', state: 'refunded', gateway_id: 'stripe' },
    ]);
    // the seed counted the order's places; the cancel gave one back
    const sessionId = manage.ticket._data[0]!.event_session_id!;
    const [session] = await ctx.db
      .select()
      .from(eventSession)
      .where(eq(eventSession.id, sessionId));
    expect(session!.usedCapacity).toBe(usedBefore - 1);
  });
});
