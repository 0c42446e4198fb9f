import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { officeSalesResponseSchema } from '@admit/contracts/office-reports';
import { ticketOrder } from '@/db/schema/cart';
import {
  buyOrder,
  ledgerOf,
  manageCall,
  RULES_ON,
  setSelfEditRules,
  type BoughtOrder,
} from '@/modules/manage/manage-test-kit';
import { makeStaff, officeCall, officeLogin } from '@/modules/office/office.test-kit';
import { buildTestApp } from '@/testing/build-test-app';
import { makeReserveScene, type ReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeTicketGroup, makeTicketType } from '@/testing/factories';
import { insertOrder } from './sales-test-kit';

/**
 * GET /api/office/sales and /sales/export (decision 0088) over real orders: a card order of two
 * tickets placed at 23:30 New York time (already the next day in UTC), one ticket refunded two
 * days later through the manage flow, a donation; roles, another seller, the CSV's times.
 */

const PLACED = new Date('2029-06-01T03:30:00Z'); // 2029-05-31 23:30 EDT
const REFUNDED = new Date('2029-06-03T15:00:00Z'); // 2029-06-03 11:00 EDT
const DONATED = new Date('2029-06-02T16:00:00Z');
const RANGE = 'sales?_from=2029-05-30&_to=2029-06-04';

describeEachDatabase('office sales: real orders, refunds, roles and the export', (ctx) => {
  let app: FastifyInstance;
  let clock = PLACED;
  let museum: ReserveScene;
  let aquarium: ReserveScene;
  let order: BoughtOrder;
  let theirOrder: BoughtOrder;
  const cookies = { owner: '', box_office: '', door: '', theirs: '' };

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: () => clock, env: { MAIL_POLL_MS: '0' } });
    museum = await makeReserveScene(ctx.db, {
      type: { amount: 2500 },
      session: { startDatetime: new Date('2029-06-10T15:00:00Z') },
    });
    await setSelfEditRules(ctx.db, museum.seller.id, RULES_ON);
    aquarium = await makeReserveScene(ctx.db, {
      type: { amount: 999 },
      session: { startDatetime: new Date('2029-06-10T15:00:00Z') },
    });
    order = await buyOrder(app, museum, 2);
    theirOrder = await buyOrder(app, aquarium, 1);
    clock = REFUNDED;
    const cancel = await manageCall(app, museum, {
      path: `ticket_order/${order.orderId}/cancel`,
      secret: order.secret,
      body: { tickets: [order.ticketIds[0]] },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const donations = await makeTicketGroup(ctx.db, museum.event, { handler: 'donation' });
    const gift = await makeTicketType(ctx.db, donations, { amount: 0, name: 'Gift' });
    await insertOrder(ctx.db, museum, {
      at: DONATED,
      channel: 'box_office',
      lines: [
        { group: donations, type: gift, face: 1234, adjusted: 1234, feeFixed: 0, feePercent: 0 },
      ],
    });
    for (const role of ['owner', 'box_office', 'door'] as const) {
      const user = await makeStaff(ctx.db, museum.seller.id, role);
      cookies[role] = await officeLogin(app, museum.seller.slug, user.email);
    }
    const theirOwner = await makeStaff(ctx.db, aquarium.seller.id, 'owner');
    cookies.theirs = await officeLogin(app, aquarium.seller.slug, theirOwner.email);
  });
  afterAll(() => app.close());

  const sales = async (cookie: string, path = RANGE, slug = museum.seller.slug) => {
    const res = await officeCall(app, { path, slug, cookie });
    expect(res.statusCode, res.body).toBe(200);
    return officeSalesResponseSchema.parse(res.json());
  };

  it('puts the sale on the venue’s day, the refund negative on its own day, to the cent', async () => {
    const { refunds } = await ledgerOf(ctx.db, museum, order.orderId);
    expect(refunds.map((r) => r.amount)).toEqual([2500]);
    const body = await sales(cookies.box_office);
    const days = Object.fromEntries(body.sales_period._data.map((p) => [p.period, p]));
    expect(Object.keys(days)).toEqual([
      '2029-05-30',
      '2029-05-31',
      '2029-06-01',
      '2029-06-02',
      '2029-06-03',
      '2029-06-04',
    ]);
    expect(days['2029-05-31']).toEqual({
      period: '2029-05-31',
      revenue: 5000,
      sales: 5000,
      refunds: 0,
      donations: 0,
      tickets: 2,
    });
    expect(days['2029-06-01']!.revenue).toBe(0);
    expect(days['2029-06-02']).toMatchObject({ revenue: 1234, donations: 1234, tickets: 0 });
    expect(days['2029-06-03']).toMatchObject({ revenue: -2500, sales: 0, refunds: -2500 });
    // the orders as stored after the refund, donation included
    const rows = await ctx.db
      .select()
      .from(ticketOrder)
      .where(eq(ticketOrder.sellerId, museum.seller.id));
    const stored = rows.reduce((n, o) => n + o.totalAfterFeesPrice, 0);
    expect(body.sales_range._data[0]).toMatchObject({
      revenue: stored,
      sales: 6234,
      refunds: -2500,
      donations: 1234,
      tickets: 2,
      timezone: 'America/New_York',
      currency: 'USD',
    });
    expect(stored).toBe(3734);
    const byEvent = body.sales_breakdown._data.filter((r) => r.dimension === 'event');
    expect(byEvent).toEqual([
      expect.objectContaining({ key: museum.event.id, revenue: 3734, refunds: -2500 }),
    ]);
    const byChannel = Object.fromEntries(
      body.sales_breakdown._data
        .filter((r) => r.dimension === 'channel')
        .map((r) => [r.key, r.revenue]),
    );
    expect(byChannel).toEqual({ web: 2500, box_office: 1234 });
  });

  it('groups by week and month on the venue’s calendar', async () => {
    const weeks = await sales(cookies.owner, `${RANGE}&_interval=week`);
    expect(weeks.sales_period._data.map((p) => [p.period, p.revenue])).toEqual([
      ['2029-05-28', 3734],
      ['2029-06-04', 0],
    ]);
    const months = await sales(cookies.owner, `${RANGE}&_interval=month`);
    expect(months.sales_period._data.map((p) => [p.period, p.revenue])).toEqual([
      ['2029-05-01', 5000],
      ['2029-06-01', -1266],
    ]);
  });

  it('exports each sale and refund as CSV with venue times that sum to the page', async () => {
    const res = await officeCall(app, {
      path: RANGE.replace('sales?', 'sales/export?'),
      slug: museum.seller.slug,
      cookie: cookies.owner,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const [header, ...rows] = res.body
      .trim()
      .split('\n')
      .map((l) => l.split(','));
    expect(header).toEqual([
      'at',
      'kind',
      'order_number',
      'channel',
      'event',
      'ticket_type',
      'donation',
      'tickets',
      'amount',
    ]);
    expect(rows.map((r) => [r[0], r[1], r[8]])).toEqual([
      ['2029-05-31T23:30:00-04:00', 'sale', '25.00'],
      ['2029-05-31T23:30:00-04:00', 'sale', '25.00'],
      ['2029-06-02T12:00:00-04:00', 'sale', '12.34'],
      ['2029-06-03T11:00:00-04:00', 'refund', '-25.00'],
    ]);
    expect(res.body).not.toContain(aquarium.event.name);
  });

  it('refuses the door and strangers, and never counts another seller’s orders', async () => {
    for (const path of [RANGE, RANGE.replace('sales?', 'sales/export?')]) {
      const door = await officeCall(app, { path, slug: museum.seller.slug, cookie: cookies.door });
      expect(door.statusCode).toBe(403);
      expect(door.json()._data[0]).toMatchObject({ _code: 'forbidden' });
      expect((await officeCall(app, { path, slug: museum.seller.slug })).statusCode).toBe(401);
      const crossed = await officeCall(app, {
        path,
        slug: museum.seller.slug,
        cookie: cookies.theirs,
      });
      expect(crossed.statusCode).toBe(401);
    }
    const theirs = await sales(cookies.theirs, RANGE, aquarium.seller.slug);
    expect(theirs.sales_range._data[0]).toMatchObject({ revenue: 999, tickets: 1 });
    const [stored] = await ctx.db
      .select()
      .from(ticketOrder)
      .where(eq(ticketOrder.id, theirOrder.orderId));
    expect(stored!.totalAfterFeesPrice).toBe(999);
  });

  it('refuses a bad range with a validation error naming the parameter', async () => {
    for (const [query, field] of [
      ['_interval=year', '_interval'],
      ['_from=2029-06-05&_to=2029-06-01', '_from'],
      ['_from=yesterday', '_from'],
      ['_from=2028-01-01&_to=2029-06-01', '_to'],
      ['_color=red', '_color'],
    ] as const) {
      const res = await officeCall(app, {
        path: `sales?${query}`,
        slug: museum.seller.slug,
        cookie: cookies.owner,
      });
      expect(res.statusCode, query).toBe(400);
      expect(res.json()._data[0]).toMatchObject({ _code: 'validation_failed' });
      expect(res.json()._data[0]._description).toContain(field);
    }
  });
});
