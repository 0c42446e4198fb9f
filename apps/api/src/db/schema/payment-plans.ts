import { date, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { id, createdAt } from './columns';
import { cart, ticketOrder } from './cart';
import { seller } from './identity';

/**
 * Payment plans and the scheduled payments an order snapshots from them (identity §3 "scheduled
 * payments", §4 "Partial payment options"). Named plans, not "price schedules": that word is the
 * per-session price of a ticket type (docs/decisions/0020-scheduled-payments.md).
 */

/** One installment of a plan: a share of each ticket's total, due some days before its visit. */
export interface PlanInstallment {
  /** basis points of the ticket's total; a plan's shares sum to 10 000 */
  share_bp: number;
  /** null: due at booking */
  days_before_start: number | null;
}

/** A seller's payment plan, attached to ticket groups (`ticket_group.payment_plan_id`). */
export const paymentPlan = pgTable('payment_plan', {
  id: id(),
  sellerId: uuid('seller_id')
    .notNull()
    .references(() => seller.id),
  name: text('name').notNull(),
  /** ordered PlanInstallment[] */
  installments: jsonb('installments').$type<PlanInstallment[]>().notNull(),
  createdAt: createdAt(),
});

/** The schedule of an order, fixed at checkout: what is owed by when (minor units). */
export const scheduledPayment = pgTable(
  'scheduled_payment',
  {
    id: id(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => seller.id),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => cart.id),
    ticketOrderId: uuid('ticket_order_id')
      .notNull()
      .references(() => ticketOrder.id),
    /** YYYY-MM-DD in the seller's time zone */
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    amount: integer('amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('scheduled_payment_cart_idx').on(t.cartId, t.dueDate)],
);
