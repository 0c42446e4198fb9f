import { and, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { orderEditResponseSchema } from '@admit/contracts/manage';
import { decimalToMinor } from '@admit/contracts/money';
import type { Db } from '@/db/connection';
import { orderEdit, paymentRefund } from '@/db/schema/aftersale';
import { ticket, ticketOrder } from '@/db/schema/cart';
import { payment } from '@/db/schema/payments';
import { cardEntry, tokenize } from '@/modules/checkout/checkout-test-kit';
import { buildTestApp } from '@/testing/build-test-app';
import { makeReserveScene, type ReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeSession, makeTicketType, type SessionRow } from '@/testing/factories';
import {
  RULES_ON,
  buyOrder,
  manageCall,
  setSelfEditRules,
  type BoughtOrder,
} from './manage-test-kit';

/**
 * Money never appears or vanishes (issue #15 "Property test"): for random orders and random
 * changes — cancels, reschedules to cheaper and dearer types, paid by card or committed free —
 * every payment taken equals the refunds given plus what the order keeps, which is its total;
 * no refund exceeds its payment, nothing is negative.
 */

const NOW = new Date('2029-06-01T12:00:00Z');

type Step = { kind: 'cancel'; pick: number } | { kind: 'move'; pick: number; type: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat(5) }),
  fc.record({ kind: fc.constant('move' as const), pick: fc.nat(5), type: fc.nat(2) }),
);

async function moneyOf(db: Db, order: BoughtOrder) {
  const edits = await db.select().from(orderEdit).where(eq(orderEdit.ticketOrderId, order.orderId));
  const carts = [order.cartId, ...edits.map((e) => e.cartId)];
  const paid = await db
    .select()
    .from(payment)
    .where(
      and(
        inArray(payment.cartId, carts),
        inArray(payment.gatewayId, ['stripe', 'ledger']),
        eq(payment.state, 'succeeded'),
      ),
    );
  const refunds = await db
    .select()
    .from(paymentRefund)
    .where(eq(paymentRefund.ticketOrderId, order.orderId));
  const [row] = await db.select().from(ticketOrder).where(eq(ticketOrder.id, order.orderId));
  return { paid, refunds, total: row!.totalAfterFeesPrice };
}

describeEachDatabase('manage: money in = refunds + what the order keeps (property)', (ctx) => {
  let app: FastifyInstance;
  let scene: ReserveScene;
  let later: SessionRow;
  let types: string[];
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW, env: { MAIL_POLL_MS: '0' } });
    scene = await makeReserveScene(ctx.db, { session: { capacity: 1000 } });
    await setSelfEditRules(ctx.db, scene.seller.id, RULES_ON);
    later = await makeSession(ctx.db, scene.event, {
      startDatetime: new Date('2030-04-01T15:00:00Z'),
      capacity: 1000,
    });
    types = [
      scene.type.id,
      (await makeTicketType(ctx.db, scene.group, { amount: 700 })).id,
      (await makeTicketType(ctx.db, scene.group, { amount: 4150 })).id,
    ];
  });
  afterAll(async () => {
    await app.close();
  });

  it('holds for random orders and edits', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 3 }),
        fc.array(step, { minLength: 1, maxLength: 3 }),
        async (quantity, steps) => {
          const order = await buyOrder(app, scene, quantity);
          for (const s of steps) {
            const live = (
              await ctx.db.select().from(ticket).where(eq(ticket.ticketOrderId, order.orderId))
            )
              .filter((t) => t.state === 'booked')
              .sort((a, b) => (a.id < b.id ? -1 : 1));
            if (live.length === 0) break;
            const target = live[s.pick % live.length]!;
            const body =
              s.kind === 'cancel'
                ? { cancel: [target.id] }
                : {
                    reschedule: [
                      {
                        ticket_ids: [target.id],
                        event_session_id: later.id,
                        ticket_type_id: types[s.type],
                      },
                    ],
                  };
            const opened = await manageCall(app, scene, {
              path: `ticket_order/${order.orderId}/edit`,
              secret: order.secret,
              body,
            });
            expect(opened.statusCode, opened.body).toBe(200);
            const diff = decimalToMinor(
              orderEditResponseSchema.parse(opened.json()).order_edit._data[0]!.difference,
            );
            const entry =
              diff > 0
                ? cardEntry((diff / 100).toFixed(2), await tokenize(app, '4242424242424242'))
                : { amount: '0.00', gateway_id: 'free', gateway_data: {} };
            const paid = await manageCall(app, scene, {
              path: `ticket_order/${order.orderId}/edit/pay`,
              secret: order.secret,
              body: entry,
            });
            expect(paid.statusCode, paid.body).toBe(201);
            const money = await moneyOf(ctx.db, order);
            const taken = money.paid.reduce((n, p) => n + p.amount, 0);
            const given = money.refunds.reduce((n, r) => n + r.amount, 0);
            expect(money.total).toBeGreaterThanOrEqual(0);
            expect(money.refunds.every((r) => r.amount > 0 && r.state === 'refunded')).toBe(true);
            expect(taken).toBe(given + money.total);
            for (const p of money.paid) {
              const back = money.refunds
                .filter((r) => r.paymentId === p.id)
                .reduce((n, r) => n + r.amount, 0);
              expect(back).toBeLessThanOrEqual(p.amount);
            }
          }
        },
      ),
      { numRuns: 6 },
    );
  }, 120_000);
});
