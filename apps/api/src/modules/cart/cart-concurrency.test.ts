import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_HEADER, APP_HEADER_VALUE } from '@admit/contracts/constants';
import type { Db } from '@/db/connection';
import { cart, ticket } from '@/db/schema/cart';
import { eventSession } from '@/db/schema/sessions';
import { buildTestApp } from '@/testing/build-test-app';
import { addBody, makeReserveScene, type ReserveScene } from '@/testing/cart-fixtures';
import { checkInvariant } from '@/testing/capacity-invariant';
import { openPostgresTestDatabase, type TestDatabase } from '@/testing/test-database';
import { sweepExpiredCarts } from './expiry';

/**
 * The rush for the last places (issue "Tests that must exist"): 200+ simultaneous reserves over
 * real HTTP for a session of 50 must hold exactly 50, and a naive read-then-write reserve run
 * through the same invariant check must be caught overselling, proving the check can fail.
 * Needs PostgreSQL (PGlite has one connection, so nothing would actually run concurrently).
 */

const URL_ = process.env.TEST_DATABASE_URL;
const CAPACITY = 50;
const BUYERS = 220;
const START = new Date('2029-06-01T12:00:00Z');

/**
 * CONTROL ONLY, never used by the service: the classic broken reserve. It reads the counter,
 * decides in JavaScript, then writes back what it read plus one.
 */
async function naiveReserve(db: Db, scene: ReserveScene, cartId: string): Promise<boolean> {
  const [row] = await db.select().from(eventSession).where(eq(eventSession.id, scene.session.id));
  if (row!.usedCapacity + 1 > row!.capacity + row!.oversellCapacity) return false;
  await new Promise((resolve) => setTimeout(resolve, 2)); // the time any real request spends here
  await db
    .update(eventSession)
    .set({ usedCapacity: row!.usedCapacity + 1 })
    .where(eq(eventSession.id, row!.id));
  await db.insert(ticket).values({
    cartId,
    ticketTypeId: scene.type.id,
    ticketGroupId: scene.group.id,
    eventTemplateId: scene.event.id,
    eventSessionId: scene.session.id,
    state: 'in_cart',
    faceValue: scene.type.amount,
    adjustedValue: scene.type.amount,
    holdsSessionCapacity: true,
  });
  return true;
}

describe.skipIf(!URL_)('cart: the rush for the last places [postgres]', () => {
  let handle: TestDatabase;
  let app: FastifyInstance;
  let origin: string;
  let clock = START;

  beforeAll(async () => {
    handle = await openPostgresTestDatabase(URL_!, 24);
    // the reserve path as production runs it: plan rows cached, holds coalesced (decision 0011)
    app = await buildTestApp(handle.database, {
      now: () => clock,
      env: { RESERVE_PLAN_CACHE_MS: '2000' },
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app?.close();
    await handle?.dispose();
  });

  async function rush(scene: ReserveScene) {
    const body = JSON.stringify(addBody(scene, 1));
    const answers = await Promise.all(
      Array.from({ length: BUYERS }, async () => {
        const res = await fetch(`${origin}/api/my/cart/modify?_seller=${scene.seller.slug}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [APP_HEADER]: APP_HEADER_VALUE },
          body,
        });
        const json = (await res.json()) as { _data?: { _code: string }[] };
        return {
          status: res.status,
          code: res.status === 201 ? null : (json._data?.[0]?._code ?? null),
        };
      }),
    );
    return {
      won: answers.filter((a) => a.status === 201).length,
      losers: answers.filter((a) => a.status !== 201),
    };
  }

  it(`holds exactly ${CAPACITY} of ${BUYERS} simultaneous reserves over HTTP`, async () => {
    clock = START;
    const scene = await makeReserveScene(handle.database.db, { session: { capacity: CAPACITY } });
    const { won, losers } = await rush(scene);
    expect(won).toBe(CAPACITY);
    expect(losers).toHaveLength(BUYERS - CAPACITY);
    expect(losers.every((l) => l.status === 422 && l.code === 'event_session_sold_out')).toBe(true);
    const invariant = await checkInvariant(handle.database.db, scene.session.id);
    expect(invariant).toEqual({
      capacity: CAPACITY,
      used: CAPACITY,
      held: CAPACITY,
      violations: [],
    });

    // the carts run out, the sweeper gives the places back, and a second wave retakes them
    clock = new Date(START.getTime() + 16 * 60_000);
    expect(await sweepExpiredCarts(handle.database.db, clock)).toBe(CAPACITY);
    expect(await checkInvariant(handle.database.db, scene.session.id)).toMatchObject({
      used: 0,
      held: 0,
    });
    const second = await rush(scene);
    expect(second.won).toBe(CAPACITY);
    expect(
      second.losers.every((l) => l.status === 422 && l.code === 'event_session_sold_out'),
    ).toBe(true);
    expect((await checkInvariant(handle.database.db, scene.session.id)).violations).toEqual([]);
    const expired = await handle.database.db
      .select({ n: sql<number>`cast(count(*) as integer)` })
      .from(cart)
      .where(eq(cart.state, 'expired'));
    expect(expired[0]!.n).toBe(CAPACITY);
  });

  it('CONTROL: the same race with a naive read-then-write reserve is caught overselling', async () => {
    const db = handle.database.db;
    const scene = await makeReserveScene(db, { session: { capacity: CAPACITY } });
    const [holder] = await db
      .insert(cart)
      .values({
        sellerId: scene.seller.id,
        identityId: (await app.identities.publicIdentity(scene.seller)).id,
        cartNumber: 'CONTROL1',
        expiresAt: new Date(START.getTime() + 15 * 60_000),
      })
      .returning();
    const results = await Promise.all(
      Array.from({ length: BUYERS }, () => naiveReserve(db, scene, holder!.id)),
    );
    const invariant = await checkInvariant(db, scene.session.id);
    expect(results.filter(Boolean).length).toBeGreaterThan(CAPACITY);
    expect(invariant.violations.length).toBeGreaterThan(0);
    expect(invariant.violations.join('; ')).toContain('oversold');
  });
});

describe.skipIf(!!URL_)('cart: the rush for the last places [postgres]', () => {
  it.skip('needs TEST_DATABASE_URL (PostgreSQL); PGlite serializes every query, so it cannot race', () => {});
});
