import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eventSession } from '@/db/schema/sessions';
import { makeTimedAdmission, venueTime } from '@/testing/availability-factories';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeTicketGroup, makeTicketType } from '@/testing/factories';
import { firstError, type CollectionsBody as Body } from '@/testing/responses';

// Sunday 2026-11-22, 07:00 in New York (EST, UTC-5)
const NOW = new Date('2026-11-22T12:00:00Z');
const ZONE = 'America/New_York';
const HEADERS = { 'tix-app': 'ecomm' };

describeEachDatabase('event sessions', (ctx) => {
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
  const post = async (url: string, payload: unknown) => {
    const res = await app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: HEADERS,
    });
    return { res, body: res.json() as Body };
  };
  const starts = (body: Body) => body.event_session!._data.map((s) => s.startTime);
  const setUsed = (id: string, usedCapacity: number) =>
    ctx.db.update(eventSession).set({ usedCapacity }).where(eq(eventSession.id, id));

  /** 10:00, 10:30 (sold out by capacity), 11:00 (flagged sold out) on Monday; 21:30 Monday = 02:30Z Tuesday. */
  const setup = async () => {
    const a = await makeTimedAdmission(ctx.db, {
      capacity: 4,
      prices: [2500, 1500],
      starts: [
        '2026-11-22 06:00',
        '2026-11-23 10:00',
        '2026-11-23 10:30',
        '2026-11-23 11:00',
        '2026-11-23 21:30',
        '2026-11-24 09:00',
      ],
    });
    await setUsed(a.sessions[2]!.id, 4);
    await ctx.db
      .update(eventSession)
      .set({ soldOut: true })
      .where(eq(eventSession.id, a.sessions[3]!.id));
    await setUsed(a.sessions[1]!.id, 1);
    return { ...a, base: `/events/${a.event.id}/sessions?_seller=${a.seller.slug}` };
  };

  it('lists future sessions with capacity fields and prices, sold-out ones included and flagged', async () => {
    const a = await setup();
    const { res, body } = await get(`/api${a.base}`);
    expect(res.statusCode).toBe(200);
    expect(starts(body)).toEqual(['10:00', '10:30', '11:00', '21:30', '09:00']);
    expect(body.event_session!._data[0]).toEqual({
      id: a.sessions[1]!.id,
      seller_id: a.seller.id,
      event_template_id: a.event.id,
      start_datetime: '2026-11-23T15:00:00.000Z',
      end_datetime: '2026-11-23T15:30:00.000Z',
      capacity: 4,
      oversell_capacity: 0,
      used_capacity: 1,
      sold_out: false,
      available: true,
      availableCapacity: 3,
      startTime: '10:00',
      price: '15.00',
      minPrice: '15.00',
      maxPrice: '25.00',
    });
    expect(body.event_session!._data.slice(1, 3)).toMatchObject([
      { sold_out: true, available: false, availableCapacity: 0 },
      { sold_out: true, available: false, availableCapacity: 4 },
    ]);
    // one price_schedule row per session and type
    expect(body.price_schedule!._count).toBe(10);
    expect(body.price_schedule!._data[0]).toEqual({
      id: `${a.sessions[1]!.id}:${a.types[0]!.id}`,
      event_session_id: a.sessions[1]!.id,
      ticket_type_id: a.types[0]!.id,
      currency_amount: '25.00',
    });
  });

  it('sold_out=F, sold_out=T and _include_sold_out=false filter as documented', async () => {
    const a = await setup();
    expect(starts((await get(`/api${a.base}&sold_out=F`)).body)).toEqual([
      '10:00',
      '21:30',
      '09:00',
    ]);
    expect(starts((await get(`/api${a.base}&sold_out=true`)).body)).toEqual(['10:30', '11:00']);
    expect(starts((await get(`/api${a.base}&_include_sold_out=false`)).body)).toEqual([
      '10:00',
      '21:30',
      '09:00',
    ]);
  });

  it('_ondate is a venue-local day: 21:30 on Monday in New York is Tuesday in UTC', async () => {
    const a = await setup();
    expect(starts((await get(`/api${a.base}&_ondate=2026-11-23`)).body)).toEqual([
      '10:00',
      '10:30',
      '11:00',
      '21:30',
    ]);
    expect(starts((await get(`/api${a.base}&_ondate=2026-11-24`)).body)).toEqual(['09:00']);
    expect(starts((await get(`/api${a.base}&_ondate=2026-11-22`)).body)).toEqual([]);
  });

  it('_ondate holds across a DST change (London, 28 March 2027: 01:00 GMT becomes 02:00 BST)', async () => {
    const a = await makeTimedAdmission(ctx.db, {
      timeZone: 'Europe/London',
      currency: 'GBP',
      starts: ['2027-03-27 23:30', '2027-03-28 00:30', '2027-03-28 23:30', '2027-03-29 00:30'],
    });
    const base = `/api/events/${a.event.id}/sessions?_seller=${a.seller.slug}`;
    const { body } = await get(`${base}&_ondate=2027-03-28`);
    expect(body.event_session!._data.map((s) => [s.start_datetime, s.startTime])).toEqual([
      ['2027-03-28T00:30:00.000Z', '00:30'],
      ['2027-03-28T22:30:00.000Z', '23:30'],
    ]);
  });

  it('start_datetime bounds, _sort, _limit with _total, as the storefront asks for the next date', async () => {
    const a = await setup();
    const gte = venueTime('2026-11-23 10:30', ZONE).toISOString();
    const lt = venueTime('2026-11-24 00:00', ZONE).toISOString();
    const ranged = await get(`/api${a.base}&start_datetime._gte=${gte}&start_datetime._lt=${lt}`);
    expect(starts(ranged.body)).toEqual(['10:30', '11:00', '21:30']);
    const next = await get(`/cached_api${a.base}&_limit=1&sold_out=F&_sort=start_datetime`);
    expect(next.body.event_session).toMatchObject({ _count: 1, _total: 3 });
    expect(starts(next.body)).toEqual(['10:00']);
    expect(next.body.price_schedule!._count).toBe(2);
    expect(starts((await get(`/api${a.base}&_sort=-start_datetime&_limit=2`)).body)).toEqual([
      '09:00',
      '21:30',
    ]);
  });

  it('ticket_group_id._in chooses the groups that price and judge the sessions', async () => {
    const a = await setup();
    const excluded = await makeTicketGroup(ctx.db, a.event, {
      name: 'Audio guide',
      excludeFromEventCapacity: true,
    });
    await makeTicketType(ctx.db, excluded, { amount: 500 });
    const { body } = await get(`/api${a.base}&ticket_group_id._in=${excluded.id}`);
    // the add-on does not draw on session capacity, so the full 10:30 session still sells it
    expect(body.event_session!._data.map((s) => [s.startTime, s.available, s.price])).toEqual([
      ['10:00', true, '5.00'],
      ['10:30', true, '5.00'],
      ['11:00', false, '5.00'],
      ['21:30', true, '5.00'],
      ['09:00', true, '5.00'],
    ]);
  });

  it('POST keeps the sessions where the quantities fit, or all with _include_sold_out=true', async () => {
    const a = await setup();
    const [adult, child] = a.types;
    const selection = {
      ticket_types_required: [
        { ticket_type_id: adult!.id, quantity: 2 },
        { ticket_type_id: child!.id, quantity: 2 },
        { ticket_type_id: child!.id, quantity: 0 },
      ],
    };
    const fit = await post(`/api${a.base}`, selection);
    expect(fit.res.statusCode).toBe(200);
    // 10:00 has 3 left of 4: four tickets do not fit
    expect(starts(fit.body)).toEqual(['21:30', '09:00']);
    expect(fit.body.event_session!._data[0]).toMatchObject({
      price: '15.00',
      minPrice: '15.00',
      maxPrice: '25.00',
    });
    const all = await post(`/api${a.base}&_include_sold_out=true&_sort=start_datetime`, selection);
    expect(
      all.body.event_session!._data.map((s) => [s.startTime, s.available, s.sold_out]),
    ).toEqual([
      ['10:00', false, true],
      ['10:30', false, true],
      ['11:00', false, true],
      ['21:30', true, false],
      ['09:00', true, false],
    ]);
    const onlyAdults = { ticket_types_required: [{ ticket_type_id: adult!.id, quantity: 3 }] };
    const adults = await post(`/api${a.base}&_ondate=2026-11-23`, onlyAdults);
    expect(starts(adults.body)).toEqual(['10:00', '21:30']);
    expect(adults.body.event_session!._data[0]).toMatchObject({
      price: '25.00',
      maxPrice: '25.00',
    });
    expect(adults.body.price_schedule!._data.map((p) => p.ticket_type_id)).toEqual([
      adult!.id,
      adult!.id,
    ]);
  });

  it('refuses unknown parameters and bad values with validation_failed; 404 for unknown events', async () => {
    const a = await setup();
    for (const [query, field] of [
      ['_sort=name', '_sort'],
      ['_include_sold_out=maybe', '_include_sold_out'],
      ['_ondate=2026-02-30', '_ondate'],
      ['sold_out=perhaps', 'sold_out'],
      ['capacity=3', 'capacity'],
      ['_format=extended', '_format'],
    ] as const) {
      const { res, body } = await get(`/api${a.base}&${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(firstError(body), query).toMatchObject({
        _code: 'validation_failed',
        _context: 'event_sessions',
        _extra: { field },
      });
    }
    const missing = await get(`/api/events/not-a-uuid/sessions?_seller=${a.seller.slug}`);
    expect(missing.res.statusCode).toBe(404);
    expect(firstError(missing.body)).toMatchObject({ _code: 'not_found' });
  });
});
