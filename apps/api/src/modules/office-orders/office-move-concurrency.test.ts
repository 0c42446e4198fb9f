import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_HEADER, APP_HEADER_VALUE } from '@admit/contracts/constants';
import { OFFICE_SESSION_COOKIE } from '@admit/contracts/office';
import type { Db } from '@/db/connection';
import { ticket } from '@/db/schema/cart';
import { eventSession } from '@/db/schema/sessions';
import { makeSession, type SessionRow } from '@/testing/factories';
import {
  buyOrder,
  raceStage,
  sessionInvariant,
  type BoughtOrder,
} from '@/modules/manage/manage-test-kit';
import { auditOf, makeStaff, officeLogin } from '@/modules/office/office.test-kit';

/**
 * Office moves raced over real HTTP (decision 0094): desks moving the same ticket at once move it
 * once (one place taken, one given back), and moves of many orders into a session's last place
 * get exactly one. The guards are the reserve's conditional hold and the change's conditional
 * `booked → cancelled`; the control races a read-then-write move through the same invariant
 * check and is caught overselling. PostgreSQL only: PGlite runs one query at a time.
 */

const URL_ = process.env.TEST_DATABASE_URL;
const NOW = new Date('2029-06-01T12:00:00Z');
const DESKS = 8;

/**
 * CONTROL ONLY, never used by the service: a move that reads the target's counter, decides in
 * JavaScript, writes back what it read plus one and moves the ticket.
 */
async function naiveMove(db: Db, order: BoughtOrder, target: SessionRow) {
  const [row] = await db.select().from(eventSession).where(eq(eventSession.id, target.id));
  if (row!.usedCapacity + 1 > row!.capacity) return false;
  await new Promise((resolve) => setTimeout(resolve, 5));
  await db
    .update(eventSession)
    .set({ usedCapacity: row!.usedCapacity + 1 })
    .where(eq(eventSession.id, target.id));
  await db
    .update(ticket)
    .set({ eventSessionId: target.id })
    .where(eq(ticket.id, order.ticketIds[0]!));
  return true;
}

describe.skipIf(!URL_)('office: moves raced [postgres]', () => {
  let stage: Awaited<ReturnType<typeof raceStage>>;
  let cookie: string;

  beforeAll(async () => {
    stage = await raceStage(URL_!, NOW, 14);
    const staff = await makeStaff(stage.db, stage.scene.seller.id, 'box_office');
    cookie = await officeLogin(stage.app, stage.scene.seller.slug, staff.email);
  });
  afterAll(async () => {
    await stage?.close();
  });

  const moveOverHttp = (order: BoughtOrder, target: SessionRow, desk: number) =>
    fetch(
      `${stage.origin}/api/office/ticket_order/${order.orderId}/move?_seller=${stage.scene.seller.slug}`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [APP_HEADER]: APP_HEADER_VALUE,
          cookie: `${OFFICE_SESSION_COOKIE}=${cookie}`,
        },
        body: JSON.stringify({
          tickets: order.ticketIds,
          event_session_id: target.id,
          settle: 'waive',
          reason: `desk ${desk}`,
        }),
      },
    ).then(async (res) => ({
      status: res.status,
      code: ((await res.json()) as { _data?: { _code?: string }[] })._data?.[0]?._code ?? null,
    }));
  const sessionAt = (iso: string, capacity: number) =>
    makeSession(stage.db, stage.scene.event, { startDatetime: new Date(iso), capacity });
  /** A session with one place left, its other places taken by live tickets. */
  const lastPlace = async (iso: string) => {
    const { db, app, scene } = stage;
    const target = await sessionAt(iso, 3);
    const filler = await buyOrder(app, scene, 2);
    await db
      .update(ticket)
      .set({ eventSessionId: target.id })
      .where(inArray(ticket.id, filler.ticketIds));
    await db.update(eventSession).set({ usedCapacity: 2 }).where(eq(eventSession.id, target.id));
    await db
      .update(eventSession)
      .set({ usedCapacity: sql`${eventSession.usedCapacity} - 2` })
      .where(eq(eventSession.id, scene.session.id));
    const orders: BoughtOrder[] = [];
    for (let i = 0; i < DESKS; i++) orders.push(await buyOrder(app, scene, 1));
    return { target, orders };
  };

  it(`${DESKS} desks moving the same ticket at once: moved once, one place taken, one given back`, async () => {
    const { db, app, scene } = stage;
    const target = await sessionAt('2030-02-01T15:00:00Z', 50);
    const order = await buyOrder(app, scene, 1);
    const before = await sessionInvariant(db, scene.session.id);
    const answers = await Promise.all(
      Array.from({ length: DESKS }, (_, desk) => moveOverHttp(order, target, desk)),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(
      answers.filter((a) => a.status !== 200).every((a) => a.code === 'ticket_state_incorrect'),
      JSON.stringify(answers),
    ).toBe(true);
    expect(await sessionInvariant(db, target.id)).toEqual({ used: 1, live: 1, violations: [] });
    expect((await sessionInvariant(db, scene.session.id)).used).toBe(before.used - 1);
    const records = (await auditOf(db, scene.seller.id, 'order.move')).filter(
      (r) => r.target === `ticket_order:${order.orderId}`,
    );
    expect(records).toHaveLength(1);
  });

  it(`${DESKS} orders moved into a session's last place at once: exactly 1`, async () => {
    const { target, orders } = await lastPlace('2030-02-02T15:00:00Z');
    const answers = await Promise.all(orders.map((order, i) => moveOverHttp(order, target, i)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(
      answers.filter((a) => a.status !== 200).every((a) => a.code === 'event_session_sold_out'),
      JSON.stringify(answers),
    ).toBe(true);
    expect(await sessionInvariant(stage.db, target.id)).toEqual({
      used: 3,
      live: 3,
      violations: [],
    });
  });

  it('CONTROL: the same race with a read-then-write move is caught overselling', async () => {
    const { target, orders } = await lastPlace('2030-02-03T15:00:00Z');
    const results = await Promise.all(orders.map((order) => naiveMove(stage.db, order, target)));
    expect(results.filter(Boolean).length).toBeGreaterThan(1);
    expect((await sessionInvariant(stage.db, target.id)).violations.join('; ')).toContain(
      'oversold',
    );
  });
});

describe.skipIf(!!URL_)('office: moves raced [postgres]', () => {
  it.skip('needs TEST_DATABASE_URL (PostgreSQL); PGlite serializes every query, so it cannot race', () => {});
});
