import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '@/db/connection';
import { ticket, ticketOrder } from '@/db/schema/cart';
import { buyOrder } from '@/modules/manage/manage-test-kit';
import { buildTestApp } from '@/testing/build-test-app';
import { makeReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { newScanCode, ticketScanCode, ticketScanCodeSql } from './codes';

/**
 * A ticket's scan code has one rule (`ticketScanCode`) and two writers: the SQL that books a
 * cart's tickets and the migration that filled in tickets booked before (decision 0042). Both
 * must give exactly the code the mail, the order page and the wallet passes print.
 */
describeEachDatabase('orders: a ticket’s scan code in SQL and in TypeScript', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: '2029-06-01T12:00:00Z' });
  });
  afterAll(async () => {
    await app.close();
  });

  it('gives the same code for any order code and ticket id', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uuid(),
        fc.constantFrom(newScanCode(), 'VICTIMSCANCODE01'),
        async (id, order) => {
          const result = await ctx.db.execute<{ code: string }>(
            sql`select ${ticketScanCodeSql(order, sql`${id}::uuid`)} as code`,
          );
          expect(result.rows[0]!.code).toBe(ticketScanCode(order, id.toLowerCase()));
        },
      ),
      { numRuns: 30 },
    );
  });

  it('stores each booked ticket’s code, and the migration fills in the ones booked before', async () => {
    const scene = await makeReserveScene(ctx.db);
    const bought = await buyOrder(app, scene, 2);
    const [order] = await ctx.db
      .select()
      .from(ticketOrder)
      .where(eq(ticketOrder.id, bought.orderId));
    const stored = async () =>
      (await ctx.db.select().from(ticket).where(eq(ticket.ticketOrderId, bought.orderId))).map(
        (t) => [t.scanCode, ticketScanCode(order!.scanCode!, t.id)],
      );
    const booked = await stored();
    expect(booked).toHaveLength(2);
    for (const [kept, derived] of booked) expect(kept).toBe(derived);

    await ctx.db
      .update(ticket)
      .set({ scanCode: null })
      .where(eq(ticket.ticketOrderId, bought.orderId));
    const backfill = await readFile(
      join(MIGRATIONS_DIR, '0012_ticket_scan_code_backfill.sql'),
      'utf8',
    );
    await ctx.db.execute(sql.raw(backfill));
    for (const [kept, derived] of await stored()) expect(kept).toBe(derived);
  });
});
