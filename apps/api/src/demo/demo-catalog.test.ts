import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eventTemplateResponseSchema, ticketGroupResponseSchema } from '@admit/contracts/catalog';
import { DEMO_SELLERS } from '@/demo/demo-sellers';
import { seedDemo } from '@/demo/seed-demo';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';

/** The browsing reads serve the demo sellers' real-shaped data through the contract schemas. */
const NOW = new Date('2026-03-01T15:00:00Z');
const ALL_EMBEDS = 'meta,config,venue,ticket_type,ticket_group,event_session';

describeEachDatabase('catalog over the demo seed', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    await seedDemo(ctx.db, { now: NOW });
    app = await buildTestApp(ctx.database, { now: NOW });
  });
  afterAll(async () => {
    await app.close();
  });

  it.each(DEMO_SELLERS.map((s) => s.slug))(
    '%s: the listing, every event and every ticket group answer 200 in contract shape',
    async (slug) => {
      const listing = await app.inject({
        method: 'GET',
        url: `/cached_api/events/available?_seller=${slug}&_embed=${ALL_EMBEDS}`,
      });
      expect(listing.statusCode).toBe(200);
      const body = eventTemplateResponseSchema.parse(listing.json());
      expect(body.event_template._count).toBeGreaterThan(0);
      expect(body.ticket_type!._data.every((t) => /^\d+\.\d{2}$/.test(t.currency_amount))).toBe(
        true,
      );

      for (const event of body.event_template._data) {
        const detail = await app.inject({
          method: 'GET',
          url: `/api/events/${event.id}?_seller=${slug}&_embed=${ALL_EMBEDS}`,
        });
        expect(detail.statusCode).toBe(200);
        const parsed = eventTemplateResponseSchema.parse(detail.json());
        for (const group of parsed.ticket_group!._data) {
          const res = await app.inject({
            method: 'GET',
            url: `/api/ticket_group/${group.id}?_seller=${slug}&_embed=ticket_type,meta,config`,
          });
          expect(res.statusCode).toBe(200);
          ticketGroupResponseSchema.parse(res.json());
        }
      }
    },
  );
});
