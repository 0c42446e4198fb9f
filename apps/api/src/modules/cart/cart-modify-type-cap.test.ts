import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CartModifyBody } from '@admit/contracts/cart';
import { eventSession } from '@/db/schema/sessions';
import { buildTestApp } from '@/testing/build-test-app';
import { bundleOf, cartCall, errorOf, makeReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeSession, makeTicketType } from '@/testing/factories';

/**
 * shopping §5 "Default cap 1000 per type" on one modify (cart/request-counts.ts): the cap is per
 * ticket type at its session, as the order rule counts it, not 1000 tickets in all; a body is
 * still bounded in all (10 types' worth) before it is expanded into tickets.
 */

const NOW = new Date('2029-06-01T12:00:00Z');

describeEachDatabase('cart: the per-type cap on one modify', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW });
  });
  afterAll(() => app.close());

  const modify = (seller: { slug: string }, body: CartModifyBody) =>
    cartCall(app, seller, { method: 'POST', path: 'my/cart/modify', body });
  const usedOf = async (sessionId: string) =>
    (await ctx.db.select().from(eventSession).where(eq(eventSession.id, sessionId)))[0]!
      .usedCapacity;

  it('takes 600 adults and 600 children in one modify', async () => {
    const scene = await makeReserveScene(ctx.db, { session: { capacity: 5000 } });
    const child = await makeTicketType(ctx.db, scene.group, { name: 'Child' });
    const res = await modify(scene.seller, {
      add: [
        {
          event_session_id: scene.session.id,
          ticket_types_required: [
            { ticket_type_id: scene.type.id, quantity: 600 },
            { ticket_type_id: child.id, quantity: 600 },
          ],
        },
      ],
    });
    expect(bundleOf(res).ticket._count).toBe(1200);
    expect(await usedOf(scene.session.id)).toBe(1200);
  });

  it('takes 600 of one type at each of two sessions: the cap is per session, as in the order', async () => {
    const scene = await makeReserveScene(ctx.db, { session: { capacity: 5000 } });
    const later = await makeSession(ctx.db, scene.event, {
      capacity: 5000,
      startDatetime: new Date('2029-06-03T12:00:00Z'),
    });
    const res = await modify(scene.seller, {
      add: [scene.session.id, later.id].map((id) => ({
        event_session_id: id,
        ticket_types_required: [{ ticket_type_id: scene.type.id, quantity: 600 }],
      })),
    });
    expect(bundleOf(res).ticket._count).toBe(1200);
  });

  it('refuses 1001 of one type across lines and reserve.tickets, holding nothing', async () => {
    const scene = await makeReserveScene(ctx.db, { session: { capacity: 5000 } });
    const line = (quantity: number) => ({
      event_session_id: scene.session.id,
      ticket_types_required: [{ ticket_type_id: scene.type.id, quantity }],
    });
    const bodies: CartModifyBody[] = [
      { add: [line(600), line(401)] },
      {
        add: [line(1000)],
        reserve: {
          tickets: [{ ticket_type_id: scene.type.id, event_session_id: scene.session.id }],
        },
      },
    ];
    for (const body of bodies) {
      const res = await modify(scene.seller, body);
      expect(res.statusCode, res.body).toBe(422);
      expect(errorOf(res)).toMatchObject({
        _code: 'max_tickets_per_order_exceeded',
        _context: 'reserve',
        _description: 'At most 1000 tickets of one type can be reserved at once',
        _extra: {
          ticket_type_id: scene.type.id,
          event_session_id: scene.session.id,
          max: 1000,
          requested: 1001,
        },
      });
    }
    expect(await usedOf(scene.session.id)).toBe(0);
  });

  it('bounds a body in all before expanding it: 11 types of 1000 each', async () => {
    const scene = await makeReserveScene(ctx.db, { session: { capacity: -1 } });
    const types = [scene.type];
    for (let i = 0; i < 10; i++) types.push(await makeTicketType(ctx.db, scene.group));
    const res = await modify(scene.seller, {
      add: [
        {
          event_session_id: scene.session.id,
          ticket_types_required: types.map((t) => ({ ticket_type_id: t.id, quantity: 1000 })),
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(errorOf(res)).toMatchObject({
      _code: 'max_tickets_per_order_exceeded',
      _context: 'reserve',
      _extra: { max: 10_000, requested: 11_000 },
    });
  });
});
