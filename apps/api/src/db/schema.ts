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

/**
 * The relational model. UUID keys everywhere (no sequences to contend on), money in integer
 * minor units, capacity counters as plain integers with -1 meaning unlimited (shopping §3).
 * Migrations are generated from this file with `npm run db:generate -w @admit/api`.
 */

const id = () =>
  uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`);
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const seller = pgTable('seller', {
  id: id(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  currency: text('currency').notNull(),
  timezone: text('timezone').notNull(),
  /** storefront configuration (contracts `sellerConfigSchema` minus the derived parts) */
  config: jsonb('config').notNull().default({}),
  createdAt: createdAt(),
});

export const identity = pgTable(
  'identity',
  {
    id: id(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => seller.id),
    /** public: the seller's shared guest identity; user: a person */
    kind: text('kind').notNull(),
    email: text('email'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    /** argon2id PHC string; null for guests created at checkout (identity §8 "guest_account") */
    passwordHash: text('password_hash'),
    /** purchaser fields of identity §3 (phone, address, city, state, country, zip_code) */
    phone: text('phone'),
    address: text('address'),
    addressMore: text('address_more'),
    city: text('city'),
    state: text('state'),
    country: text('country'),
    zipCode: text('zip_code'),
    /** `additional_info` and other identity meta fields */
    meta: jsonb('meta').notNull().default({}),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('identity_seller_idx').on(t.sellerId),
    uniqueIndex('identity_public_uq')
      .on(t.sellerId)
      .where(sql`kind = 'public'`),
    // one person per e-mail and seller; lower() so "Ann@x.org" and "ann@x.org" are one account
    uniqueIndex('identity_seller_email_uq')
      .on(t.sellerId, sql`lower(${t.email})`)
      .where(sql`kind = 'user'`),
  ],
);

/**
 * A membership held by an identity (identity §3 "Membership"). Active when now is strictly
 * between valid_from and valid_to. `member_code` is the member ID used by member-ID login.
 */
export const membership = pgTable(
  'membership',
  {
    id: id(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => seller.id),
    identityId: uuid('identity_id')
      .notNull()
      .references(() => identity.id),
    memberCode: text('member_code').notNull(),
    /** the level (role) name, e.g. "Family" */
    role: text('role').notNull(),
    membershipProgramId: uuid('membership_program_id'),
    /** scheduled | cancelled | not_enrolled */
    autoRenewState: text('auto_renew_state').notNull().default('not_enrolled'),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validTo: timestamp('valid_to', { withTimezone: true }).notNull(),
    /** member benefits: tickets per member ticket type id, "*" for the wildcard pool */
    benefits: jsonb('benefits').notNull().default({}),
    ticketOrderId: uuid('ticket_order_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('membership_seller_code_uq').on(t.sellerId, t.memberCode),
    index('membership_identity_idx').on(t.identityId),
  ],
);

/**
 * A one-time passcode challenge (identity §4 "Login one-time passcode"). The token goes to the
 * browser, the code to the mailbox; only hashes are stored. A challenge is issued whether or not
 * the e-mail has an account (identity_id null), so the answer reveals nothing.
 */
export const otpChallenge = pgTable(
  'otp_challenge',
  {
    id: id(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => seller.id),
    identityId: uuid('identity_id').references(() => identity.id),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('otp_challenge_expires_idx').on(t.expiresAt)],
);

/** A single-use, expiring password-reset token (stored hashed). */
export const passwordResetToken = pgTable(
  'password_reset_token',
  {
    id: id(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => seller.id),
    identityId: uuid('identity_id')
      .notNull()
      .references(() => identity.id),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_reset_identity_idx').on(t.identityId)],
);

/**
 * Failed-attempt counters for abuse limits (ASVS 6.3.1): one row per key, e.g.
 * `login:account:{seller}:{email}` or `login:address:{ip}`. Kept in the database so every
 * process behind a balancer sees the same count.
 */
export const authThrottle = pgTable('auth_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull().defaultNow(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
});

/**
 * Outgoing e-mail, written in the same transaction as what it reports (an order, a passcode);
 * the sender delivers it through SMTP and retries, or the dev mailbox shows it.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => seller.id),
    /** otp | password_reset | guest_account | order_confirmation | order_resend | ... */
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** inline attachments: [{ filename, cid, contentType, base64 }] */
    attachments: jsonb('attachments').notNull().default([]),
    /** pending | sent | failed */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status = 'pending'`),
    index('outbox_seller_created_idx').on(t.sellerId, t.createdAt),
  ],
);

export const webSession = pgTable(
  'web_session',
  {
    id: id(),
    /** sha256 of the cookie token; the token itself is never stored */
    tokenHash: text('token_hash').notNull().unique(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => seller.id),
    identityId: uuid('identity_id')
      .notNull()
      .references(() => identity.id),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('web_session_expires_idx').on(t.expiresAt)],
);

export const venue = pgTable('venue', {
  id: id(),
  sellerId: uuid('seller_id')
    .notNull()
    .references(() => seller.id),
  name: text('name').notNull(),
  timezone: text('timezone').notNull(),
  address: text('address'),
});

export const eventTemplate = pgTable(
  'event_template',
  {
    id: id(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => seller.id),
    name: text('name').notNull(),
    subtitle: text('subtitle'),
    summary: text('summary'),
    description: text('description'),
    category: text('category'),
    eventType: text('event_type').notNull(),
    hiddenType: text('hidden_type').notNull().default('public_browsable'),
    venueId: uuid('venue_id').references(() => venue.id),
    rank: integer('rank').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('event_template_seller_idx').on(t.sellerId)],
);

/** Key/value metadata of any resource (event template meta, ticket group meta, seller meta). */
export const meta = pgTable(
  'meta',
  {
    id: id(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => seller.id),
    resource: text('resource').notNull(),
    resourceId: uuid('resource_id').notNull(),
    key: text('key').notNull(),
    value: jsonb('value'),
  },
  (t) => [
    uniqueIndex('meta_resource_key_uq').on(t.resource, t.resourceId, t.key),
    index('meta_key_idx').on(t.sellerId, t.key),
  ],
);

/** Configuration rows (web.ecommerce, web.price_display, config.image, …). */
export const configRow = pgTable(
  'config',
  {
    id: id(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => seller.id),
    resource: text('resource').notNull(),
    resourceId: uuid('resource_id').notNull(),
    key: text('key').notNull(),
    value: jsonb('value'),
  },
  (t) => [uniqueIndex('config_resource_key_uq').on(t.resource, t.resourceId, t.key)],
);

export const ticketGroup = pgTable(
  'ticket_group',
  {
    id: id(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => seller.id),
    eventTemplateId: uuid('event_template_id')
      .notNull()
      .references(() => eventTemplate.id),
    name: text('name').notNull(),
    description: text('description'),
    summary: text('summary'),
    color: integer('color').notNull().default(0),
    handler: text('handler').notNull().default('tickets'),
    hiddenType: text('hidden_type').notNull().default('public_browsable'),
    startPolicy: text('start_policy'),
    startPolicyDate: timestamp('start_policy_date', { withTimezone: true }),
    durationNew: text('duration_new'),
    minTicketsPerOrder: integer('min_tickets_per_order'),
    maxTicketsPerOrder: integer('max_tickets_per_order'),
    salesStart: timestamp('sales_start', { withTimezone: true }),
    salesEnd: timestamp('sales_end', { withTimezone: true }),
    capacity: integer('capacity').notNull().default(-1),
    oversellCapacity: integer('oversell_capacity').notNull().default(0),
    usedCapacity: integer('used_capacity').notNull().default(0),
    excludeFromEventCapacity: boolean('exclude_from_event_capacity').notNull().default(false),
    soldOut: boolean('sold_out').notNull().default(false),
    rank: integer('rank').notNull().default(0),
  },
  (t) => [index('ticket_group_event_idx').on(t.eventTemplateId)],
);

export const ticketType = pgTable(
  'ticket_type',
  {
    id: id(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => seller.id),
    ticketGroupId: uuid('ticket_group_id')
      .notNull()
      .references(() => ticketGroup.id),
    name: text('name').notNull(),
    description: text('description'),
    summary: text('summary'),
    rank: integer('rank').notNull().default(0),
    /** minor units */
    amount: integer('amount').notNull(),
    amountMin: integer('amount_min'),
    amountMax: integer('amount_max'),
    /** [{ name: fee_fixed_outside, fee: minor units } | { name: fee_percent_outside, fee: thousandths of a percent, 8875 = 8.875% }] */
    outsideFees: jsonb('outside_fees').notNull().default([]),
    available: boolean('available').notNull().default(true),
  },
  (t) => [index('ticket_type_group_idx').on(t.ticketGroupId)],
);

export const eventSession = pgTable(
  'event_session',
  {
    id: id(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => seller.id),
    eventTemplateId: uuid('event_template_id')
      .notNull()
      .references(() => eventTemplate.id),
    startDatetime: timestamp('start_datetime', { withTimezone: true }).notNull(),
    endDatetime: timestamp('end_datetime', { withTimezone: true }).notNull(),
    capacity: integer('capacity').notNull().default(-1),
    oversellCapacity: integer('oversell_capacity').notNull().default(0),
    usedCapacity: integer('used_capacity').notNull().default(0),
    soldOut: boolean('sold_out').notNull().default(false),
  },
  (t) => [index('event_session_event_start_idx').on(t.eventTemplateId, t.startDatetime)],
);

/** Seller images served through the image path (generated demo art, later uploads). */
export const image = pgTable(
  'image',
  {
    id: id(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => seller.id),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    bytes: text('bytes_base64').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('image_seller_name_uq').on(t.sellerId, t.name)],
);

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
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
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
    /** the purchaser's e-mail at checkout (the confirmation goes there) */
    email: text('email'),
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
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validTo: timestamp('valid_to', { withTimezone: true }),
    seatTemplateId: text('seat_template_id'),
    /**
     * Which counters this ticket incremented when it was reserved, so a release decrements
     * exactly those even if the group's settings change while it is held.
     */
    holdsSessionCapacity: boolean('holds_session_capacity').notNull().default(false),
    holdsGroupCapacity: boolean('holds_group_capacity').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('ticket_cart_idx').on(t.cartId), index('ticket_session_idx').on(t.eventSessionId)],
);

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
