import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eventSession } from '@/db/schema/sessions';
import { makeTimedAdmission } from '@/testing/availability-factories';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeTicketType } from '@/testing/factories';
import { firstError, type CollectionsBody as Body } from '@/testing/responses';

// Sunday 2026-11-22, 07:00 in New York (EST, UTC-5)
const NOW = new Date('2026-11-22T12:00:00Z');
const HEADERS = { 'tix-app': 'ecomm' };

describeEachDatabase('event calendar: posted selections and refusals', (ctx) => {
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
  const post = async (url: string, payload: unknown, headers: Record<string, string> = HEADERS) => {
    const res = await app.inject({ method: 'POST', url, payload: payload as object, headers });
    return { res, body: res.json() as Body };
  };
  const setUsed = (id: string, usedCapacity: number) =>
    ctx.db.update(eventSession).set({ usedCapacity }).where(eq(eventSession.id, id));
  // the plain format is the seed product's map, outside the collection envelope (issue #26)
  const plainMap = (body: Body) => body.calendar as unknown as Record<string, string>;

  it('POST prices the selection and marks days where it cannot be met', async () => {
    const a = await makeTimedAdmission(ctx.db, {
      capacity: 5,
      prices: [2500, 1500],
      starts: ['2026-12-03 10:00', '2026-12-04 10:00', '2026-12-05 10:00'],
      group: { maxTicketsPerOrder: 6 },
    });
    await setUsed(a.sessions[1]!.id, 2); // 3 left on the 4th
    const [adult, child] = a.types;
    const selection = {
      ticket_types_required: [
        { ticket_type_id: adult!.id, quantity: 2 },
        { ticket_type_id: child!.id, quantity: 2 },
      ],
    };
    const url = `/api/events/${a.event.id}/calendar?_seller=${a.seller.slug}`;
    const { res, body } = await post(`${url}&_format=price`, selection);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(body.calendar!._data.map((d) => [d.date, d.status, d.price, d.pricePrefix])).toEqual([
      ['2026-12-03', 'available', '80.00', null],
      ['2026-12-04', 'sold_out', '80.00', null],
      ['2026-12-05', 'available', '80.00', null],
    ]);
    const tooMany = { ticket_types_required: [{ ticket_type_id: adult!.id, quantity: 7 }] };
    expect(plainMap((await post(url, tooMany)).body)).toEqual({
      '2026-12-03': 'unavailable',
      '2026-12-04': 'unavailable',
      '2026-12-05': 'unavailable',
    });
  });

  it('POST with more than 10 ticket types is validation_failed in context event_calendar', async () => {
    const a = await makeTimedAdmission(ctx.db, { starts: ['2026-12-06 10:00'], prices: [100] });
    const types = [a.types[0]!];
    for (let i = 0; i < 10; i++)
      types.push(await makeTicketType(ctx.db, a.group, { amount: 100 + i }));
    const url = `/api/events/${a.event.id}/calendar?_seller=${a.seller.slug}`;
    const lines = types.map((t) => ({ ticket_type_id: t.id, quantity: 1 }));
    const ok = await post(url, { ticket_types_required: lines.slice(0, 10) });
    expect(ok.res.statusCode).toBe(200);
    const { res, body } = await post(url, { ticket_types_required: lines });
    expect(res.statusCode).toBe(400);
    expect(firstError(body)).toMatchObject({
      _code: 'validation_failed',
      _context: 'event_calendar',
      _description: 'You can only select up to 10 different types of tickets.',
      _extra: { field: 'ticket_types_required' },
    });
  });

  it('is served cached and live; refuses bad input; 404 for unknown, foreign or members-only events', async () => {
    const a = await makeTimedAdmission(ctx.db, { starts: ['2026-12-07 10:00'] });
    const path = `/events/${a.event.id}/calendar?_seller=${a.seller.slug}&_format=extended`;
    const live = await get(`/api${path}`);
    const cached = await get(`/cached_api${path}`);
    expect(live.res.headers['cache-control']).toBe('no-store');
    expect(cached.res.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    expect(cached.res.headers.etag).toBeTruthy();
    expect(cached.body).toEqual(live.body);
    const again = await app.inject({
      method: 'GET',
      url: `/cached_api${path}`,
      headers: { 'if-none-match': cached.res.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);

    const bad = await get(
      `/api/events/${a.event.id}/calendar?_seller=${a.seller.slug}&_format=weekly`,
    );
    expect(bad.res.statusCode).toBe(400);
    expect(firstError(bad.body)).toMatchObject({
      _code: 'validation_failed',
      _context: 'event_calendar',
      _extra: { field: '_format' },
    });
    const noHeader = await post(
      `/api/events/${a.event.id}/calendar?_seller=${a.seller.slug}`,
      {},
      {},
    );
    expect(noHeader.res.statusCode).toBe(403);
    const badBody = await post(`/api/events/${a.event.id}/calendar?_seller=${a.seller.slug}`, {
      ticket_types_required: [{ ticket_type_id: 'x', quantity: 1 }],
    });
    expect(badBody.res.statusCode).toBe(400);
    expect(firstError(badBody.body)).toMatchObject({ _code: 'validation_failed' });

    const members = await makeTimedAdmission(ctx.db, {
      starts: ['2026-12-07 10:00'],
      event: { hiddenType: 'public_member_only' },
    });
    for (const url of [
      `/api/events/${members.event.id}/calendar?_seller=${members.seller.slug}`,
      `/api/events/${members.event.id}/calendar?_seller=${a.seller.slug}`,
      `/api/events/00000000-0000-4000-8000-000000000000/calendar?_seller=${a.seller.slug}`,
      `/cached_api/events/not-a-uuid/calendar?_seller=${a.seller.slug}`,
    ]) {
      const { res, body } = await get(url);
      expect(res.statusCode).toBe(404);
      expect(firstError(body)).toMatchObject({ _code: 'not_found' });
    }
  });
});
