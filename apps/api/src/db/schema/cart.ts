import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { eventTemplate, ticketGroup, ticketType } from './catalog';
import { eventSession } from './sessions';
import { identity, seller } from './identity';
import { sellerApiKey } from './seller-api';

/** Carts, their tickets and the orders they become (shopping §3, identity §3). */

/**
 * A visitor's cart (shopping §3 "Cart"). The id is a random UUID v4 and is the only way to reach
 * a guest's cart (the public identity owns every guest cart), so it is never listed or sequential.
 */
export const cart = pgTable(
  'cart',
  {
    id: id(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => seller.id),
    identityId: uuid('identity_id')
      .notNull()
      .references(() => identity.id),
    /** random and human-friendly, unique per seller (not a counter: it would leak sales volume) */
    cartNumber: text('cart_number').notNull(),
    /** pending | expired | completed */
    state: text('state').notNull().default('pending'),
    channel: text('channel').notNull().default('web'),
    campaign: text('campaign'),
    preloadedPromoCodes: jsonb('preloaded_promo_codes').notNull().default([]),
    /** cart-level survey answers (modify body `additionalInfo`) */
    additionalInfo: jsonb('additional_info'),
    /** who the cart is a gift for (identity §3 Cart "giftee"; decision 0023) */
    gifteeIdentityId: uuid('giftee_identity_id').references(() => identity.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** the payment entry's `auto_renew` (identity §3), kept for the order (decision 0032) */
    autoRenew: boolean('auto_renew'),
    /** the giver's message to the giftee, mailed with a gift of membership's code (decision 0038) */
    giftMessage: text('gift_message'),
    /** extensions granted by PATCH (bounded: CART_MAX_EXTENSIONS, decision 0025) */
    extensionCount: integer('extension_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cart_seller_number_uq').on(t.sellerId, t.cartNumber),
    // the sweeper's scan: only pending carts can expire
    index('cart_pending_expires_idx')
      .on(t.expiresAt)
      .where(sql`state = 'pending'`),
    index('cart_identity_idx').on(t.identityId),
  ],
);

/**
 * An order: what a completed cart became (identity §3 "Ticket order"). The checkout issue adds
 * its fees and payments; identity flows (resend) already find orders through it.
 */
export const ticketOrder = pgTable(
  'ticket_order',
  {
    id: id(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => seller.id),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => cart.id),
    identityId: uuid('identity_id')
      .notNull()
      .references(() => identity.id),
    orderNumber: text('order_number').notNull(),
    /** sha256 of the secret in the order's link (e-mail, complete page): it reads the order */
    accessSecretHash: text('access_secret_hash'),
    /**
     * sha256 of a secret issued again to the buyer (issue #25: the resend mail, "Log out and
     * manage this order"): it reads the order like the first, which keeps working; each reissue
     * replaces the previous one
     */
    reissuedSecretHash: text('reissued_secret_hash'),
    /** the purchaser's e-mail at checkout (the confirmation goes there) */
    email: text('email'),
    /** gift_checkout: the giftee; the order still belongs to the giver (decision 0023) */
    gifteeIdentityId: uuid('giftee_identity_id').references(() => identity.id),
    /**
     * the cart's `additional_info` when it became the order: the answers to its checkout
     * questions (decision 0064), exported with the order
     */
    additionalInfo: jsonb('additional_info'),
    currency: text('currency').notNull().default('USD'),
    /** ticket_order_fees[0] (identity §3): totals frozen at checkout, minor units */
    totalBeforeCartmodPrice: integer('total_before_cartmod_price').notNull().default(0),
    totalFeeFixedOutside: integer('total_fee_fixed_outside').notNull().default(0),
    totalFeePercentOutside: integer('total_fee_percent_outside').notNull().default(0),
    totalCartmodAmount: integer('total_cartmod_amount').notNull().default(0),
    totalAfterFeesPrice: integer('total_after_fees_price').notNull().default(0),
    /** the QR code's content: unguessable, printed on the tickets */
    scanCode: text('scan_code'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ticket_order_seller_number_uq').on(t.sellerId, t.orderNumber),
    uniqueIndex('ticket_order_cart_uq').on(t.cartId),
    index('ticket_order_identity_idx').on(t.identityId),
    // check-in at the door finds an order by its QR code (decision 0042)
    index('ticket_order_scan_code_idx').on(t.sellerId, t.scanCode),
    // the seller API lists orders by time (decision 0042)
    index('ticket_order_seller_created_idx').on(t.sellerId, t.createdAt),
  ],
);

/** A ticket held in (or sold through) a cart (shopping §3 "Ticket"); money in minor units. */
export const ticket = pgTable(
  'ticket',
  {
    id: id(),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => cart.id, { onDelete: 'cascade' }),
    ticketOrderId: uuid('ticket_order_id'),
    ticketTypeId: uuid('ticket_type_id')
      .notNull()
      .references(() => ticketType.id),
    ticketGroupId: uuid('ticket_group_id')
      .notNull()
      .references(() => ticketGroup.id),
    eventTemplateId: uuid('event_template_id')
      .notNull()
      .references(() => eventTemplate.id),
    eventSessionId: uuid('event_session_id').references(() => eventSession.id),
    /** held | in_cart | booked | redeemed | cancelled | unbooked */
    state: text('state').notNull(),
    admitName: text('admit_name'),
    admitEmail: text('admit_email'),
    additionalInfo: jsonb('additional_info'),
    faceValue: integer('face_value').notNull(),
    adjustedValue: integer('adjusted_value').notNull(),
    /**
     * The service charge (fixed outside fees) and tax (percent outside fees) this ticket was
     * charged, frozen when it joined an order so a seller's later fee or tax change leaves its
     * receipts and the export alone; null in a cart, which prices it live from its type
     * (decision 0047 "Update (frozen fees)")
     */
    feeFixedOutside: integer('fee_fixed_outside'),
    feePercentOutside: integer('fee_percent_outside'),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validTo: timestamp('valid_to', { withTimezone: true }),
    seatTemplateId: text('seat_template_id'),
    /** a membership's member ticket: the member's party role (decision 0032) */
    partyRole: text('party_role'),
    /**
     * Which counters this ticket incremented when it was reserved, so a release decrements
     * exactly those even if the group's settings change while it is held.
     */
    holdsSessionCapacity: boolean('holds_session_capacity').notNull().default(false),
    holdsGroupCapacity: boolean('holds_group_capacity').notNull().default(false),
    /**
     * The ticket's own QR code (`ticketScanCode` of modules/orders/codes.ts), written when it is
     * booked into an order so check-in finds it by index (decision 0042)
     */
    scanCode: text('scan_code'),
    /** when the ticket was checked in at the door (state `redeemed`), and by which API key */
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    redeemedByApiKeyId: uuid('redeemed_by_api_key_id').references(() => sellerApiKey.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('ticket_cart_idx').on(t.cartId),
    index('ticket_session_idx').on(t.eventSessionId),
    index('ticket_scan_code_idx').on(t.scanCode),
    // a seat is held or booked at most once per session (decision 0052): the database, not a
    // read-then-write, decides a seat race; a cancelled or unbooked ticket frees its seat
    uniqueIndex('ticket_session_seat_idx')
      .on(t.eventSessionId, t.seatTemplateId)
      .where(sql`seat_template_id is not null and state not in ('cancelled', 'unbooked')`),
  ],
);

// Row types live beside their tables: every module that reads a cart, ticket or order names
// the same type without importing another module.
export type CartRow = typeof cart.$inferSelect;
export type TicketRow = typeof ticket.$inferSelect;
export type NewTicket = typeof ticket.$inferInsert;
export type OrderRow = typeof ticketOrder.$inferSelect;
export type NewOrder = typeof ticketOrder.$inferInsert;
