import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ticketFees } from '@admit/contracts/rules/fees';
import { ticket } from '@/db/schema/cart';
import { ticketType } from '@/db/schema/catalog';
import { makeCart } from '@/modules/checkout/checkout-test-kit';
import { buyOrder, type BoughtOrder } from '@/modules/manage/manage-test-kit';
import { buildTestApp } from '@/testing/build-test-app';
import { makeReserveScene, type ReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { MIGRATIONS_DIR } from '@/db/connection';

/**
 * Migration 0018's backfill freezes the tickets already in an order at what the one fee rule
 * (contracts rules/fees.ts `ticketFees` on the adjusted value) charges them: the SQL is run
 * again on random prices and fee lists and must agree with the rule to the cent.
 */

const NOW = new Date('2029-06-01T12:00:00Z');

async function backfillStatement() {
  const text = await readFile(join(MIGRATIONS_DIR, '0018_ticket_fees_frozen.sql'), 'utf8');
  return text.split('--> statement-breakpoint').at(-1)!;
}

const feeList = fc.array(
  fc.oneof(
    fc.record({
      name: fc.constant('fee_fixed_outside'),
      fee: fc.integer({ min: 0, max: 5_000 }),
      on_free: fc.boolean(),
    }),
    fc.record({
      name: fc.constant('fee_percent_outside'),
      fee: fc.integer({ min: 0, max: 30_000 }),
    }),
    // what the rule ignores: another name, a fee that is not a whole number
    fc.record({ name: fc.constant('fee_other'), fee: fc.integer({ min: 0, max: 500 }) }),
    fc.record({ name: fc.constant('fee_fixed_outside'), fee: fc.constant(1.5) }),
  ),
  { maxLength: 4 },
);

describeEachDatabase('migration 0018: the frozen fees backfill', (ctx) => {
  let app: FastifyInstance;
  let scene: ReserveScene;
  let order: BoughtOrder;
  let statement: string;

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW, env: { MAIL_POLL_MS: '0' } });
    scene = await makeReserveScene(ctx.db, { type: { amount: 0 } });
    order = await buyOrder(app, scene, 1);
    statement = await backfillStatement();
  });
  afterAll(async () => {
    await app.close();
  });

  it('gives an ordered ticket the service charge and tax ticketFees gives it', async () => {
    const [id] = order.ticketIds;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 500_000 }),
        fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 500_000 })),
        feeList,
        async (face, discount, fees) => {
          const adjusted = Math.max(0, face - discount);
          await ctx.db
            .update(ticketType)
            .set({ outsideFees: fees })
            .where(eq(ticketType.id, scene.type.id));
          await ctx.db
            .update(ticket)
            .set({
              faceValue: face,
              adjustedValue: adjusted,
              feeFixedOutside: null,
              feePercentOutside: null,
            })
            .where(eq(ticket.id, id!));
          await ctx.db.execute(sql.raw(statement));
          const [row] = await ctx.db.select().from(ticket).where(eq(ticket.id, id!));
          const rule = ticketFees(adjusted, fees);
          expect([row!.feeFixedOutside, row!.feePercentOutside]).toEqual([
            rule.fixed,
            rule.percent,
          ]);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('leaves the ticket of a cart unfrozen: it is priced live until checkout', async () => {
    await ctx.db
      .update(ticketType)
      .set({ outsideFees: [{ name: 'fee_fixed_outside', fee: 150, on_free: true }] })
      .where(eq(ticketType.id, scene.type.id));
    const cart = await makeCart(app, scene, 1);
    await ctx.db.execute(sql.raw(statement));
    const rows = await ctx.db.select().from(ticket).where(eq(ticket.cartId, cart.id));
    expect(rows.map((r) => [r.feeFixedOutside, r.feePercentOutside])).toEqual([[null, null]]);
  });
});
