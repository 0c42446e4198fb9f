import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '@/testing/build-test-app';
import { firstError, type CollectionsBody as Body } from '@/testing/responses';
import { describeEachDatabase } from '@/testing/describe-each-database';
import {
  makeEvent,
  makeMeta,
  makeSeller,
  makeSession,
  makeTicketGroup,
  makeVenue,
  type SellerRow,
} from '@/testing/factories';

const NOW = new Date('2030-03-10T12:00:00Z');
const HOUR = 60 * 60_000;
const at = (offsetHours: number) => new Date(NOW.getTime() + offsetHours * HOUR);

describeEachDatabase('GET events/available', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW });
  });
  afterAll(async () => {
    await app.close();
  });

  const get = async (seller: SellerRow, qs: string) => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/events/available?_seller=${seller.slug}&${qs}`,
    });
    return { res, body: res.json() as Body };
  };
  const names = (body: Body) => body.event_template!._data.map((e) => e.name);

  it('lists browsable events with a future session or a session-less group, never link-only', async () => {
    const seller = await makeSeller(ctx.db);
    const withSession = await makeEvent(ctx.db, seller, { name: 'With session', rank: 1 });
    await makeSession(ctx.db, withSession, { startDatetime: at(5) });
    const soldOut = await makeEvent(ctx.db, seller, { name: 'Sold out session', rank: 2 });
    await makeSession(ctx.db, soldOut, { startDatetime: at(5), soldOut: true });
    const past = await makeEvent(ctx.db, seller, { name: 'Only past sessions', rank: 3 });
    await makeSession(ctx.db, past, { startDatetime: at(-5) });
    const donation = await makeEvent(ctx.db, seller, { name: 'Donation', rank: 4 });
    await makeTicketGroup(ctx.db, donation, { handler: 'donation' });
    const policy = await makeEvent(ctx.db, seller, { name: 'Start policy', rank: 5 });
    await makeTicketGroup(ctx.db, policy, { startPolicy: 'fixedfrom' });
    const plainGroup = await makeEvent(ctx.db, seller, { name: 'Tickets group only', rank: 6 });
    await makeTicketGroup(ctx.db, plainGroup, { handler: 'tickets' });
    const linkOnly = await makeEvent(ctx.db, seller, {
      name: 'Link only',
      hiddenType: 'public_link_only',
    });
    await makeSession(ctx.db, linkOnly, { startDatetime: at(5) });
    const members = await makeEvent(ctx.db, seller, {
      name: 'Members',
      hiddenType: 'public_member_only',
    });
    await makeSession(ctx.db, members, { startDatetime: at(5) });
    const otherSeller = await makeSeller(ctx.db);
    const foreign = await makeEvent(ctx.db, otherSeller, { name: 'Foreign' });
    await makeSession(ctx.db, foreign, { startDatetime: at(5) });

    const { res, body } = await get(seller, '');
    expect(res.statusCode).toBe(200);
    expect(names(body)).toEqual(['With session', 'Sold out session', 'Donation', 'Start policy']);
    expect(body.event_template).toMatchObject({ _count: 4, _total: 4 });
    expect(Object.keys(body)).toEqual(['event_template']);
  });

  it('sorts by rank then name by default and by _sort when asked', async () => {
    const seller = await makeSeller(ctx.db);
    for (const [name, rank] of [
      ['B', 1],
      ['A', 1],
      ['C', 0],
    ] as const) {
      const event = await makeEvent(ctx.db, seller, { name, rank });
      await makeSession(ctx.db, event, { startDatetime: at(1) });
    }
    expect(names((await get(seller, '')).body)).toEqual(['C', 'A', 'B']);
    expect(names((await get(seller, '_sort=-name')).body)).toEqual(['C', 'B', 'A']);
    expect(names((await get(seller, '_sort=-rank,name')).body)).toEqual(['A', 'B', 'C']);
    const bad = await get(seller, '_sort=secret');
    expect(bad.res.statusCode).toBe(400);
    expect(firstError(bad.body)).toMatchObject({
      _code: 'validation_failed',
      _extra: { field: '_sort' },
    });
  });

  it('counts _total before _limit', async () => {
    const seller = await makeSeller(ctx.db);
    for (let i = 0; i < 5; i++) {
      const event = await makeEvent(ctx.db, seller, { name: `E${i}`, rank: i });
      await makeSession(ctx.db, event, { startDatetime: at(1) });
    }
    const { body } = await get(seller, '_limit=2');
    expect(body.event_template).toMatchObject({ _count: 2, _total: 5 });
    expect(names(body)).toEqual(['E0', 'E1']);
    for (const limit of ['0', '-1', '1.5', 'abc', '1001']) {
      const bad = await get(seller, `_limit=${limit}`);
      expect(bad.res.statusCode).toBe(400);
      expect(firstError(bad.body)).toMatchObject({ _extra: { field: '_limit' } });
    }
  });

  it('filters by category, id, hidden type and meta values', async () => {
    const seller = await makeSeller(ctx.db);
    const make = async (name: string, category: string, audience: unknown) => {
      const event = await makeEvent(ctx.db, seller, { name, category });
      await makeSession(ctx.db, event, { startDatetime: at(1) });
      await makeMeta(ctx.db, event, 'event_template', 'audience', audience);
      return event;
    };
    const zoo = await make('Zoo', 'animals', 'Families');
    await make('Aquarium', 'animals', ['Adults', 'Schools']);
    await make('Gallery', 'art', 'Adults');

    expect(names((await get(seller, 'category=animals')).body)).toEqual(['Aquarium', 'Zoo']);
    expect(names((await get(seller, 'category._in=art,animals')).body)).toHaveLength(3);
    expect(names((await get(seller, `id._in=${zoo.id}`)).body)).toEqual(['Zoo']);
    expect(names((await get(seller, 'meta.audience._in=Adults')).body)).toEqual([
      'Aquarium',
      'Gallery',
    ]);
    expect(names((await get(seller, 'meta.audience._in=Families,Schools')).body)).toEqual([
      'Aquarium',
      'Zoo',
    ]);
    expect(names((await get(seller, 'hidden_type._in=public_member_only')).body)).toEqual([]);

    const badId = await get(seller, 'id._in=not-a-uuid');
    expect(badId.res.statusCode).toBe(400);
    expect(firstError(badId.body)).toMatchObject({
      _code: 'validation_failed',
      _extra: { field: 'id._in' },
    });
    const unknown = await get(seller, 'secret_field=1');
    expect(firstError(unknown.body)).toMatchObject({
      _code: 'validation_failed',
      _extra: { field: 'secret_field' },
    });
    const unknownParam = await get(seller, '_debug=1');
    expect(unknownParam.res.statusCode).toBe(400);
  });

  it('filters by ticket group relation with EXISTS', async () => {
    const seller = await makeSeller(ctx.db);
    const donation = await makeEvent(ctx.db, seller, { name: 'Donation' });
    await makeTicketGroup(ctx.db, donation, { handler: 'donation' });
    const timed = await makeEvent(ctx.db, seller, { name: 'Timed' });
    await makeTicketGroup(ctx.db, timed, { handler: 'tickets' });
    await makeSession(ctx.db, timed, { startDatetime: at(3) });
    expect(names((await get(seller, 'ticket_group.handler._in=donation')).body)).toEqual([
      'Donation',
    ]);
    expect(names((await get(seller, 'ticket_group.handler=tickets')).body)).toEqual(['Timed']);
    const bad = await get(seller, 'ticket_group.secret._in=x');
    expect(firstError(bad.body)).toMatchObject({ _extra: { field: 'ticket_group.secret._in' } });
  });

  it('bounds sessions by start date and embeds only the matching future sessions', async () => {
    const seller = await makeSeller(ctx.db);
    const early = await makeEvent(ctx.db, seller, { name: 'Early' });
    const earlySession = await makeSession(ctx.db, early, {
      startDatetime: new Date('2030-03-11T10:00:00Z'),
    });
    await makeSession(ctx.db, early, { startDatetime: new Date('2030-03-20T10:00:00Z') });
    await makeSession(ctx.db, early, { startDatetime: at(-1) });
    const late = await makeEvent(ctx.db, seller, { name: 'Late' });
    await makeSession(ctx.db, late, { startDatetime: new Date('2030-03-20T10:00:00Z') });

    const { body } = await get(
      seller,
      'event_session.start_datetime._gte=2030-03-11&event_session.start_datetime._lt=2030-03-12&_embed=event_session',
    );
    expect(names(body)).toEqual(['Early']);
    expect(body.event_session!._data.map((s) => s.id)).toEqual([earlySession.id]);

    const all = await get(seller, '_embed=event_session');
    expect(all.body.event_session!._count).toBe(3); // the past one is never embedded
    const bad = await get(seller, 'event_session.start_datetime._gte=2030-02-30');
    expect(bad.res.statusCode).toBe(400);
    expect(firstError(bad.body)).toMatchObject({
      _extra: { field: 'event_session.start_datetime._gte' },
    });
  });

  it('_ondate matches the session day in the venue time zone, not in UTC', async () => {
    const seller = await makeSeller(ctx.db, { timezone: 'UTC' });
    const sydney = await makeVenue(ctx.db, seller, { timezone: 'Australia/Sydney' });
    const la = await makeVenue(ctx.db, seller, { timezone: 'America/Los_Angeles' });
    // 2030-03-14T20:00Z is already the 15th in Sydney (UTC+11) and still the 14th in LA
    const start = new Date('2030-03-14T20:00:00Z');
    const inSydney = await makeEvent(ctx.db, seller, { name: 'Sydney', venueId: sydney.id });
    await makeSession(ctx.db, inSydney, { startDatetime: start });
    const inLa = await makeEvent(ctx.db, seller, { name: 'LA', venueId: la.id });
    await makeSession(ctx.db, inLa, { startDatetime: start });
    const noVenue = await makeEvent(ctx.db, seller, { name: 'Seller zone' });
    await makeSession(ctx.db, noVenue, { startDatetime: start });

    expect(names((await get(seller, '_ondate=2030-03-15')).body)).toEqual(['Sydney']);
    expect(names((await get(seller, '_ondate=2030-03-14')).body)).toEqual(['LA', 'Seller zone']);
    const bad = await get(seller, '_ondate=14-03-2030');
    expect(firstError(bad.body)).toMatchObject({ _extra: { field: '_ondate' } });
  });
});
