import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id, createdAt } from './columns';
import { cart, ticket, ticketOrder } from './cart';
import { seller } from './identity';
import { payment } from './payments';

/** After the sale: order edits and the refunds of cancelled tickets (decision 0036). */

/**
 * An edit cart (identity §4 "Manage order": "editing starts a temporary cart with an expiry"):
 * a pending cart whose new tickets are held like any reserve, changing one order. Its row marks
 * the cart as an edit: the checkout then applies it to the order instead of making a new one.
 */
export const orderEdit = pgTable(
  'order_edit',
  {
    cartId: uuid('cart_id')
      .primaryKey()
      .references(() => cart.id, { onDelete: 'cascade' }),
    ticketOrderId: uuid('ticket_order_id')
      .notNull()
      .references(() => ticketOrder.id),
    /**
     * the order's secret link that opened the edit: the update mail's links and the pay
     * answer's `access_secret` (the idempotency key keeps an order's secret the same way)
     */
    accessSecret: text('access_secret'),
    createdAt: createdAt(),
  },
  (t) => [index('order_edit_order_idx').on(t.ticketOrderId)],
);

/**
 * An order ticket the edit takes away when it is committed: cancelled, or rescheduled into
 * `replacement_ticket_id` (a held ticket of the edit cart). Until then the ticket stays booked
 * and its place taken: discarding the edit restores nothing because nothing was changed.
 */
export const orderEditTicket = pgTable(
  'order_edit_ticket',
  {
    cartId: uuid('cart_id')
      .notNull()
      .references(() => cart.id, { onDelete: 'cascade' }),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => ticket.id),
    replacementTicketId: uuid('replacement_ticket_id'),
  },
  (t) => [primaryKey({ columns: [t.cartId, t.ticketId] })],
);

/**
 * A refund of part of a payment (decision 0036): written `pending` in the transaction that
 * cancels the tickets (a gift card's part is credited there and written `refunded`), moved
 * `refunding` by the one caller that asks the card gateway, `refunded` after. A crash leaves
 * `pending` or `refunding`, which the payment job finishes under the same gateway key.
 */
export const paymentRefund = pgTable(
  'payment_refund',
  {
    id: id(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => seller.id),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payment.id),
    ticketOrderId: uuid('ticket_order_id')
      .notNull()
      .references(() => ticketOrder.id),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** pending | refunding | refunded */
    state: text('state').notNull().default('pending'),
    /** order_cancel | order_update */
    reason: text('reason').notNull(),
    gatewayRef: text('gateway_ref'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_refund_payment_idx').on(t.paymentId),
    index('payment_refund_order_idx').on(t.ticketOrderId),
    index('payment_refund_open_idx').on(t.state, t.updatedAt),
  ],
);

export type OrderEditRow = typeof orderEdit.$inferSelect;
export type OrderEditTicketRow = typeof orderEditTicket.$inferSelect;
export type PaymentRefundRow = typeof paymentRefund.$inferSelect;
