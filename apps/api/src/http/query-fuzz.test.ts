import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '@admit/contracts/envelope';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';
import {
  makeEvent,
  makeMeta,
  makeSeller,
  makeSession,
  makeTicketGroup,
  makeTicketType,
} from '@/testing/factories';
import {
  EVENT_EMBEDS,
  SESSION_FIELDS,
  garbageArb,
  pairArb,
  type RouteShape,
} from '@/testing/query-arbitraries';

/**
 * Property: whatever the query string (repeated keys, unicode, huge values, `%` garbage, known
 * keys with wrong values), every read answers 2xx/304 or a 4xx error envelope, never a 500.
 * Most generated pairs are grammatical for the route, so queries get past validation and into
 * the SQL with hostile values; the rest is noise that must be refused cleanly.
 */

const NOW = new Date('2030-03-10T12:00:00Z');

describeEachDatabase('query grammar never answers 500', (ctx) => {
  let app: FastifyInstance;
  let routes: RouteShape[] = [];
  let slug = '';
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW });
    const seller = await makeSeller(ctx.db);
    slug = seller.slug;
    const event = await makeEvent(ctx.db, seller, { category: 'animals' });
    await makeMeta(ctx.db, event, 'event_template', 'audience', ['Families']);
    const group = await makeTicketGroup(ctx.db, event);
    await makeTicketType(ctx.db, group);
    await makeSession(ctx.db, event, { startDatetime: new Date('2030-03-11T10:00:00Z') });
    const eventSort = ['rank', 'name', 'category', 'id', 'secret'];
    routes = [
      {
        path: '/events/available',
        fields: {
          id: 'uuid',
          category: 'text',
          hidden_type: 'text',
          event_type: 'text',
          venue_id: 'uuid',
          ...SESSION_FIELDS,
        },
        meta: true,
        ondate: true,
        sort: eventSort,
        embeds: EVENT_EMBEDS,
      },
      { path: `/events/${event.id}`, fields: SESSION_FIELDS, ondate: true, embeds: EVENT_EMBEDS },
      {
        path: '/event_template',
        fields: { id: 'uuid', category: 'text', venue_id: 'uuid' },
        sort: eventSort,
        embeds: ['venue', 'meta'],
      },
      {
        path: '/config',
        fields: { id: 'uuid', resource: 'text', resource_id: 'uuid', key: 'text' },
        sort: ['resource', 'resource_id', 'key', 'value'],
      },
      {
        path: `/ticket_group/${group.id}`,
        fields: { handler: 'text', hidden_type: 'text' },
        embeds: ['ticket_type', 'meta', 'config'],
      },
    ];
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers every arbitrary query with 2xx, 304 or a 4xx error envelope', async () => {
    const statuses = new Map<number, number>();
    const prefixes = ['/api', '/cached_api'];
    const requestArb = fc
      .tuple(fc.constantFrom(...routes), fc.constantFrom(...prefixes))
      .chain(([route, prefix]) =>
        fc.record({
          url: fc.constant(`${prefix}${route.path}`),
          withSeller: fc.oneof(
            { weight: 9, arbitrary: fc.constant(true) },
            { weight: 1, arbitrary: fc.constant(false) },
          ),
          pairs: fc.array(pairArb(route), { maxLength: 4 }),
          garbage: fc.oneof(
            { weight: 4, arbitrary: fc.constant('') },
            { weight: 1, arbitrary: garbageArb },
          ),
        }),
      );
    await fc.assert(
      fc.asyncProperty(requestArb, async ({ url: path, withSeller, pairs, garbage }) => {
        const params = new URLSearchParams(withSeller ? [['_seller', slug], ...pairs] : pairs);
        const url = `${path}?${params.toString()}${garbage ? `&${garbage}` : ''}`;
        const res = await app.inject({ method: 'GET', url });
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        expect(
          res.statusCode,
          `${res.statusCode} for ${url}: ${res.body.slice(0, 300)}`,
        ).toBeLessThan(500);
        if (res.statusCode >= 400) {
          expect(errorEnvelopeSchema.safeParse(res.json()).success).toBe(true);
        } else {
          expect(res.statusCode).toBe(200);
        }
      }),
      { numRuns: 400 },
    );
    // the property is only meaningful if many generated queries get past validation
    expect(statuses.get(200) ?? 0).toBeGreaterThan(100);
  });

  it('refuses a query with NUL or lone surrogates in text values with 400, not a database error', async () => {
    for (const value of ['%00', 'a%00b', '%ED%A0%80']) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/events/available?_seller=${slug}&category=${value}`,
      });
      expect(res.statusCode).toBeLessThan(500);
    }
  });

  it('answers repeated keys with the last value', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/events/available?_seller=nobody&_seller=${slug}&_limit=abc&_limit=1`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().event_template._count).toBe(1);
  });
});
