import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeTimedAdmission } from '@/testing/availability-factories';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeConfig, makeMeta, makeTicketGroup, makeTicketType } from '@/testing/factories';
import { firstError, type CollectionsBody as Body } from '@/testing/responses';

const NOW = new Date('2026-11-22T12:00:00Z');
const HEADERS = { 'tix-app': 'ecomm' };
const ids = (body: Body, key: string) => body[key]!._data.map((r) => r.id);

describeEachDatabase('session detail and pricecheck', (ctx) => {
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

  /** A bookable group, one off sale, one not yet on sale, a members-only one, a donation group and an unavailable type. */
  const setup = async () => {
    const a = await makeTimedAdmission(ctx.db, {
      starts: ['2026-11-23 10:00', '2026-11-22 06:00'],
      prices: [2500, 1500],
    });
    const ended = await makeTicketGroup(ctx.db, a.event, {
      name: 'Ended',
      salesEnd: new Date('2026-11-22T12:00:00Z'),
    });
    const later = await makeTicketGroup(ctx.db, a.event, {
      name: 'Later',
      salesStart: new Date('2026-11-22T12:00:01Z'),
    });
    const members = await makeTicketGroup(ctx.db, a.event, {
      name: 'Members',
      hiddenType: 'public_member_only',
    });
    const donation = await makeTicketGroup(ctx.db, a.event, {
      name: 'Donation',
      handler: 'donation',
    });
    const full = await makeTicketGroup(ctx.db, a.event, {
      name: 'Full',
      rank: 5,
      capacity: 10,
      usedCapacity: 10,
    });
    const hiddenType = await makeTicketType(ctx.db, a.group, {
      name: 'Retired',
      available: false,
      rank: 9,
    });
    const other = {
      ended: await makeTicketType(ctx.db, ended),
      later: await makeTicketType(ctx.db, later),
      members: await makeTicketType(ctx.db, members),
      donation: await makeTicketType(ctx.db, donation),
      full: await makeTicketType(ctx.db, full),
    };
    await makeMeta(ctx.db, a.event, 'event_template', 'reserve_flow', 'date_first');
    await makeMeta(ctx.db, a.group, 'ticket_group', 'admit_names', 'required');
    await makeMeta(ctx.db, members, 'ticket_group', 'admit_names', 'optional');
    await makeConfig(ctx.db, a.event, 'event_template', 'web.ecommerce', {
      hide_sold_out_sessions: false,
    });
    return { ...a, groups: { ended, later, members, donation, full }, hiddenType, other };
  };

  it('GET events/{eventId}/sessions/{sessionId} keeps only groups in their sales window and available types', async () => {
    const a = await setup();
    const session = a.sessions[0]!;
    const url = `/events/${a.event.id}/sessions/${session.id}?_seller=${a.seller.slug}&_embed=ticket_group,ticket_type,meta,config,venue`;
    const { res, body } = await get(`/api${url}`);
    expect(res.statusCode).toBe(200);
    expect(body.event_session!._data).toEqual([
      expect.objectContaining({
        id: session.id,
        available: true,
        startTime: '10:00',
        price: '15.00',
        minPrice: '15.00',
        maxPrice: '25.00',
      }),
    ]);
    expect(ids(body, 'ticket_group')).toEqual([a.group.id, a.groups.full.id]);
    expect(body.ticket_group!._data[1]).toMatchObject({ sold_out: true, available: false });
    expect(ids(body, 'ticket_type').sort()).toEqual(
      [...a.types.map((t) => t.id), a.other.full.id].sort(),
    );
    expect(body.meta!._data.map((m) => [m.resource, m.key, m.value])).toEqual([
      ['event_template', 'reserve_flow', 'date_first'],
      ['ticket_group', 'admit_names', 'required'],
    ]);
    expect(body.config!._data.map((c) => c.key)).toEqual(['web.ecommerce']);
    expect(body.venue!._data).toEqual([
      expect.objectContaining({ id: a.event.venueId, timezone: 'America/New_York' }),
    ]);

    const bare = await get(
      `/cached_api/events/${a.event.id}/sessions/${session.id}?_seller=${a.seller.slug}`,
    );
    expect(Object.keys(bare.body)).toEqual(['event_session']);
    expect(bare.res.headers.etag).toBeTruthy();
  });

  it('a past session is returned unavailable; foreign, unknown and malformed sessions are 404', async () => {
    const a = await setup();
    const past = await get(
      `/api/events/${a.event.id}/sessions/${a.sessions[1]!.id}?_seller=${a.seller.slug}`,
    );
    expect(past.body.event_session!._data[0]).toMatchObject({ available: false });
    const elsewhere = await makeTimedAdmission(ctx.db, { starts: ['2026-11-23 10:00'] });
    for (const path of [
      `/events/${a.event.id}/sessions/${elsewhere.sessions[0]!.id}?_seller=${a.seller.slug}`,
      `/events/${elsewhere.event.id}/sessions/${elsewhere.sessions[0]!.id}?_seller=${a.seller.slug}`,
      `/events/${a.event.id}/sessions/00000000-0000-4000-8000-000000000000?_seller=${a.seller.slug}`,
      `/events/${a.event.id}/sessions/42?_seller=${a.seller.slug}`,
    ]) {
      const { res, body } = await get(`/api${path}`);
      expect(res.statusCode, path).toBe(404);
      expect(firstError(body)).toMatchObject({ _code: 'not_found' });
    }
    const badEmbed = await get(
      `/api/events/${a.event.id}/sessions/${a.sessions[0]!.id}?_seller=${a.seller.slug}&_embed=seller`,
    );
    expect(badEmbed.res.statusCode).toBe(400);
  });

  it('POST events/{id}/pricecheck answers the requested types with availability flags', async () => {
    const a = await setup();
    const foreign = await makeTimedAdmission(ctx.db, { starts: [] });
    const requested = [
      a.types[1]!.id,
      a.hiddenType.id,
      a.other.ended.id,
      a.other.later.id,
      a.other.members.id,
      a.other.full.id,
      foreign.types[0]!.id,
    ];
    const { res, body } = await post(
      `/api/events/${a.event.id}/pricecheck?_seller=${a.seller.slug}`,
      {
        ticket_types_required: requested.map((ticket_type_id) => ({ ticket_type_id })),
      },
    );
    expect(res.statusCode).toBe(200);
    const flags = Object.fromEntries(
      body.ticket_type!._data.map((t) => [t.id, [t.available, t.currency_amount]]),
    );
    expect(flags).toEqual({
      [a.types[1]!.id]: [true, '15.00'],
      [a.hiddenType.id]: [false, '25.00'],
      [a.other.ended.id]: [false, '25.00'],
      [a.other.later.id]: [false, '25.00'],
      [a.other.full.id]: [false, '25.00'],
    });
    const empty = await post(`/api/events/${a.event.id}/pricecheck?_seller=${a.seller.slug}`, {
      ticket_types_required: [],
    });
    expect(empty.res.statusCode).toBe(400);
    expect(firstError(empty.body)).toMatchObject({
      _code: 'validation_failed',
      _extra: { field: 'ticket_types_required' },
    });
  });
});
