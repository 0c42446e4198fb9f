import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_LISTED_TWICE_MESSAGE } from '@admit/contracts/manage';
import { ticket } from '@/db/schema/cart';
import { eventSession } from '@/db/schema/sessions';
import { buildTestApp } from '@/testing/build-test-app';
import { errorOf, makeReserveScene, type ReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeSession, type SessionRow } from '@/testing/factories';
import {
  RULES_ON,
  buyOrder,
  manageCall,
  setSelfEditRules,
  type BoughtOrder,
} from './manage-test-kit';

/**
 * Issue #22 finding 8: a manage body naming one ticket twice answered 500. Each ticket is named
 * once per body (the contract's rule, shared with the storefront): 400 validation_failed.
 */

const NOW = new Date('2029-06-01T12:00:00Z');

describeEachDatabase('manage: a body naming a ticket twice is a validation error', (ctx) => {
  let app: FastifyInstance;
  let scene: ReserveScene;
  let later: SessionRow;
  let order: BoughtOrder;

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: () => NOW, env: { MAIL_POLL_MS: '0' } });
    scene = await makeReserveScene(ctx.db);
    await setSelfEditRules(ctx.db, scene.seller.id, RULES_ON);
    later = await makeSession(ctx.db, scene.event, {
      startDatetime: new Date('2030-02-01T15:00:00Z'),
      capacity: 50,
    });
    order = await buyOrder(app, scene, 2);
  });
  afterAll(async () => {
    await app.close();
  });

  const move = (ids: string[]) => ({ ticket_ids: ids, event_session_id: later.id });
  const call = (to: BoughtOrder, path: 'edit' | 'cancel', body: unknown) =>
    manageCall(app, scene, {
      path: `ticket_order/${to.orderId}/${path}`,
      secret: to.secret,
      body,
    });

  const CASES: [string, 'edit' | 'cancel', (t: string, u: string) => unknown, string][] = [
    ['cancel: [t, t]', 'edit', (t) => ({ cancel: [t, t] }), 'cancel.1'],
    ['cancel: [t, T] (case-blind)', 'edit', (t) => ({ cancel: [t, t.toUpperCase()] }), 'cancel.1'],
    [
      'one line’s ticket_ids: [t, t]',
      'edit',
      (t) => ({ reschedule: [move([t, t])] }),
      'reschedule.0.ticket_ids.1',
    ],
    [
      'two lines moving t',
      'edit',
      (t, u) => ({ reschedule: [move([t]), move([u, t])] }),
      'reschedule.1.ticket_ids.1',
    ],
    [
      't both cancelled and moved',
      'edit',
      (t) => ({ cancel: [t], reschedule: [move([t])] }),
      'reschedule.0.ticket_ids.0',
    ],
    ['restore: [t, t]', 'edit', (t) => ({ restore: [t, t] }), 'restore.1'],
    ['the order cancel’s tickets: [t, t]', 'cancel', (t) => ({ tickets: [t, t] }), 'tickets.1'],
  ];

  describe.each(CASES)('%s', (_name, path, bodyOf, field) => {
    it('answers 400 validation_failed naming the repeat, and changes nothing', async () => {
      const [t, u] = order.ticketIds as [string, string];
      const usedBefore = await ctx.db
        .select()
        .from(eventSession)
        .where(eq(eventSession.id, later.id));
      const res = await call(order, path, bodyOf(t, u));
      expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
      // each route's own validation answer (edit.ts parseEditBody, cancel.ts)
      expect(errorOf(res)).toMatchObject(
        path === 'edit'
          ? {
              _code: 'validation_failed',
              _context: 'order_edit',
              _description: `${field}: ${TICKET_LISTED_TWICE_MESSAGE}`,
              _extra: { field },
            }
          : {
              _code: 'validation_failed',
              _context: 'ticket_order',
              _description: TICKET_LISTED_TWICE_MESSAGE,
              _extra: { field },
            },
      );
      const tickets = await ctx.db
        .select()
        .from(ticket)
        .where(eq(ticket.ticketOrderId, order.orderId));
      expect(tickets.map((x) => x.state)).toEqual(['booked', 'booked']);
      const usedAfter = await ctx.db
        .select()
        .from(eventSession)
        .where(eq(eventSession.id, later.id));
      expect(usedAfter[0]!.usedCapacity).toBe(usedBefore[0]!.usedCapacity);
    });
  });

  it('control: lists naming each ticket once are accepted', async () => {
    const fresh = await buyOrder(app, scene, 2);
    const [t, u] = fresh.ticketIds as [string, string];
    const edit = await call(fresh, 'edit', { cancel: [t], reschedule: [move([u])] });
    expect(edit.statusCode, edit.body.slice(0, 300)).toBe(200);
    const other = await buyOrder(app, scene, 2);
    const cancel = await call(other, 'cancel', { tickets: other.ticketIds });
    expect(cancel.statusCode, cancel.body.slice(0, 300)).toBe(200);
  });
});
