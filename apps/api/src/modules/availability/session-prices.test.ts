import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeTimedAdmission } from '@/testing/availability-factories';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeSessionPrice } from '@/testing/factories';
import type { CollectionsBody as Body } from '@/testing/responses';

// Sunday 2026-11-22, 07:00 in New York (EST, UTC-5)
const NOW = new Date('2026-11-22T12:00:00Z');
const HEADERS = { 'tix-app': 'ecomm' };

// decision 0043: a session's own price of a type overrides the type's amount in every read
describeEachDatabase('session prices in the availability reads', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW });
  });
  afterAll(async () => {
    await app.close();
  });

  const get = async (url: string) => (await app.inject({ method: 'GET', url })).json() as Body;
  const post = async (url: string, payload: object) =>
    (await app.inject({ method: 'POST', url, payload, headers: HEADERS })).json() as Body;

  /** Adult 25.00 and Child 12.00; Thursday 17:30 is a late opening at 29.00 and 15.00. */
  const setup = async () => {
    const a = await makeTimedAdmission(ctx.db, {
      prices: [2500, 1200],
      starts: ['2026-11-26 10:00', '2026-11-26 17:30', '2026-11-27 17:30'],
    });
    const [adult, child] = a.types as [(typeof a.types)[0], (typeof a.types)[0]];
    const [, lateThursday, lateFriday] = a.sessions;
    await makeSessionPrice(ctx.db, lateThursday!, adult, 2900);
    await makeSessionPrice(ctx.db, lateThursday!, child, 1500);
    // Friday's late opening overrides the adult only: the child stays at its type's 12.00
    await makeSessionPrice(ctx.db, lateFriday!, adult, 2900);
    const base = `/events/${a.event.id}/sessions?_seller=${a.seller.slug}&_sort=start_datetime`;
    return { ...a, adult, child, base };
  };

  it('price_schedule carries each session its own price, else the type amount; price, minPrice and maxPrice follow', async () => {
    const a = await setup();
    const body = await get(`/api${a.base}`);
    const schedule = body.price_schedule!._data.map((p) => [
      a.sessions.findIndex((s) => s.id === p.event_session_id),
      p.ticket_type_id === a.adult.id ? 'adult' : 'child',
      p.currency_amount,
    ]);
    expect(schedule).toEqual([
      [0, 'adult', '25.00'],
      [0, 'child', '12.00'],
      [1, 'adult', '29.00'],
      [1, 'child', '15.00'],
      [2, 'adult', '29.00'],
      [2, 'child', '12.00'],
    ]);
    expect(
      body.event_session!._data.map((s) => [s.startTime, s.price, s.minPrice, s.maxPrice]),
    ).toEqual([
      ['10:00', '12.00', '12.00', '25.00'],
      ['17:30', '15.00', '15.00', '29.00'],
      ['17:30', '12.00', '12.00', '29.00'],
    ]);
    // the cached path and one day's read answer the same prices
    const day = await get(`/cached_api${a.base}&_ondate=2026-11-26`);
    expect(day.price_schedule!._data.map((p) => p.currency_amount)).toEqual([
      '25.00',
      '12.00',
      '29.00',
      '15.00',
    ]);
  });

  it('a POST with a selection quotes the selected types at each session', async () => {
    const a = await setup();
    const body = await post(`/api${a.base}`, {
      ticket_types_required: [{ ticket_type_id: a.adult.id, quantity: 2 }],
    });
    expect(body.price_schedule!._data.map((p) => p.currency_amount)).toEqual([
      '25.00',
      '29.00',
      '29.00',
    ]);
    expect(body.event_session!._data.map((s) => s.price)).toEqual(['25.00', '29.00', '29.00']);
  });

  it('the session detail is priced at the session', async () => {
    const a = await setup();
    const late = a.sessions[1]!;
    const body = await get(
      `/cached_api/events/${a.event.id}/sessions/${late.id}?_seller=${a.seller.slug}&_embed=ticket_type`,
    );
    expect(body.event_session!._data[0]).toMatchObject({
      price: '15.00',
      minPrice: '15.00',
      maxPrice: '29.00',
    });
    // decision 0048: each type's price at this session, which the storefront shows and totals
    expect(
      body.price_schedule!._data.map((p) => [
        p.event_session_id,
        p.ticket_type_id === a.adult.id ? 'adult' : 'child',
        p.currency_amount,
      ]),
    ).toEqual([
      [late.id, 'adult', '29.00'],
      [late.id, 'child', '15.00'],
    ]);
  });

  it("the calendar's day prices span the day's sessions, their own prices included", async () => {
    const a = await makeTimedAdmission(ctx.db, {
      prices: [2500, 1200],
      starts: ['2026-11-26 10:00', '2026-11-26 17:30', '2026-11-27 17:30'],
    });
    const [adult, child] = a.types;
    // Thursday: 10:00 at the types' amounts, 17:30 dearer; Friday: one session, cheaper child
    await makeSessionPrice(ctx.db, a.sessions[1]!, adult!, 2900);
    await makeSessionPrice(ctx.db, a.sessions[2]!, child!, 1000);
    const url = `/events/${a.event.id}/calendar?_seller=${a.seller.slug}&_format=extended`;
    const days = (await get(`/cached_api${url}`)).calendar!._data;
    expect(days.map((d) => [d.date, d.min_price, d.price, d.pricePrefix])).toEqual([
      ['2026-11-26', '12.00', '12.00', 'From'],
      ['2026-11-27', '10.00', '10.00', 'From'],
    ]);
    // with a selection: the total at the day's lowest prices, "From" when a session costs more
    const chosen = await post(`/api${url}`, {
      ticket_types_required: [{ ticket_type_id: adult!.id, quantity: 2 }],
    });
    expect(chosen.calendar!._data.map((d) => [d.date, d.price, d.pricePrefix])).toEqual([
      ['2026-11-26', '50.00', 'From'],
      ['2026-11-27', '50.00', null],
    ]);
  });
});
