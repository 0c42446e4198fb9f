import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeTimedAdmission } from '@/testing/availability-factories';
import { makeEvent, makeSession, makeTicketGroup, makeTicketType } from '@/testing/factories';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';

// Sunday 2026-11-22, 07:00 in New York
const NOW = new Date('2026-11-22T12:00:00Z');

/**
 * The calendar as the seed product's existing clients read it (issue #26): without `_format`, a
 * plain map date → status, not in the collection envelope, with `unreleased` for days whose sales
 * have not opened; `_format=extended` keeps the storefront's rows. No `tix-app` header: a public
 * read answers without it.
 */
describeEachDatabase('plain calendar for existing clients', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW });
  });
  afterAll(async () => {
    await app.close();
  });

  const get = (url: string) => app.inject({ method: 'GET', url });

  it('answers the bare map on /api and /cached_api, with no app header', async () => {
    const a = await makeTimedAdmission(ctx.db, {
      starts: ['2026-11-23 10:00', '2026-11-25 10:00'],
    });
    for (const base of ['/api', '/cached_api']) {
      const res = await get(`${base}/events/${a.event.id}/calendar?_seller=${a.seller.slug}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        calendar: { '2026-11-23': 'available', '2026-11-25': 'available' },
      });
    }
  });

  it('reads unreleased for the days of groups whose sales open later, extended keeps its rows', async () => {
    const a = await makeTimedAdmission(ctx.db, {
      starts: ['2026-12-01 10:00', '2026-12-02 10:00'],
      group: { salesStart: new Date('2026-11-25T14:00:00Z') },
    });
    const url = `/api/events/${a.event.id}/calendar?_seller=${a.seller.slug}`;
    expect((await get(url)).json()).toEqual({
      calendar: { '2026-12-01': 'unreleased', '2026-12-02': 'unreleased' },
    });
    const extended = (await get(`${url}&_format=extended`)).json() as {
      calendar: { _count: number; _data: { date: string; status: string }[] };
    };
    expect(extended.calendar._count).toBe(2);
    expect(extended.calendar._data.map((day) => [day.date, day.status])).toEqual([
      ['2026-12-01', 'unavailable'],
      ['2026-12-02', 'unavailable'],
    ]);
  });

  it('reads unavailable, not unreleased, once sales have closed', async () => {
    const a = await makeTimedAdmission(ctx.db, {
      starts: ['2026-12-01 10:00'],
      group: { salesEnd: new Date('2026-11-21T14:00:00Z') },
    });
    const res = await get(`/api/events/${a.event.id}/calendar?_seller=${a.seller.slug}`);
    expect(res.json()).toEqual({ calendar: { '2026-12-01': 'unavailable' } });
  });
});

describeEachDatabase('filters on embedded fields, as existing clients send them', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW });
  });
  afterAll(async () => {
    await app.close();
  });

  it('narrows sessions and the calendar by ticket_group.id._in and event_session.start_datetime', async () => {
    const a = await makeTimedAdmission(ctx.db, {
      starts: ['2026-11-23 10:00', '2026-11-24 10:00'],
    });
    const other = await makeTicketGroup(ctx.db, a.event, { name: 'Members', capacity: 0 });
    await makeTicketType(ctx.db, other, { name: 'Member', amount: 0 });
    const base = `/cached_api/events/${a.event.id}`;
    const seller = `_seller=${a.seller.slug}`;

    const sessions = async (query: string) => {
      const res = await app.inject({ method: 'GET', url: `${base}/sessions?${seller}&${query}` });
      expect(res.statusCode).toBe(200);
      return (res.json() as { event_session: { _data: { id: string }[] } }).event_session._data;
    };
    const onDate = '_ondate=2026-11-23';
    const dotted = await sessions(`${onDate}&ticket_group.id._in=${a.group.id}`);
    expect(dotted.map((s) => s.id)).toEqual([a.sessions[0]!.id]);
    expect(dotted).toEqual(await sessions(`${onDate}&ticket_group_id._in=${a.group.id}`));
    // a group with no places: its sessions are not offered when only it is asked for
    expect(await sessions(`${onDate}&ticket_group.id._in=${other.id}`)).toEqual(
      await sessions(`${onDate}&ticket_group_id._in=${other.id}`),
    );
    const from = encodeURIComponent('2026-11-24T00:00:00Z');
    expect((await sessions(`event_session.start_datetime._gte=${from}`)).map((s) => s.id)).toEqual([
      a.sessions[1]!.id,
    ]);

    const calendar = await app.inject({
      method: 'GET',
      url: `${base}/calendar?${seller}&event_session.start_datetime._gte=${from}&ticket_group.id._in=${a.group.id}`,
    });
    expect(calendar.json()).toEqual({ calendar: { '2026-11-24': 'available' } });
  });

  it('still refuses a field no embed has, naming it', async () => {
    const a = await makeTimedAdmission(ctx.db, { starts: ['2026-11-23 10:00'] });
    const res = await app.inject({
      method: 'GET',
      url: `/api/events/${a.event.id}/sessions?_seller=${a.seller.slug}&ticket_group.name._in=x`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()._data[0]).toMatchObject({ _code: 'validation_failed' });
    expect(res.json()._data[0]._description).toContain('ticket_group.name');
  });
});

describeEachDatabase('events/available?id= (an existing client asks for one event)', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW });
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers only the events named, without the app header', async () => {
    const a = await makeTimedAdmission(ctx.db, { starts: ['2026-11-23 10:00'] });
    const second = await makeEvent(ctx.db, a.seller, { name: 'Second', venueId: a.event.venueId });
    const group = await makeTicketGroup(ctx.db, second, { name: 'General' });
    await makeTicketType(ctx.db, group, { name: 'Adult', amount: 1000 });
    await makeSession(ctx.db, second, {
      startDatetime: a.sessions[0]!.startDatetime,
      endDatetime: a.sessions[0]!.endDatetime,
      capacity: 10,
    });
    const read = async (query: string) => {
      const res = await app.inject({
        method: 'GET',
        url: `/cached_api/events/available?_seller=${a.seller.slug}${query}`,
      });
      expect(res.statusCode).toBe(200);
      return (res.json() as { event_template: { _data: { id: string }[] } }).event_template._data
        .map((event) => event.id)
        .sort();
    };
    expect(await read('')).toEqual([a.event.id, second.id].sort());
    expect(await read(`&id=${second.id}`)).toEqual([second.id]);
    expect(await read(`&id._in=${a.event.id},${second.id}`)).toEqual(
      [a.event.id, second.id].sort(),
    );
  });
});
