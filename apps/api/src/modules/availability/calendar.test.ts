import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ticketType } from '@/db/schema/catalog';
import { eventSession } from '@/db/schema/sessions';
import { makeTimedAdmission, venueTime } from '@/testing/availability-factories';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeConfig, makeTicketGroup, makeTicketType } from '@/testing/factories';
import type { CollectionsBody as Body } from '@/testing/responses';

// Sunday 2026-11-22, 07:00 in New York (EST, UTC-5)
const NOW = new Date('2026-11-22T12:00:00Z');
const ZONE = 'America/New_York';

describeEachDatabase('event calendar', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW });
  });
  afterAll(async () => {
    await app.close();
  });

  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url });
    return { res, body: res.json() as Body };
  };
  const setUsed = (id: string, usedCapacity: number) =>
    ctx.db.update(eventSession).set({ usedCapacity }).where(eq(eventSession.id, id));
  // the plain format is the seed product's map, outside the collection envelope (issue #26)
  const plainMap = (body: Body) => body.calendar as unknown as Record<string, string>;

  it('maps each venue-local day to its status; past sessions never count', async () => {
    const a = await makeTimedAdmission(ctx.db, {
      capacity: 2,
      starts: [
        '2026-11-22 06:00', // earlier today: past
        '2026-11-23 10:00',
        '2026-11-24 10:00',
        '2026-11-24 10:30',
        '2026-11-25 10:00',
        '2026-11-23 21:30', // 02:30Z on the 24th: still the 23rd in New York
      ],
    });
    const [, , full1, full2, flagged] = a.sessions;
    await setUsed(full1!.id, 2);
    await setUsed(full2!.id, 2);
    await ctx.db
      .update(eventSession)
      .set({ soldOut: true })
      .where(eq(eventSession.id, flagged!.id));

    const { res, body } = await get(`/api/events/${a.event.id}/calendar?_seller=${a.seller.slug}`);
    expect(res.statusCode).toBe(200);
    expect(body).toEqual({
      calendar: {
        '2026-11-23': 'available',
        '2026-11-24': 'sold_out',
        '2026-11-25': 'sold_out',
      },
    });
    expect(plainMap(body)).toEqual({
      '2026-11-23': 'available',
      '2026-11-24': 'sold_out',
      '2026-11-25': 'sold_out',
    });
  });

  it('_format=extended gives prices, fees, labels, availability and annotations from message rules', async () => {
    const a = await makeTimedAdmission(ctx.db, {
      prices: [2500, 1500],
      capacity: 40,
      starts: ['2026-11-26 10:00', '2026-11-26 14:00', '2026-11-28 10:00'],
      messageRules: [
        {
          action: 'date_annotation',
          message: 'Thanksgiving hours',
          triggers: { dateOrSession: { dateInterval: { start: '2026-11-26', end: '2026-11-26' } } },
        },
        {
          action: 'date_annotation',
          message: 'Afternoon talk',
          triggers: { dateOrSession: { time_of_day: { start: '13:00', end: '14:00' } } },
        },
        {
          action: 'date_annotation',
          message: 'Talk at two',
          triggers: { dateOrSession: { time_of_day: { start: '14:00', end: '15:00' } } },
        },
        { action: 'session_annotation', message: 'not for days', triggers: {} },
      ],
    });
    // fees on the cheapest type: 1.50 fixed + 8.875 % of 15.00 (1.33125 → 1.33)
    await ctx.db
      .update(eventSession)
      .set({ usedCapacity: 15 })
      .where(eq(eventSession.id, a.sessions[1]!.id));
    await ctx.db
      .update(ticketType)
      .set({
        outsideFees: [
          { name: 'fee_fixed_outside', fee: 150 },
          { name: 'fee_percent_outside', fee: 8875 },
        ],
      })
      .where(eq(ticketType.id, a.types[1]!.id));

    const { body } = await get(
      `/api/events/${a.event.id}/calendar?_seller=${a.seller.slug}&_format=extended`,
    );
    expect(body.calendar!._count).toBe(2);
    const [thursday, saturday] = body.calendar!._data;
    expect(thursday).toEqual({
      date: '2026-11-26',
      status: 'available',
      enabled: true,
      available: true,
      min_price: '15.00',
      min_price_fees: { outside: '2.83', fixed: '1.50' },
      price: '15.00',
      pricePrefix: 'From',
      badges: [],
      annotations: ['Thanksgiving hours', 'Talk at two'],
      className: null,
      tooltip:
        'Thursday, November 26, 2026, available, from $15.00. Thanksgiving hours. Talk at two',
      ariaLabel: 'Thursday, November 26, 2026, available, from $15.00',
      longFormat: 'Thursday, November 26, 2026',
      availability: { capacity: 80, used_capacity: 15 },
    });
    expect(saturday).toMatchObject({
      date: '2026-11-28',
      annotations: [],
      availability: { capacity: 40, used_capacity: 0 },
    });
  });

  it("quotes web.price_display's primary type with its prefix (shopping §3; decision 0063)", async () => {
    // Type 0 at 25.00 is the adult's, Type 1 at 15.00 the child's
    const a = await makeTimedAdmission(ctx.db, { starts: ['2026-11-29 10:00'] });
    const calendar = async () =>
      (await get(`/api/events/${a.event.id}/calendar?_seller=${a.seller.slug}&_format=extended`))
        .body.calendar!._data[0];
    expect(await calendar()).toMatchObject({ price: '15.00', pricePrefix: 'From' });

    await makeConfig(ctx.db, a.event, 'event_template', 'web.price_display', {
      primary_ticket_type: 'type 0',
      primary_prefix: 'Adults',
      secondary_ticket_type: 'Type 1',
      secondary_prefix: 'Children',
    });
    // the test app keeps no scope cache (AVAILABILITY_SCOPE_CACHE_MS 0)
    expect(await calendar()).toMatchObject({
      min_price: '25.00',
      price: '25.00',
      pricePrefix: 'Adults',
      ariaLabel: 'Sunday, November 29, 2026, available, Adults $25.00',
    });
  });

  it('sums an unlimited day as -1 and quotes one price without a prefix', async () => {
    const a = await makeTimedAdmission(ctx.db, {
      prices: [1200],
      capacity: -1,
      starts: ['2026-11-29 10:00', '2026-11-29 11:00'],
    });
    const { body } = await get(
      `/api/events/${a.event.id}/calendar?_seller=${a.seller.slug}&_format=extended`,
    );
    expect(body.calendar!._data[0]).toMatchObject({
      date: '2026-11-29',
      status: 'available',
      min_price: '12.00',
      pricePrefix: null,
      ariaLabel: 'Sunday, November 29, 2026, available, from $12.00',
      availability: { capacity: -1, used_capacity: 0 },
    });
  });

  it('stops at the start of the month one year ahead (venue time); start_datetime._lt narrows it', async () => {
    const a = await makeTimedAdmission(ctx.db, {
      starts: ['2026-12-01 10:00', '2027-10-31 23:30', '2027-11-01 00:00', '2027-11-15 10:00'],
    });
    const base = `/api/events/${a.event.id}/calendar?_seller=${a.seller.slug}`;
    expect(Object.keys(plainMap((await get(base)).body))).toEqual(['2026-12-01', '2027-10-31']);
    const lt = venueTime('2027-01-01 00:00', ZONE).toISOString();
    expect(Object.keys(plainMap((await get(`${base}&start_datetime._lt=${lt}`)).body))).toEqual([
      '2026-12-01',
    ]);

    // a single event is not cut by the horizon (the client only sends it for other events)
    const single = await makeTimedAdmission(ctx.db, {
      event: { eventType: 'single' },
      starts: ['2028-03-01 19:00'],
    });
    const { body } = await get(
      `/api/events/${single.event.id}/calendar?_seller=${single.seller.slug}`,
    );
    expect(plainMap(body)).toEqual({ '2028-03-01': 'available' });
  });

  it('ticket_group_id._in restricts the groups: a group off sale makes days unavailable', async () => {
    const a = await makeTimedAdmission(ctx.db, {
      starts: ['2026-12-02 10:00'],
      group: { salesEnd: new Date('2026-11-01T00:00:00Z') },
    });
    const open = await makeTicketGroup(ctx.db, a.event, { name: 'Open' });
    await makeTicketType(ctx.db, open, { amount: 900 });
    const base = `/api/events/${a.event.id}/calendar?_seller=${a.seller.slug}&_format=extended`;
    expect((await get(base)).body.calendar!._data[0]).toMatchObject({
      status: 'available',
      min_price: '9.00',
    });
    const closedOnly = await get(`${base}&ticket_group_id._in=${a.group.id}`);
    expect(closedOnly.body.calendar!._data[0]).toMatchObject({
      status: 'unavailable',
      enabled: false,
      min_price: null,
    });
    const openOnly = await get(`${base}&ticket_group_id._in=${open.id}`);
    expect(openOnly.body.calendar!._data[0]).toMatchObject({ status: 'available' });
  });
});
