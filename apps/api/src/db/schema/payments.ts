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
import { identity, seller } from './identity';

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
    /**
     * created | requires_action | processing | succeeded | failed | refunding | refunded
     * (decision 0027: the payment state machine and its recovery)
     */
    state: text('state').notNull().default('created'),
    /** the gateway's reference (payment intent id, ledger card id) */
    gatewayRef: text('gateway_ref'),
    gatewayData: jsonb('gateway_data').notNull().default({}),
    errorCode: text('error_code'),
    /**
     * the payment job's failed attempts at this payment's gateway call (re-confirm, refund,
     * settlement check) and when it may try again: doubling delays (decision 0027, issue 22)
     */
    recoveryAttempts: integer('recovery_attempts').notNull().default(0),
    recoveryAt: timestamp('recovery_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_cart_idx').on(t.cartId)],
);

/**
 * The payment a sandbox card token was first confirmed for (decision 0027, issue 22): a token
 * pays that payment only; confirming the same payment again (a retry, the recovery) is allowed.
 */
export const sandboxTokenUse = pgTable('sandbox_token_use', {
  token: text('token').primaryKey(),
  paymentId: uuid('payment_id')
    .notNull()
    .references(() => payment.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

/**
 * Keys the server draws once and every process on the database shares: the sandbox token key
 * when AUTH_SECRET is not configured (a restarted or second process accepts earlier tokens).
 */
export const serverKey = pgTable('server_key', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: createdAt(),
});

/**
 * Replay store of `Idempotency-Key` requests: a replay returns the first answer. `state` is
 * written in the same transaction as what it guards (decision 0027): `started` when claimed,
 * `charged` with the payment that took money, `completed` with the final answer (an order made
 * under the key records it in its own transaction), `failed` when the money was given back.
 */
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
    /** started | charged | completed | failed */
    state: text('state').notNull().default('started'),
    /** null until the answer is final (completed or failed) */
    status: integer('status'),
    body: jsonb('body'),
    /** the cart paid for (the expiry gate keeps a cart whose key is charged) */
    cartId: uuid('cart_id'),
    /** the payment that took money under this key (state charged onward) */
    paymentId: uuid('payment_id'),
    /** the order made under this key and its access secret, written in the order transaction */
    orderId: uuid('order_id'),
    orderSecret: text('order_secret'),
    /** until when the holder (a request or the recovery job) owns the row; later: recoverable */
    leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('idempotency_key_seller_key_uq').on(t.sellerId, t.key),
    index('idempotency_key_open_idx').on(t.state, t.leaseUntil),
    index('idempotency_key_cart_idx').on(t.cartId),
  ],
);

/**
 * A card a buyer asked to keep (identity §3 "Payment entry" `save_card`, "Saved payment
 * method"): the gateway's reusable reference only — Stripe's customer and payment method, or
 * the sandbox's saved test card — and what the account page may show of it; never card data.
 * The auto-renew job charges it off-session (decision 0038).
 */
export const savedPaymentMethod = pgTable(
  'saved_payment_method',
  {
    id: id(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => seller.id),
    identityId: uuid('identity_id')
      .notNull()
      .references(() => identity.id),
    /** sandbox | stripe: the gateway that can charge it (a seller may change gateways later) */
    gateway: text('gateway').notNull(),
    /** the gateway's customer the method is attached to (Stripe `cus_…`) */
    customerRef: text('customer_ref'),
    /** the reusable payment method (Stripe `pm_…`, sandbox `pm_sandbox_saved_…`) */
    paymentMethodRef: text('payment_method_ref').notNull(),
    brand: text('brand'),
    last4: text('last4'),
    expMonth: integer('exp_month'),
    expYear: integer('exp_year'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('saved_payment_method_ref_uq').on(t.identityId, t.gateway, t.paymentMethodRef),
    index('saved_payment_method_identity_idx').on(t.identityId, t.createdAt),
  ],
);

export type PaymentRow = typeof payment.$inferSelect;
export type SavedPaymentMethodRow = typeof savedPaymentMethod.$inferSelect;
export type NewPayment = typeof payment.$inferInsert;
