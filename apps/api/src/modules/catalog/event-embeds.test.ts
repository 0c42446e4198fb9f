import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '@/testing/build-test-app';
import { firstError, type CollectionsBody as Body } from '@/testing/responses';
import { describeEachDatabase } from '@/testing/describe-each-database';
import {
  makeEvent,
  makeMeta,
  makeConfig,
  makeSeller,
  makeSession,
  makeTicketGroup,
  makeTicketType,
  makeVenue,
  type SellerRow,
} from '@/testing/factories';

const NOW = new Date('2030-03-10T12:00:00Z');
const HOUR = 60 * 60_000;
const at = (offsetHours: number) => new Date(NOW.getTime() + offsetHours * HOUR);

describeEachDatabase('GET events/available embeds', (ctx) => {
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

  it('embeds siblings joined by ids, money as decimal strings, computed capacity', async () => {
    const seller = await makeSeller(ctx.db);
    const venue = await makeVenue(ctx.db, seller, { name: 'Main hall' });
    const event = await makeEvent(ctx.db, seller, { name: 'Show', venueId: venue.id });
    const group = await makeTicketGroup(ctx.db, event, { capacity: 10, usedCapacity: 10 });
    const members = await makeTicketGroup(ctx.db, event, { hiddenType: 'public_member_only' });
    await makeTicketType(ctx.db, members);
    const type = await makeTicketType(ctx.db, group, {
      amount: 2550,
      outsideFees: [
        { name: 'fee_fixed_outside', fee: 150 },
        { name: 'fee_percent_outside', fee: 8875 },
      ],
    });
    const session = await makeSession(ctx.db, event, {
      startDatetime: at(2),
      capacity: 3,
      oversellCapacity: 1,
      usedCapacity: 2,
    });
    await makeSession(ctx.db, event, { startDatetime: at(4), capacity: -1, usedCapacity: 7 });
    await makeMeta(ctx.db, event, 'event_template', 'reserve_flow', 'date_first');
    await makeConfig(ctx.db, event, 'event_template', 'web.ecommerce', { next_route: 'checkout' });

    const { body } = await get(
      seller,
      '_embed=meta,config,venue,ticket_type,ticket_group,event_session',
    );
    expect(Object.keys(body).sort()).toEqual(
      [
        'config',
        'event_session',
        'event_template',
        'meta',
        'ticket_group',
        'ticket_type',
        'venue',
      ].sort(),
    );
    expect(body.venue!._data).toEqual([
      {
        id: venue.id,
        seller_id: seller.id,
        name: 'Main hall',
        timezone: venue.timezone,
        address: null,
      },
    ]);
    expect(body.event_template!._data[0]).toMatchObject({ venue_id: venue.id });
    expect(body.ticket_group!._data.map((g) => g.id)).toEqual([group.id]); // members-only left out
    expect(body.ticket_group!._data[0]).toMatchObject({ sold_out: true, available: false });
    expect(body.ticket_type!._data).toEqual([
      expect.objectContaining({
        id: type.id,
        ticket_group_id: group.id,
        currency_amount: '25.50',
        outside_fees: [
          { name: 'fee_fixed_outside', fee: '1.50' },
          { name: 'fee_percent_outside', fee: '8.875' },
        ],
      }),
    ]);
    expect(body.event_session!._data[0]).toMatchObject({
      id: session.id,
      availableCapacity: 2,
      available: true,
      sold_out: false,
    });
    expect(body.event_session!._data[1]).toMatchObject({ availableCapacity: -1, available: true });
    expect(body.meta!._data).toEqual([
      expect.objectContaining({ key: 'reserve_flow', value: 'date_first' }),
    ]);
    expect(body.config!._data).toEqual([
      expect.objectContaining({ key: 'web.ecommerce', resource_id: event.id }),
    ]);
    expect(body.event_template!._data[0]).not.toHaveProperty('created_at');

    const bad = await get(seller, '_embed=venue,identity');
    expect(bad.res.statusCode).toBe(400);
    expect(firstError(bad.body)).toMatchObject({
      _code: 'validation_failed',
      _extra: { field: '_embed' },
    });
  });

  it('embeds siblings only for the events on the page, not for the whole match', async () => {
    const seller = await makeSeller(ctx.db);
    const first = await makeEvent(ctx.db, seller, { name: 'First', rank: 1 });
    const firstSession = await makeSession(ctx.db, first, { startDatetime: at(1) });
    const second = await makeEvent(ctx.db, seller, { name: 'Second', rank: 2 });
    await makeSession(ctx.db, second, { startDatetime: at(1) });
    await makeMeta(ctx.db, second, 'event_template', 'reserve_flow', 'quantity_first');

    const { body } = await get(seller, '_limit=1&_embed=event_session,meta');
    expect(names(body)).toEqual(['First']);
    expect(body.event_template).toMatchObject({ _count: 1, _total: 2 });
    expect(body.event_session).toEqual({
      _count: 1,
      _total: 1,
      _data: [expect.objectContaining({ id: firstSession.id })],
    });
    expect(body.meta).toEqual({ _count: 0, _total: 0, _data: [] });
  });
});
