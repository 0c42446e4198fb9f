import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_HEADER, APP_HEADER_VALUE } from '@admit/contracts/constants';
import type { Db } from '@/db/connection';
import { ticket } from '@/db/schema/cart';
import { eventSession } from '@/db/schema/sessions';
import type { ReserveScene } from '@/testing/cart-fixtures';
import { makeSession, type SessionRow } from '@/testing/factories';
import { buyOrder, raceStage, sessionInvariant, type BoughtOrder } from './manage-test-kit';

/**
 * 10 buyers reschedule into a session with 1 place left at the same moment (issue #15 "Tests
 * that must exist"): the edit holds its new place by the reserve's conditional update, so
 * exactly one gets it. A naive read-then-write reschedule through the same invariant check
 * oversells, proving the check can fail. PostgreSQL only.
 */

const URL_ = process.env.TEST_DATABASE_URL;
const NOW = new Date('2029-06-01T12:00:00Z');
const BUYERS = 10;

/**
 * CONTROL ONLY, never used by the service: a reschedule that reads the counter, decides in
 * JavaScript and writes back what it read plus one.
 */
async function naiveReschedule(db: Db, order: BoughtOrder, target: SessionRow) {
  const [row] = await db.select().from(eventSession).where(eq(eventSession.id, target.id));
  if (row!.usedCapacity + 1 > row!.capacity) return false;
  await new Promise((resolve) => setTimeout(resolve, 5));
  await db
    .update(eventSession)
    .set({ usedCapacity: row!.usedCapacity + 1 })
    .where(eq(eventSession.id, target.id));
  const [old] = await db.select().from(ticket).where(eq(ticket.id, order.ticketIds[0]!));
  const { id: _id, createdAt: _at, ...copy } = old!;
  await db
    .insert(ticket)
    .values({ ...copy, eventSessionId: target.id, state: 'in_cart', holdsSessionCapacity: true });
  return true;
}

describe.skipIf(!URL_)('manage: the rush to reschedule into the last place [postgres]', () => {
  let stage: Awaited<ReturnType<typeof raceStage>>;
  let app: FastifyInstance;
  let origin: string;
  let scene: ReserveScene;
  let handle: { database: { db: Db } };

  beforeAll(async () => {
    stage = await raceStage(URL_!, NOW, 14);
    ({ app, origin, scene } = stage);
    handle = { database: { db: stage.db } };
  });
  afterAll(async () => {
    await stage?.close();
  });

  const lastPlace = async () => {
    const db = handle.database.db;
    const target = await makeSession(db, scene.event, {
      startDatetime: new Date('2030-03-01T15:00:00Z'),
      capacity: 5,
    });
    await db.update(eventSession).set({ usedCapacity: 4 }).where(eq(eventSession.id, target.id));
    // the 4 places taken by earlier buyers, as tickets, so the counter matches what is live
    const filler = await buyOrder(app, scene, 4);
    await db
      .update(ticket)
      .set({ eventSessionId: target.id })
      .where(inArray(ticket.id, filler.ticketIds));
    await db
      .update(eventSession)
      .set({ usedCapacity: sql`${eventSession.usedCapacity} - 4` })
      .where(eq(eventSession.id, scene.session.id));
    const orders = [];
    for (let i = 0; i < BUYERS; i++) orders.push(await buyOrder(app, scene, 1));
    return { target, orders };
  };

  it(`${BUYERS} parallel reschedules into a session with 1 place left: exactly 1`, async () => {
    const { target, orders } = await lastPlace();
    const answers = await Promise.all(
      orders.map(async (order) => {
        const res = await fetch(
          `${origin}/api/ticket_order/${order.orderId}/edit?_seller=${scene.seller.slug}&secret=${order.secret}`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json', [APP_HEADER]: APP_HEADER_VALUE },
            body: JSON.stringify({
              reschedule: [{ ticket_ids: order.ticketIds, event_session_id: target.id }],
            }),
          },
        );
        const json = (await res.json()) as { _data?: { _code: string }[] };
        return { status: res.status, code: json._data?.[0]?._code ?? null };
      }),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const losers = answers.filter((a) => a.status !== 200);
    expect(
      losers.every((l) => l.status === 422 && l.code === 'event_session_sold_out'),
      JSON.stringify(losers),
    ).toBe(true);
    expect(await sessionInvariant(handle.database.db, target.id)).toEqual({
      used: 5,
      live: 5,
      violations: [],
    });
  });

  it('CONTROL: the same race with a naive read-then-write reschedule is caught overselling', async () => {
    const db = handle.database.db;
    const { target, orders } = await lastPlace();
    const results = await Promise.all(orders.map((order) => naiveReschedule(db, order, target)));
    expect(results.filter(Boolean).length).toBeGreaterThan(1);
    const invariant = await sessionInvariant(db, target.id);
    expect(invariant.violations.join('; ')).toContain('oversold');
  });
});

describe.skipIf(!!URL_)('manage: the rush to reschedule into the last place [postgres]', () => {
  it.skip('needs TEST_DATABASE_URL (PostgreSQL); PGlite serializes every query, so it cannot race', () => {});
});
