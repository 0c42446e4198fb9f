import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  calendarExtendedResponseSchema,
  sessionDetailResponseSchema,
  sessionsResponseSchema,
} from '@admit/contracts/availability';
import { demoEventId } from '@/demo/demo-ids';
import { seedDemo } from '@/demo/seed-demo';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';

/** The availability reads over the demo museum (seeded on Sunday 2026-11-22, New York). */
const NOW = new Date('2026-11-22T14:00:00Z');
const SELLER = 'demo-museum';
const admission = demoEventId(SELLER, 'general-admission');
const planetarium = demoEventId(SELLER, 'cosmic-nights');

describeEachDatabase('availability over the demo seed', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    await seedDemo(ctx.db, { now: NOW });
    app = await buildTestApp(ctx.database, { now: NOW });
  });
  afterAll(async () => {
    await app.close();
  });
  const get = async (url: string) => (await app.inject({ method: 'GET', url })).json();

  it('the admission calendar annotates Thursdays and starts today', async () => {
    const body = calendarExtendedResponseSchema.parse(
      await get(`/cached_api/events/${admission}/calendar?_seller=${SELLER}&_format=extended`),
    );
    const days = body.calendar._data;
    expect(days[0]!.date).toBe('2026-11-22');
    expect(days.at(-1)!.date).toBe('2027-03-21'); // 120 days, inside the one-year horizon
    const thursday = days.find((d) => d.date === '2026-11-26')!;
    expect(thursday).toMatchObject({
      status: 'available',
      annotations: ['Late opening'],
      // the demo's web.price_display quotes the Adult as "Adults" (decision 0063)
      min_price: '25.00',
      pricePrefix: 'Adults',
    });
    expect(days.find((d) => d.date === '2026-11-27')!.annotations).toEqual([]);
  });

  it('tomorrow 10:00 is the sold-out session; the member group stays hidden from guests', async () => {
    const body = sessionsResponseSchema.parse(
      await get(`/api/events/${admission}/sessions?_seller=${SELLER}&_ondate=2026-11-23`),
    );
    const sessions = body.event_session._data;
    expect(sessions).toHaveLength(14);
    expect(sessions[0]).toMatchObject({
      startTime: '10:00',
      sold_out: true,
      available: false,
      availableCapacity: 0,
    });
    expect(sessions.slice(1).every((s) => s.available)).toBe(true);
    // Adult, Child, Senior of the timed group: the member and any-date groups are not priced here
    expect(sessions[1]).toMatchObject({ price: '12.00', minPrice: '12.00', maxPrice: '25.00' });

    const detail = sessionDetailResponseSchema.parse(
      await get(
        `/api/events/${admission}/sessions/${sessions[1]!.id}?_seller=${SELLER}&_embed=ticket_group,ticket_type`,
      ),
    );
    expect(detail.ticket_group!._data.map((g) => g.name)).toEqual(['Timed Admission']);
  });

  it('the planetarium group asks for names and a survey', async () => {
    const body = sessionsResponseSchema.parse(
      await get(`/api/events/${planetarium}/sessions?_seller=${SELLER}&_limit=1&sold_out=F`),
    );
    const detail = sessionDetailResponseSchema.parse(
      await get(
        `/api/events/${planetarium}/sessions/${body.event_session._data[0]!.id}?_seller=${SELLER}&_embed=ticket_group,meta`,
      ),
    );
    const groupMeta = Object.fromEntries(
      detail.meta!._data.filter((m) => m.resource === 'ticket_group').map((m) => [m.key, m.value]),
    );
    expect(groupMeta.admit_names).toBe('required');
    expect(groupMeta.additional_info_spec).toMatchObject({ required: ['age'] });
  });
});
