import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/db/connection';
import { paymentPlan, scheduledPayment, type PlanInstallment } from '@/db/schema/payment-plans';

/** The schedules module's SQL: payment plans and the scheduled payments orders snapshot. */

type Executor = Pick<Db, 'select' | 'insert' | 'delete'>;
export type ScheduledPaymentRow = typeof scheduledPayment.$inferSelect;
export type NewScheduledPayment = typeof scheduledPayment.$inferInsert;

/** The installments of each plan, by plan id (only the seller's plans). */
export async function selectPlans(
  db: Executor,
  sellerId: string,
  planIds: string[],
): Promise<Map<string, PlanInstallment[]>> {
  if (planIds.length === 0) return new Map();
  const rows = await db
    .select({ id: paymentPlan.id, installments: paymentPlan.installments })
    .from(paymentPlan)
    .where(and(eq(paymentPlan.sellerId, sellerId), inArray(paymentPlan.id, planIds)));
  return new Map(rows.map((r) => [r.id, r.installments]));
}

/** An order's schedule as fixed at checkout, earliest first. */
export async function selectScheduledPayments(
  db: Executor,
  cartId: string,
): Promise<ScheduledPaymentRow[]> {
  return db
    .select()
    .from(scheduledPayment)
    .where(eq(scheduledPayment.cartId, cartId))
    .orderBy(asc(scheduledPayment.dueDate), asc(scheduledPayment.id));
}

export async function insertScheduledPayments(db: Executor, rows: NewScheduledPayment[]) {
  if (rows.length === 0) return;
  await db.insert(scheduledPayment).values(rows);
}

/** Drops an order's schedule before it is written again (a change of the order). */
export async function deleteScheduledPayments(db: Executor, cartId: string) {
  await db.delete(scheduledPayment).where(eq(scheduledPayment.cartId, cartId));
}
