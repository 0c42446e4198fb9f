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
import { sql } from 'drizzle-orm';
import { id, createdAt } from './columns';
import { seller } from './identity';
import { paymentPlan } from './payment-plans';

/** The catalogue: venues, event templates, ticket groups and types, meta, config, catalog keys, images (shopping §3); its sessions are in sessions.ts. */

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
    /** seller HTML, stored sanitised (decision 0086) */
    description: text('description'),
    /**
     * whether `description` went through the sanitiser when stored; false on the rows stored
     * before decision 0086, which a start-up step sanitises once (start-up.ts)
     */
    descriptionSanitized: boolean('description_sanitized').notNull().default(false),
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
    /** null: paid in full at booking (docs/decisions/0020-scheduled-payments.md) */
    paymentPlanId: uuid('payment_plan_id').references(() => paymentPlan.id),
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

/**
 * The stable key a seller file gives a catalogue row (decision 0041): `kind` is the table,
 * `key` the file's key path (`general-admission/timed/adult`). Imports find their rows by it
 * and exports write it back; rows no file made have none.
 */
export const catalogKey = pgTable(
  'catalog_key',
  {
    id: id(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => seller.id),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    resourceId: uuid('resource_id').notNull(),
  },
  (t) => [
    uniqueIndex('catalog_key_seller_kind_key_uq').on(t.sellerId, t.kind, t.key),
    uniqueIndex('catalog_key_kind_resource_uq').on(t.kind, t.resourceId),
  ],
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
    /**
     * The version of the bytes: an import that replaces a picture under the same name updates
     * the row in place (decision 0041), so its id and created_at stay; the hash does not.
     * Computed by the database, so no writer can forget it (decision 0033).
     */
    contentHash: text('content_hash')
      .notNull()
      .generatedAlwaysAs(sql`md5(bytes_base64)`),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('image_seller_name_uq').on(t.sellerId, t.name)],
);

/**
 * An image resized or converted once and kept (decision 0033): keyed by the image, the version
 * of its bytes and the request (width and height as asked, 0 when not given; format as asked,
 * '' for the image's own), so two processes encoding the same variant keep one row, and a
 * replaced picture's old variants are never served.
 */
export const imageVariant = pgTable(
  'image_variant',
  {
    id: id(),
    imageId: uuid('image_id')
      .notNull()
      .references(() => image.id, { onDelete: 'cascade' }),
    sourceHash: text('source_hash').notNull(),
    requestedWidth: integer('requested_width').notNull(),
    requestedHeight: integer('requested_height').notNull(),
    requestedFormat: text('requested_format').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    etag: text('etag').notNull(),
    bytes: text('bytes_base64').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('image_variant_request_uq').on(
      t.imageId,
      t.sourceHash,
      t.requestedWidth,
      t.requestedHeight,
      t.requestedFormat,
    ),
  ],
);
