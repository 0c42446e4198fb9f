import {
  boolean,
  index,
  jsonb,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, createdAt } from './columns';
import { seller } from './identity';
import { ticketGroup, venue } from './catalog';

/**
 * Reserved seating (shopping §3 "Seat", "Seat map"; decision 0052): a venue's seat layouts and
 * their seats. A session sells one layout (`event_session.seat_layout_id`); a seat's state at a
 * session is read from live tickets (`ticket.seat_template_id`), and a partial unique index on
 * the ticket keeps a seat held or booked at most once per session.
 */

export const seatLayout = pgTable(
  'seat_layout',
  {
    id: id(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => seller.id),
    venueId: uuid('venue_id').references(() => venue.id),
    /** the seller file's key of the layout */
    key: text('key').notNull(),
    name: text('name').notNull(),
    width: real('width').notNull(),
    height: real('height').notNull(),
    /** background SVG markup, sanitised when written */
    otherElements: text('other_elements'),
    /** where each section's name is drawn (`map_geometry.sections` of the seat map) */
    sections: jsonb('sections')
      .$type<{ name: string; x: number; y: number }[]>()
      .notNull()
      .default([]),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('seat_layout_seller_key_idx').on(t.sellerId, t.key)],
);

export const seatTemplate = pgTable(
  'seat_template',
  {
    id: id(),
    seatLayoutId: uuid('seat_layout_id')
      .notNull()
      .references(() => seatLayout.id, { onDelete: 'cascade' }),
    section: text('section').notNull(),
    row: text('row').notNull(),
    /** the seat's name within its row */
    seat: text('seat').notNull(),
    /**
     * the layout's price zone of the seat (the seller file's `zone`); a seated ticket group names
     * the zones it sells, and the import writes `seat_template_group` from them
     */
    zone: text('zone'),
    x: real('x').notNull(),
    y: real('y').notNull(),
    r: real('r').notNull(),
    /** the map's reading order (section, row, seat), for lists and keyboard travel */
    sort: integer('sort').notNull(),
    /** taken out of sale by the seller (a pillar, a sound desk): always unavailable */
    blocked: boolean('blocked').notNull().default(false),
    /** wheelchair | companion | null */
    accessibility: text('accessibility'),
    /** a companion seat's wheelchair seat, sold only together */
    companionOf: uuid('companion_of'),
    /** the neighbour chain along the row (spec §4 auto-extend) */
    previousId: uuid('previous_id'),
    nextId: uuid('next_id'),
  },
  (t) => [
    index('seat_template_layout_idx').on(t.seatLayoutId, t.sort),
    uniqueIndex('seat_template_name_idx').on(t.seatLayoutId, t.section, t.row, t.seat),
  ],
);

/** Which ticket groups a seat may be sold in (its price zone). */
export const seatTemplateGroup = pgTable(
  'seat_template_group',
  {
    seatTemplateId: uuid('seat_template_id')
      .notNull()
      .references(() => seatTemplate.id, { onDelete: 'cascade' }),
    ticketGroupId: uuid('ticket_group_id')
      .notNull()
      .references(() => ticketGroup.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.seatTemplateId, t.ticketGroupId] }),
    index('seat_template_group_group_idx').on(t.ticketGroupId),
  ],
);

export type SeatLayoutRow = typeof seatLayout.$inferSelect;
export type SeatTemplateRow = typeof seatTemplate.$inferSelect;
