import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '@admit/contracts/envelope';
import { ticket } from '@/db/schema/cart';
import { ticketScan } from '@/db/schema/ticket-scans';
import { buyOrder } from '@/modules/manage/manage-test-kit';
import { buildTestApp } from '@/testing/build-test-app';
import { makeReserveScene, type ReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeApiKey, scan } from './check-in-test-kit';
import { checkInSeams } from './service';

/**
 * Check-in at a crowded door (issue #16 "Tests that must exist"): 20 scans of one ticket at
 * once — exactly one admits, the other 19 answer `already_redeemed`, and the ticket's history
 * keeps one admitted and 19 refused scans (decision 0107). A CONTROL runs the same
 * race with a naive write that lacks the `state = 'booked'` condition and is caught admitting
 * more than once, so the test can fail. On PostgreSQL the requests really run at once (a pool
 * of connections); on PGlite they interleave between statements, which is enough for a
 * read-then-write to lose.
 */

const NOW = new Date('2029-06-01T14:00:00Z');
const SCANS = 20;
const realRedeem = checkInSeams.redeem;

/**
 * CONTROL ONLY, never used by the service: the classic broken check-in. The service has read
 * the tickets as booked; this writes without asking again.
 */
const naiveRedeem: typeof checkInSeams.redeem = async (db, ids, apiKeyId, now, record) => {
  await new Promise((resolve) => setTimeout(resolve, 5)); // the time a real request spends here
  return db.transaction(async (tx) => {
    const won = await tx
      .update(ticket)
      .set({ state: 'redeemed', redeemedAt: now, redeemedByApiKeyId: apiKeyId })
      .where(inArray(ticket.id, ids))
      .returning({ id: ticket.id });
    await record(
      tx,
      won.map((r) => r.id),
    );
    return won;
  });
};

describeEachDatabase('check-in: 20 scans of one ticket at once', (ctx) => {
  let app: FastifyInstance;
  let scene: ReserveScene;
  let key: string;

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW, env: { MAIL_POLL_MS: '0' } });
    scene = await makeReserveScene(ctx.db, {
      type: { amount: 0 },
      session: { startDatetime: new Date('2029-06-01T18:00:00Z') },
    });
    key = (await makeApiKey(ctx.db, scene.seller.slug)).key;
  });
  afterEach(() => {
    checkInSeams.redeem = realRedeem;
  });
  afterAll(async () => {
    await app.close();
  });

  async function race() {
    const order = await buyOrder(app, scene, 1);
    const [row] = await ctx.db.select().from(ticket).where(eq(ticket.ticketOrderId, order.orderId));
    const answers = await Promise.all(
      Array.from({ length: SCANS }, () => scan(app, key, row!.scanCode!)),
    );
    const codes = answers.map((res) =>
      res.statusCode === 200
        ? 'admitted'
        : `${res.statusCode} ${errorEnvelopeSchema.parse(res.json())._data[0]!._code}`,
    );
    const [stored] = await ctx.db.select().from(ticket).where(eq(ticket.id, row!.id));
    // the ticket's history (decision 0107): one line per scan, as each was answered
    const history = await ctx.db
      .select({ result: ticketScan.result })
      .from(ticketScan)
      .where(eq(ticketScan.ticketId, row!.id));
    return { codes, stored: stored!, results: history.map((h) => h.result).sort() };
  }

  it('admits exactly once; the other 19 are told it is already redeemed', async () => {
    const { codes, stored, results } = await race();
    expect(codes.filter((c) => c === 'admitted')).toHaveLength(1);
    expect(codes.filter((c) => c === '409 already_redeemed')).toHaveLength(SCANS - 1);
    expect(stored.state).toBe('redeemed');
    expect(results).toEqual(['admitted', ...Array<string>(SCANS - 1).fill('already_redeemed')]);
  });

  it('CONTROL: the same race with a naive write (no state condition) admits more than once', async () => {
    checkInSeams.redeem = naiveRedeem;
    const { codes, results } = await race();
    expect(codes.filter((c) => c === 'admitted').length).toBeGreaterThan(1);
    expect(results.filter((r) => r === 'admitted').length).toBeGreaterThan(1);
  });
});
