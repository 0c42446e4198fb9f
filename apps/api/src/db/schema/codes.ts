import { sql } from 'drizzle-orm';
import {
  boolean,
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

/** Promo codes, checkout rules and gift cards (shopping §3, §8). */

/**
 * A promo, checkout or gift code (shopping §3 cartmods, §5; identity §5 gift code). Discounts
 * apply to a resource (ticket type, group, event, or the whole cart when null).
 */
export const code = pgTable(
  'code',
  {
    id: id(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => seller.id),
    /** stored as entered; looked up case-insensitively, trimmed */
    code: text('code').notNull(),
    /** promo | gift_of_membership */
    kind: text('kind').notNull().default('promo'),
    /** the code group it belongs to (checkout rules and activating_code_groups name groups) */
    codeGroup: text('code_group'),
    name: text('name').notNull(),
    description: text('description'),
    /** percent (value in thousandths of a percent, 10000 = 10 %) | fixed (minor units per ticket) */
    discountType: text('discount_type').notNull().default('percent'),
    discountValue: integer('discount_value').notNull().default(0),
    /** ticket_type | ticket_group | event_template | null (every ticket of the cart) */
    resource: text('resource'),
    resourceId: uuid('resource_id'),
    blockingCheckout: boolean('blocking_checkout').notNull().default(false),
    activatingCodeGroups: jsonb('activating_code_groups').notNull().default([]),
    /** null: unlimited */
    maxUses: integer('max_uses'),
    usedCount: integer('used_count').notNull().default(0),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validTo: timestamp('valid_to', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('code_seller_code_uq').on(t.sellerId, sql`lower(${t.code})`)],
);

/** A code applied to a cart; its use is counted while the cart holds it (released on expiry). */
export const cartCode = pgTable(
  'cart_code',
  {
    id: id(),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => cart.id, { onDelete: 'cascade' }),
    codeId: uuid('code_id')
      .notNull()
      .references(() => code.id),
    /** a CityPASS voucher number, when the code is one */
    voucher: text('voucher'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('cart_code_cart_code_uq').on(t.cartId, t.codeId)],
);

/**
 * A checkout rule (shopping §8 rule_blocks_reserve, context checkout_rules): tickets of the
 * resource need a code of `code_group` in the cart (block_reason code_required).
 */
export const checkoutRule = pgTable('checkout_rule', {
  id: id(),
  sellerId: uuid('seller_id')
    .notNull()
    .references(() => seller.id),
  /** ticket_type | ticket_group | event_template */
  resource: text('resource').notNull(),
  resourceId: uuid('resource_id').notNull(),
  blockReason: text('block_reason').notNull().default('code_required'),
  codeGroup: text('code_group').notNull(),
  description: text('description').notNull(),
});

/** A gift card of the `ledger` handler (shopping §3 "Gift card"); balance in minor units. */
export const ledgerCard = pgTable(
  'ledger_card',
  {
    id: id(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => seller.id),
    /** 10+ characters, unguessable */
    number: text('number').notNull(),
    balance: integer('balance').notNull(),
    currency: text('currency').notNull(),
    /** active | void */
    state: text('state').notNull().default('active'),
    /** the order (ticket) that bought it */
    ticketId: uuid('ticket_id'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('ledger_card_seller_number_uq').on(t.sellerId, t.number)],
);
