import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { id } from './columns';
import { seller } from './identity';
import { eventTemplate, ticketType } from './catalog';
import { seatLayout } from './seats';

/**
 * The catalogue's sessions (shopping §3 Session): an event's dated sessions with their capacity,
 * the opening-hours rules that lay them out (decision 0041) and a session's own prices (decision
 * 0043).
 */

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
    /** the opening-hours rule that laid it out; null for a one-off session (decision 0041) */
    sessionRuleId: uuid('session_rule_id').references(() => sessionRule.id),
    /** the seat layout this session sells, for reserved seating (decision 0052); null: unseated */
    seatLayoutId: uuid('seat_layout_id').references(() => seatLayout.id),
  },
  (t) => [
    index('event_session_event_start_idx').on(t.eventTemplateId, t.startDatetime),
    index('event_session_rule_start_idx').on(t.sessionRuleId, t.startDatetime),
  ],
);

/**
 * A session's own price of a ticket type (decision 0043): the override of `ticket_type.amount`
 * at that session (a late opening that costs more). No row: the type's amount. Read through
 * `modules/pricing/session-prices.ts`, the one home of "the price of type T at session S".
 */
export const sessionPrice = pgTable(
  'session_price',
  {
    eventSessionId: uuid('event_session_id')
      .notNull()
      .references(() => eventSession.id, { onDelete: 'cascade' }),
    ticketTypeId: uuid('ticket_type_id')
      .notNull()
      .references(() => ticketType.id, { onDelete: 'cascade' }),
    /** minor units */
    amount: integer('amount').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.eventSessionId, t.ticketTypeId] }),
    // the scope's "which types have session prices" and the cascade from ticket_type
    index('session_price_type_idx').on(t.ticketTypeId),
    check('session_price_amount_nonnegative', sql`${t.amount} >= 0`),
  ],
);

/**
 * Opening hours as a rule (decision 0041): the rule of a seller file as written (`definition`:
 * repeat, from/until or ahead_days, hours or times, duration, capacity, closed days), and how far
 * its sessions are laid out (`laid_out_through`, a venue-local date), so a rolling window is
 * extended by the days that passed and never recomputed whole.
 */
export const sessionRule = pgTable(
  'session_rule',
  {
    id: id(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => seller.id),
    eventTemplateId: uuid('event_template_id')
      .notNull()
      .references(() => eventTemplate.id),
    definition: jsonb('definition').notNull(),
    laidOutThrough: date('laid_out_through', { mode: 'string' }),
  },
  (t) => [index('session_rule_event_idx').on(t.eventTemplateId)],
);
