import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '@/testing/build-test-app';
import { firstError, type CollectionsBody as Body } from '@/testing/responses';
import { describeEachDatabase } from '@/testing/describe-each-database';
import {
  makeConfig,
  makeEvent,
  makeMeta,
  makeSeller,
  makeSession,
  makeTicketGroup,
  makeTicketType,
  makeVenue,
} from '@/testing/factories';

const NOW = new Date('2030-03-10T12:00:00Z');
const at = (offsetHours: number) => new Date(NOW.getTime() + offsetHours * 60 * 60_000);

describeEachDatabase('catalog reads by id', (ctx) => {
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
  const ids = (body: Body, key: string) => body[key]!._data.map((r) => r.id);

  it('GET events/{id} returns link-only and members-only events; 404 for missing, foreign or malformed ids', async () => {
    const seller = await makeSeller(ctx.db);
    const other = await makeSeller(ctx.db);
    const linkOnly = await makeEvent(ctx.db, seller, { hiddenType: 'public_link_only' });
    const members = await makeEvent(ctx.db, seller, { hiddenType: 'public_member_only' });
    const foreign = await makeEvent(ctx.db, other);

    for (const event of [linkOnly, members]) {
      const { res, body } = await get(`/api/events/${event.id}?_seller=${seller.slug}`);
      expect(res.statusCode).toBe(200);
      expect(body.event_template).toEqual({
        _count: 1,
        _total: 1,
        _data: [expect.objectContaining({ id: event.id })],
      });
    }
    for (const id of [
      foreign.id,
      '00000000-0000-4000-8000-000000000000',
      'not-a-uuid',
      '%27%3B--',
    ]) {
      const { res, body } = await get(`/api/events/${id}?_seller=${seller.slug}`);
      expect(res.statusCode).toBe(404);
      expect(firstError(body)).toMatchObject({ _code: 'not_found' });
    }
  });

  it('GET events/{id} leaves out members-only groups and narrows groups, types and sessions by filters', async () => {
    const seller = await makeSeller(ctx.db);
    const event = await makeEvent(ctx.db, seller);
    const adult = await makeTicketGroup(ctx.db, event, { name: 'Adult', rank: 1 });
    const linkGroup = await makeTicketGroup(ctx.db, event, {
      name: 'Link',
      rank: 2,
      hiddenType: 'public_link_only',
    });
    const members = await makeTicketGroup(ctx.db, event, {
      name: 'Members',
      hiddenType: 'public_member_only',
    });
    const adultType = await makeTicketType(ctx.db, adult);
    const linkType = await makeTicketType(ctx.db, linkGroup);
    await makeTicketType(ctx.db, members);
    const soon = await makeSession(ctx.db, event, { startDatetime: at(1) });
    const later = await makeSession(ctx.db, event, { startDatetime: at(48) });
    await makeSession(ctx.db, event, { startDatetime: at(-1) });

    const base = `/api/events/${event.id}?_seller=${seller.slug}&_embed=ticket_group,ticket_type,event_session`;
    const all = await get(base);
    expect(ids(all.body, 'ticket_group')).toEqual([adult.id, linkGroup.id]);
    expect(ids(all.body, 'ticket_type').sort()).toEqual([adultType.id, linkType.id].sort());
    expect(ids(all.body, 'event_session')).toEqual([soon.id, later.id]);

    const byGroup = await get(`${base}&ticket_group.id._in=${linkGroup.id}`);
    expect(ids(byGroup.body, 'ticket_group')).toEqual([linkGroup.id]);
    expect(ids(byGroup.body, 'ticket_type')).toEqual([linkType.id]);

    const byHidden = await get(
      `${base}&ticket_group.hidden_type._in=public_browsable,public_member_only`,
    );
    expect(ids(byHidden.body, 'ticket_group')).toEqual([adult.id]);

    const byDate = await get(`${base}&event_session.start_datetime._gte=${at(24).toISOString()}`);
    expect(ids(byDate.body, 'event_session')).toEqual([later.id]);
  });

  it('GET event_template lists by id (any visibility) with venue and meta embeds', async () => {
    const seller = await makeSeller(ctx.db);
    const venue = await makeVenue(ctx.db, seller);
    const shown = await makeEvent(ctx.db, seller, { name: 'Shown', venueId: venue.id });
    const linkOnly = await makeEvent(ctx.db, seller, {
      name: 'Link only',
      hiddenType: 'public_link_only',
    });
    await makeMeta(ctx.db, linkOnly, 'event_template', 'image_cover', '/api/image/x/cover.png');

    const byIds = await get(
      `/cached_api/event_template?_seller=${seller.slug}&id._in=${shown.id},${linkOnly.id}&_embed=meta,venue`,
    );
    expect(byIds.res.statusCode).toBe(200);
    expect(ids(byIds.body, 'event_template').sort()).toEqual([shown.id, linkOnly.id].sort());
    expect(ids(byIds.body, 'venue')).toEqual([venue.id]);
    expect(byIds.body.meta!._data).toEqual([
      expect.objectContaining({
        resource_id: linkOnly.id,
        key: 'image_cover',
        value: '/api/image/x/cover.png',
      }),
    ]);

    const listed = await get(`/api/event_template?_seller=${seller.slug}`);
    expect(ids(listed.body, 'event_template')).toEqual([shown.id]);
    const badEmbed = await get(`/api/event_template?_seller=${seller.slug}&_embed=ticket_group`);
    expect(badEmbed.res.statusCode).toBe(400);
  });

  it('GET config filters by resource_id._in and key._in', async () => {
    const seller = await makeSeller(ctx.db);
    const a = await makeEvent(ctx.db, seller);
    const b = await makeEvent(ctx.db, seller);
    const other = await makeSeller(ctx.db);
    const foreign = await makeEvent(ctx.db, other);
    const aEcommerce = await makeConfig(ctx.db, a, 'event_template', 'web.ecommerce', {
      hide_sold_out_sessions: true,
    });
    const aPrice = await makeConfig(ctx.db, a, 'event_template', 'web.price_display', {
      message: 'From',
    });
    const bEcommerce = await makeConfig(ctx.db, b, 'event_template', 'web.ecommerce', {});
    await makeConfig(ctx.db, foreign, 'event_template', 'web.ecommerce', {});

    const byResource = await get(
      `/api/config?_seller=${seller.slug}&resource_id._in=${a.id},${foreign.id}`,
    );
    expect(ids(byResource.body, 'config').sort()).toEqual([aEcommerce.id, aPrice.id].sort());
    expect(byResource.body.config!._data.find((c) => c.id === aEcommerce.id)).toEqual({
      id: aEcommerce.id,
      resource: 'event_template',
      resource_id: a.id,
      key: 'web.ecommerce',
      value: { hide_sold_out_sessions: true },
    });
    const byKey = await get(`/api/config?_seller=${seller.slug}&key._in=web.ecommerce&_limit=1`);
    expect(byKey.body.config).toMatchObject({ _count: 1, _total: 2 });
    expect([aEcommerce.id, bEcommerce.id]).toContain(byKey.body.config!._data[0]!.id);
    const bad = await get(`/api/config?_seller=${seller.slug}&resource_id._in=1,2`);
    expect(firstError(bad.body)).toMatchObject({
      _code: 'validation_failed',
      _extra: { field: 'resource_id._in' },
    });
  });

  it('GET ticket_group/{id} embeds types, meta and config, honours handler, hides members-only', async () => {
    const seller = await makeSeller(ctx.db);
    const event = await makeEvent(ctx.db, seller);
    const donation = await makeTicketGroup(ctx.db, event, {
      handler: 'donation',
      salesStart: at(-24),
      salesEnd: at(24),
    });
    const type = await makeTicketType(ctx.db, donation, {
      amount: 1000,
      amountMin: 500,
      amountMax: 100000,
    });
    await makeMeta(ctx.db, donation, 'ticket_group', 'admit_names', 'optional');
    await makeConfig(ctx.db, donation, 'ticket_group', 'web.ecommerce', {});
    const notYet = await makeTicketGroup(ctx.db, event, { salesStart: at(1) });
    const members = await makeTicketGroup(ctx.db, event, { hiddenType: 'public_member_only' });

    const url = `/api/ticket_group/${donation.id}?_seller=${seller.slug}`;
    const { res, body } = await get(`${url}&_embed=ticket_type,meta,config&handler=donation`);
    expect(res.statusCode).toBe(200);
    expect(body.ticket_group!._data).toEqual([
      expect.objectContaining({
        id: donation.id,
        handler: 'donation',
        available: true,
        sold_out: false,
      }),
    ]);
    expect(body.ticket_type!._data).toEqual([
      expect.objectContaining({
        id: type.id,
        currency_amount: '10.00',
        currency_amount_min: '5.00',
        currency_amount_max: '1000.00',
      }),
    ]);
    expect(body.meta!._count).toBe(1);
    expect(body.config!._count).toBe(1);

    expect((await get(`${url}&handler=membership`)).res.statusCode).toBe(404);
    const early = await get(`/api/ticket_group/${notYet.id}?_seller=${seller.slug}`);
    expect(early.body.ticket_group!._data[0]).toMatchObject({ available: false, sold_out: false });
    expect(
      (await get(`/api/ticket_group/${members.id}?_seller=${seller.slug}`)).res.statusCode,
    ).toBe(404);
    expect((await get(`/api/ticket_group/nope?_seller=${seller.slug}`)).res.statusCode).toBe(404);
  });

  it('answers seller_not_found for an unknown seller and validation_failed naming _seller when missing', async () => {
    const seller = await makeSeller(ctx.db);
    const event = await makeEvent(ctx.db, seller);
    for (const path of ['/events/available', `/events/${event.id}`, '/event_template', '/config']) {
      for (const prefix of ['/api', '/cached_api']) {
        const unknown = await get(`${prefix}${path}?_seller=no-such-seller`);
        expect(unknown.res.statusCode).toBe(404);
        expect(firstError(unknown.body)).toMatchObject({ _code: 'seller_not_found' });
        const missing = await get(`${prefix}${path}`);
        expect(missing.res.statusCode).toBe(400);
        expect(firstError(missing.body)).toMatchObject({
          _code: 'validation_failed',
          _extra: { field: '_seller' },
        });
      }
    }
    // the other seller's slug does not reach this seller's event
    const other = await makeSeller(ctx.db);
    expect((await get(`/api/events/${event.id}?_seller=${other.slug}`)).res.statusCode).toBe(404);
  });
});
