import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@/db/connection';
import { cart } from '@/db/schema/cart';
import { outbox } from '@/db/schema/mail';
import { withRetryingTransaction } from '@/db/transaction';
import { expireCart, sweepExpiredCarts } from '@/modules/cart/expiry';
import { releaseHeldCapacity } from '@/modules/cart/holds';
import { cancelCartTickets, selectExpiredCartIds } from '@/modules/cart/repo';
import {
  PURCHASER,
  cardEntry,
  cartRows,
  checkoutCall,
  makeCart,
  tokenize,
} from '@/modules/checkout/checkout-test-kit';
import { buildTestApp } from '@/testing/build-test-app';
import { checkInvariant } from '@/testing/capacity-invariant';
import { errorOf, makeReserveScene, type ReserveScene } from '@/testing/cart-fixtures';
import { openPostgresTestDatabase, type TestDatabase } from '@/testing/test-database';

/**
 * Jobs run on every node (issue #28 "Jobs safe on every node", decision 0090): the cart sweeper
 * and the payment settlement started at once on two servers over the same rows must do each
 * piece of work once. Two servers here are two apps on one PostgreSQL database, each pass on
 * its own connections, which is what two processes are to the database (the mail sender's
 * two-node test is `mail/mail-sender.test.ts`, auto-renew's `auto-renew-concurrency.test.ts`).
 * The sweeper's CONTROL runs the same race with the state gate moved after the release, and
 * the same invariant catches the places given back twice. Needs PostgreSQL (PGlite has one
 * connection, so nothing would run at once).
 */

const URL_ = process.env.TEST_DATABASE_URL;
const START = new Date('2029-06-01T12:00:00Z').getTime();
const DAY = 86_400_000;
const EXPIRED = 24;
const LIVE = 6;

/**
 * CONTROL ONLY, never used by the job: an expiry that decides in JavaScript, gives the places
 * back, and only then marks the cart; two passes that read "pending" at once both give back.
 */
async function naiveSweep(db: Db, now: Date): Promise<number> {
  let expired = 0;
  for (const id of await selectExpiredCartIds(db, now, 200)) {
    const did = await withRetryingTransaction(db, async (tx) => {
      const [row] = await tx.select({ state: cart.state }).from(cart).where(eq(cart.id, id));
      if (row?.state !== 'pending') return false;
      await new Promise((resolve) => setTimeout(resolve, 5)); // the other pass reads meanwhile
      await releaseHeldCapacity(tx, id);
      await cancelCartTickets(tx, id);
      await tx.update(cart).set({ state: 'expired' }).where(eq(cart.id, id));
      return true;
    });
    if (did) expired++;
  }
  return expired;
}

describe.skipIf(!URL_)('jobs started on two servers at once [postgres]', () => {
  let handle: TestDatabase;
  let serverA: FastifyInstance;
  let serverB: FastifyInstance;
  let clock = START;
  const now = () => new Date(clock);
  const env = { MAIL_POLL_MS: '0', CART_CREATE_LIMIT: '0', SANDBOX_PROCESSING_MS: '5000' };

  beforeAll(async () => {
    handle = await openPostgresTestDatabase(URL_!, 16);
    serverA = await buildTestApp(handle.database, { now, env });
    serverB = await buildTestApp(handle.database, { now, env });
  });
  afterAll(async () => {
    await serverA?.close();
    await serverB?.close();
    await handle?.dispose();
  });

  /** EXPIRED carts past their time and LIVE ones still held, two tickets each, on one session. */
  async function sweepScene(): Promise<{ scene: ReserveScene; expired: string[] }> {
    clock = START;
    const scene = await makeReserveScene(handle.database.db, { session: { capacity: 200 } });
    const carts = [];
    for (let i = 0; i < EXPIRED + LIVE; i++) carts.push(await makeCart(serverA, scene, 2));
    const live = carts.slice(EXPIRED).map((c) => c.id);
    await handle.database.db
      .update(cart)
      .set({ expiresAt: new Date(START + 30 * DAY) })
      .where(inArray(cart.id, live));
    clock = START + DAY;
    return { scene, expired: carts.slice(0, EXPIRED).map((c) => c.id) };
  }

  it('the cart sweeper on both servers expires each cart once and gives its places back once', async () => {
    const { scene, expired } = await sweepScene();
    const db = handle.database.db;

    const counts = await Promise.all([
      sweepExpiredCarts(db, now()),
      sweepExpiredCarts(db, now()),
      // a visitor's read expiring one of them at the same moment (expireCart is the read's path)
      expireCart(db, expired[0]!, now()).then(Number),
    ]);

    expect(counts.reduce((a, b) => a + b, 0)).toBe(EXPIRED);
    const states = await db
      .select({ state: cart.state })
      .from(cart)
      .where(inArray(cart.id, expired));
    expect(states.every((s) => s.state === 'expired')).toBe(true);
    const invariant = await checkInvariant(db, scene.session.id);
    expect(invariant.violations).toEqual([]);
    expect(invariant.used).toBe(LIVE * 2);
  });

  it('CONTROL: with the state gate after the release, the same race gives places back twice', async () => {
    const { scene } = await sweepScene();
    const db = handle.database.db;

    await Promise.all([naiveSweep(db, now()), naiveSweep(db, now())]);

    const invariant = await checkInvariant(db, scene.session.id);
    expect(invariant.used).toBeLessThan(LIVE * 2);
    expect(invariant.violations.join()).toContain('differs from');
  });

  it('the payment settlement on both servers makes each order once, with one confirmation', async () => {
    clock = START;
    const scene = await makeReserveScene(handle.database.db);
    const carts: string[] = [];
    for (let i = 0; i < 8; i++) {
      const c = await makeCart(serverA, scene, 1);
      const pm = await tokenize(serverA, '4000000000000077');
      const res = await checkoutCall(serverA, scene, {
        path: `cart/${c.id}/guest_checkout`,
        body: { ...cardEntry('25.00', pm), purchaser: PURCHASER },
      });
      expect(errorOf(res)._code).toBe('intent_processing');
      carts.push(c.id);
    }
    clock += 10_000; // the sandbox has decided: every payment succeeded

    const settled = await Promise.all([
      serverA.paymentSettlement.tick(),
      serverB.paymentSettlement.tick(),
      serverA.paymentSettlement.tick(),
      serverB.paymentSettlement.tick(),
    ]);

    expect(settled.reduce((a, b) => a + b, 0)).toBe(carts.length);
    const numbers: string[] = [];
    for (const id of carts) {
      const rows = await cartRows(handle.database.db, id);
      expect(rows.payments.map((p) => p.state)).toEqual(['succeeded']);
      expect(rows.orders).toHaveLength(1);
      expect(rows.tickets.map((t) => t.state)).toEqual(['booked']);
      numbers.push(rows.orders[0]!.orderNumber);
    }
    const mails = await handle.database.db
      .select({ subject: outbox.subject })
      .from(outbox)
      .where(eq(outbox.toAddress, PURCHASER.email));
    for (const number of numbers) {
      expect(mails.filter((m) => m.subject.includes(number))).toHaveLength(1);
    }
    // each booked ticket keeps the one place its hold took (checkInvariant counts held ones)
    const { used } = await checkInvariant(handle.database.db, scene.session.id);
    expect(used).toBe(carts.length);
  });
});
