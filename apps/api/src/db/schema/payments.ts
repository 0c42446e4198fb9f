import {
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, createdAt } from './columns';
import { cart } from './cart';
import { seller } from './identity';

/** Payments and the Idempotency-Key replay store (identity §3 "Payment entry"). */

/**
 * A payment attempt on a cart (identity §3 "Payment entry", §4 "Payment intent"). Every
 * attempt is recorded before the gateway is called, so a crash never loses one.
 */
export const payment = pgTable(
  'payment',
  {
    id: id(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => seller.id),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => cart.id),
    /** free | ledger | stripe (the card gateway: sandbox or Stripe) */
    gatewayId: text('gateway_id').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** created | requires_action | processing | succeeded | failed | refunded */
    state: text('state').notNull().default('created'),
    /** the gateway's reference (payment intent id, ledger card id) */
    gatewayRef: text('gateway_ref'),
    gatewayData: jsonb('gateway_data').notNull().default({}),
    errorCode: text('error_code'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_cart_idx').on(t.cartId)],
);

/** Replay store of `Idempotency-Key` requests: a replay returns the first answer. */
export const idempotencyKey = pgTable(
  'idempotency_key',
  {
    id: id(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => seller.id),
    key: text('key').notNull(),
    /** method + path + sha256 of the body: the same key with another request is refused */
    requestHash: text('request_hash').notNull(),
    /** null while the first request is still running */
    status: integer('status'),
    body: jsonb('body'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('idempotency_key_seller_key_uq').on(t.sellerId, t.key)],
);

export type PaymentRow = typeof payment.$inferSelect;
export type NewPayment = typeof payment.$inferInsert;
