import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@/db/connection';
import { eventSession } from '@/db/schema/sessions';
import { buildTestApp } from '@/testing/build-test-app';
import { makeReserveScene, type ReserveScene } from '@/testing/cart-fixtures';
import { openPostgresTestDatabase, type TestDatabase } from '@/testing/test-database';
import { auditOf, makeStaff, officeCall, officeLogin } from '@/modules/office/office.test-kit';

/**
 * A hold that commits between the office's preview and its change (decision 0089): the
 * capacity UPDATE's own condition, judged on the row it locked, refuses a capacity the places
 * now taken no longer fit. The hold is a transaction kept open on another connection, and the
 * office's call is seen waiting for its lock before the hold commits: no timing involved. The
 * control runs the same steps with the check made only before the write (the preview's
 * numbers) and ends with more places taken than the capacity. Needs PostgreSQL (PGlite has one
 * connection, so nothing can wait on a lock).
 */

const URL_ = process.env.TEST_DATABASE_URL;
const NOW = new Date('2029-06-01T12:00:00Z');

/** Runs `take` places in a transaction left open until the returned `commit` is called. */
function openHold(db: Db, sessionId: string, take: number) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const done = db.transaction(async (tx) => {
    await tx
      .update(eventSession)
      .set({ usedCapacity: sql`${eventSession.usedCapacity} + ${take}` })
      .where(eq(eventSession.id, sessionId));
    locked();
    await released;
  });
  return { isLocked, commit: async () => (release(), await done) };
}

/** Waits until some statement on the database waits for a row lock on event_session. */
async function waitForLockWaiter(db: Db) {
  for (let i = 0; i < 500; i++) {
    const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n
      from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'
        and query ilike '%update event_session%'`);
    if (Number(rows[0]?.n) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('no statement ever waited for the lock');
}

describe.skipIf(!URL_)('office: capacity change racing a hold [postgres]', () => {
  let handle: TestDatabase;
  let app: FastifyInstance;
  let scene: ReserveScene;
  let cookie: string;

  beforeAll(async () => {
    handle = await openPostgresTestDatabase(URL_!, 6);
    app = await buildTestApp(handle.database, { now: NOW });
    scene = await makeReserveScene(handle.database.db, {
      session: { capacity: 20, usedCapacity: 5 },
    });
    const owner = await makeStaff(handle.database.db, scene.seller.id, 'owner');
    cookie = await officeLogin(app, scene.seller.slug, owner.email);
  });
  afterAll(async () => {
    await app?.close();
    await handle?.dispose();
  });

  const row = async () =>
    (
      await handle.database.db
        .select()
        .from(eventSession)
        .where(eq(eventSession.id, scene.session.id))
    )[0]!;

  it('refuses the change when a hold that commits first no longer fits it', async () => {
    const db = handle.database.db;
    const hold = openHold(db, scene.session.id, 8);
    await hold.isLocked;
    // the office previews on the committed numbers (5 taken: 10 fits), then waits for the lock
    const change = officeCall(app, {
      method: 'PATCH',
      path: `session_capacity/${scene.session.id}`,
      slug: scene.seller.slug,
      cookie,
      body: { capacity: 10, reason: 'fewer guides' },
    });
    await waitForLockWaiter(db);
    await hold.commit();
    const res = await change;
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()._data[0]._extra).toMatchObject({ over_by: 3 });
    expect(await row()).toMatchObject({ capacity: 20, usedCapacity: 13 });
    expect(await auditOf(db, scene.seller.id, 'session.capacity')).toEqual([]);
  });

  it('CONTROL: the same race with the check made only before the write oversells', async () => {
    const db = handle.database.db;
    await db
      .update(eventSession)
      .set({ capacity: 20, usedCapacity: 5 })
      .where(eq(eventSession.id, scene.session.id));
    const hold = openHold(db, scene.session.id, 8);
    await hold.isLocked;
    // read-then-write: the numbers a preview sees, judged in JavaScript, then an unconditioned write
    const seen = await row();
    const fits = seen.usedCapacity <= 10 + seen.oversellCapacity;
    expect(fits).toBe(true);
    // a drizzle query runs once it is awaited or `then`ed: start it now, it waits for the lock
    const write = db
      .execute(sql`update event_session set capacity = 10 where id = ${scene.session.id}::uuid`)
      .then(() => undefined);
    await waitForLockWaiter(db);
    await hold.commit();
    await write;
    const after = await row();
    expect(after.usedCapacity).toBeGreaterThan(after.capacity + after.oversellCapacity);
  });
});
