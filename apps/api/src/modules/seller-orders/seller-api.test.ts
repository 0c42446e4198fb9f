import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '@admit/contracts/envelope';
import {
  apiKeyResponseSchema,
  sellerOrdersResponseSchema,
  sellerTicketsResponseSchema,
} from '@admit/contracts/seller-api';
import { revokeApiKey } from '@/modules/api-keys/service';
import { adminCall, makeApiKey, scan } from '@/modules/check-in/check-in-test-kit';
import { buyOrder, type BoughtOrder } from '@/modules/manage/manage-test-kit';
import { buildTestApp } from '@/testing/build-test-app';
import { makeReserveScene, type ReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';

/**
 * The seller API's door (decision 0042): no key 401, a bad or revoked key 401, another
 * seller's key 404 for this seller's order, ticket and code; and the orders it lists.
 */

let clock = new Date('2029-06-01T14:00:00Z');

describeEachDatabase('seller API: keys, isolation, orders', (ctx) => {
  let app: FastifyInstance;
  let mine: ReserveScene;
  let theirs: ReserveScene;
  let key: string;
  let otherKey: string;
  const orders: BoughtOrder[] = [];

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: () => clock, env: { MAIL_POLL_MS: '0' } });
    mine = await makeReserveScene(ctx.db, { type: { amount: 0 } });
    theirs = await makeReserveScene(ctx.db, { type: { amount: 0 } });
    key = (await makeApiKey(ctx.db, mine.seller.slug)).key;
    otherKey = (await makeApiKey(ctx.db, theirs.seller.slug)).key;
    for (const quantity of [1, 2, 3]) {
      // the second visit landed from a campaign link (decision 0062)
      orders.push(
        await buyOrder(app, mine, quantity, quantity === 2 ? { campaign: 'winter-poster' } : {}),
      );
      clock = new Date(clock.getTime() + 60_000);
    }
    await buyOrder(app, theirs, 1);
  });
  afterAll(async () => {
    await app.close();
  });

  const firstError = (res: { json: () => unknown }) =>
    errorEnvelopeSchema.parse(res.json())._data[0]!;

  it('answers 401 in the envelope without a key, with a malformed, unknown or revoked key', async () => {
    const revoked = await makeApiKey(ctx.db, mine.seller.slug, 'Old scanner');
    expect((await adminCall(app, revoked.key, { path: 'api_key' })).statusCode).toBe(200);
    await revokeApiKey(ctx.db, mine.seller.slug, revoked.row.id, clock);
    const cases: [string, Record<string, string>][] = [
      ['no header', {}],
      ['another scheme', { authorization: `Basic ${key}` }],
      ['an empty bearer', { authorization: 'Bearer ' }],
      ['an unknown key', { authorization: `Bearer adm_${'x'.repeat(43)}` }],
      [
        'a key with one character changed',
        { authorization: `Bearer ${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}` },
      ],
      ['a revoked key', { authorization: `Bearer ${revoked.key}` }],
    ];
    for (const [label, headers] of cases) {
      for (const [method, path, body] of [
        ['GET', 'api_key', undefined],
        ['GET', `ticket_order/${orders[0]!.orderId}`, undefined],
        ['POST', 'check_in', { code: 'X' }],
        // the key is checked before the body or the query: nothing is learnt without one
        ['POST', 'check_in', { nonsense: true }],
        ['GET', 'ticket_order?since=yesterday', undefined],
      ] as const) {
        const res = await adminCall(app, null, { method, path, body, headers });
        expect(res.statusCode, `${label}: ${method} ${path} ${res.body}`).toBe(401);
        expect(firstError(res)).toMatchObject({ _code: 'not_authorized', _context: 'api_key' });
      }
    }
  });

  it('tells a key which seller it opens', async () => {
    const res = await adminCall(app, key, { path: 'api_key' });
    expect(res.statusCode, res.body).toBe(200);
    const [me] = apiKeyResponseSchema.parse(res.json()).api_key._data;
    expect(me).toMatchObject({
      name: 'Door 1',
      seller_slug: mine.seller.slug,
      prefix: key.slice(0, 12),
      seller_timezone: 'America/New_York',
    });
    expect(JSON.stringify(res.json())).not.toContain(key);
  });

  it('gives another seller’s key 404 for this seller’s order, ticket and code, and changes nothing', async () => {
    const order = orders[0]!;
    const one = await adminCall(app, key, { path: `ticket_order/${order.orderId}` });
    const code = sellerOrdersResponseSchema.parse(one.json()).ticket._data[0]!.scan_code!;
    for (const [method, path, body] of [
      ['GET', `ticket_order/${order.orderId}`, undefined],
      ['GET', `ticket/${code}`, undefined],
      ['POST', 'check_in', { code }],
    ] as const) {
      const res = await adminCall(app, otherKey, { method, path, body });
      expect(res.statusCode, `${method} ${path}: ${res.body}`).toBe(404);
      expect(res.body).not.toContain(order.orderId);
      expect(res.body).not.toContain(mine.event.name);
    }
    // naming this seller with the other key is no way in either
    const named = await adminCall(app, otherKey, {
      path: `ticket_order/${order.orderId}?_seller=${mine.seller.slug}`,
    });
    expect(named.statusCode).toBe(404);
    expect(firstError(named)._code).toBe('seller_not_found');
    // the other seller's list has only its own order
    const list = sellerOrdersResponseSchema.parse(
      (await adminCall(app, otherKey, { path: 'ticket_order' })).json(),
    );
    expect(list.ticket_order._total).toBe(1);
    expect(list.ticket_order._data.map((o) => o.id)).not.toContain(order.orderId);
    // and the ticket is still booked for its own seller
    const looked = await adminCall(app, key, { path: `ticket/${code.toLowerCase()}` });
    expect(sellerTicketsResponseSchema.parse(looked.json()).ticket._data[0]!.state).toBe('booked');
  });

  it('lists orders oldest first, since an instant, page by page, each with its tickets', async () => {
    const all = sellerOrdersResponseSchema.parse(
      (await adminCall(app, key, { path: 'ticket_order' })).json(),
    );
    expect(all.ticket_order._data.map((o) => o.id)).toEqual(orders.map((o) => o.orderId));
    expect(all.ticket_order._data.map((o) => o.ticket_count)).toEqual([1, 2, 3]);
    // the campaign of the cart each order was made from
    expect(all.ticket_order._data.map((o) => o.campaign)).toEqual([null, 'winter-poster', null]);
    expect(all.ticket._count).toBe(6);
    expect(all.ticket_order._data[0]).toMatchObject({
      purchaser_name: 'Grace Hopper',
      email: 'grace@example.org',
      total_after_fees_price: '0.00',
    });

    const since = all.ticket_order._data[1]!.created_at;
    const page = sellerOrdersResponseSchema.parse(
      (
        await adminCall(app, key, {
          path: `ticket_order?since=${encodeURIComponent(since)}&_limit=1&_offset=1`,
        })
      ).json(),
    );
    expect(page.ticket_order._total).toBe(2);
    expect(page.ticket_order._data.map((o) => o.id)).toEqual([orders[2]!.orderId]);
    expect(page.ticket._data.every((t) => t.ticket_order_id === orders[2]!.orderId)).toBe(true);

    const bad = await adminCall(app, key, { path: 'ticket_order?_limit=100000' });
    expect(bad.statusCode).toBe(400);
    expect(firstError(bad)._code).toBe('validation_failed');
  });

  it('looks a code up without redeeming it, and check-in then redeems it', async () => {
    const one = sellerOrdersResponseSchema.parse(
      (await adminCall(app, key, { path: `ticket_order/${orders[1]!.orderId}` })).json(),
    );
    const code = one.ticket._data[0]!.scan_code!;
    const before = sellerTicketsResponseSchema.parse(
      (await adminCall(app, key, { path: `ticket/${code}` })).json(),
    );
    expect(before.ticket._data.map((t) => [t.id, t.state])).toEqual([
      [one.ticket._data[0]!.id, 'booked'],
    ]);
    const door = { event_session_id: mine.session.id };
    expect((await scan(app, key, code, door)).statusCode).toBe(200);
    const after = sellerTicketsResponseSchema.parse(
      (await adminCall(app, key, { path: `ticket/${code}` })).json(),
    );
    expect(after.ticket._data[0]).toMatchObject({
      state: 'redeemed',
      redeemed_at: clock.toISOString(),
    });
    const unknown = await adminCall(app, key, { path: 'ticket/NOPE' });
    expect(unknown.statusCode).toBe(404);
  });
});
