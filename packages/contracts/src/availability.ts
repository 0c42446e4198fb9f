import { z } from 'zod';
import { collectionSchema } from './envelope';
import { moneySchema } from './money-schema';
import {
  configRowSchema,
  eventSessionSchema,
  metaSchema,
  ticketGroupSchema,
  ticketTypeSchema,
  venueSchema,
} from './resources';

/**
 * Wire shapes of the availability reads (shopping §3 "Calendar day", "Session"; §7 calendar,
 * sessions, pricecheck).
 */

export const CALENDAR_DAY_STATUSES = ['available', 'sold_out', 'unavailable', 'closed'] as const;

export const calendarDaySchema = z.object({
  /** YYYY-MM-DD in the venue's time zone */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** available and sold_out are the two the storefront knows; any other value disables the day */
  status: z.string(),
  enabled: z.boolean(),
  available: z.boolean(),
  min_price: moneySchema.nullable(),
  /**
   * what min_price adds up to the day's lowest all-in price (decision 0048): `outside` with every
   * outside fee, `fixed` with the fixed ones alone; the minimum over the types, each all in
   * (issue 22), so with one type these are its fees at min_price
   */
  min_price_fees: z.object({ outside: moneySchema, fixed: moneySchema.optional() }).nullable(),
  price: moneySchema.nullable(),
  pricePrefix: z.string().nullable(),
  badges: z.array(z.string()),
  annotations: z.array(z.string()),
  className: z.string().nullable(),
  tooltip: z.string().nullable(),
  ariaLabel: z.string().nullable(),
  longFormat: z.string(),
  availability: z.object({ capacity: z.number().int(), used_capacity: z.number().int() }),
});
export type CalendarDay = z.infer<typeof calendarDaySchema>;

/** `_format=extended` (or `price`): one row per day. */
export const calendarExtendedResponseSchema = z.object({
  calendar: collectionSchema(calendarDaySchema),
});
/**
 * A plain calendar's statuses: a day's own, or `unreleased` for a day whose sales have not
 * opened yet (no group on sale now, one opening later; issue #26).
 */
export const CALENDAR_PLAIN_STATUSES = [...CALENDAR_DAY_STATUSES, 'unreleased'] as const;

/**
 * Without `_format`: the plain map date → status, not in the collection envelope, the shape the
 * seed product's existing clients read (`{ "calendar": { "2026-11-28": "available" } }`).
 */
export const calendarPlainResponseSchema = z.object({
  /** values: CALENDAR_PLAIN_STATUSES */
  calendar: z.record(z.string().regex(/^\d{4}-\d{2}-\d{2}$/), z.string()),
});

/** A calendar answer as the route serves it: the query's `_format` picks the shape. */
export const calendarResponseSchema = z.union([
  calendarExtendedResponseSchema,
  calendarPlainResponseSchema,
]);
export type CalendarResponse = z.infer<typeof calendarResponseSchema>;

/** The days of a calendar read with `_format=extended` (a plain calendar's map has none). */
export function extendedCalendarDays(answer: CalendarResponse): CalendarDay[] {
  const { calendar } = answer;
  return '_data' in calendar && Array.isArray(calendar._data) ? calendar._data : [];
}

/** A session as the sessions reads return it: capacity fields plus prices. */
export const pricedSessionSchema = eventSessionSchema.extend({
  startTime: z.string(),
  /** lowest price of the requested/available types, with two decimals; null without types */
  price: moneySchema.nullable(),
  minPrice: moneySchema.nullable(),
  maxPrice: moneySchema.nullable(),
});
export type PricedSession = z.infer<typeof pricedSessionSchema>;

/** The price of a ticket type at a session (dynamic pricing hook; today the type's price). */
export const priceScheduleSchema = z.object({
  id: z.string(),
  event_session_id: z.string().uuid(),
  ticket_type_id: z.string().uuid(),
  currency_amount: moneySchema,
});
export type PriceSchedule = z.infer<typeof priceScheduleSchema>;

export const sessionsResponseSchema = z.object({
  event_session: collectionSchema(pricedSessionSchema),
  price_schedule: collectionSchema(priceScheduleSchema).optional(),
});
export type SessionsResponse = z.infer<typeof sessionsResponseSchema>;

/** GET events/{eventId}/sessions/{sessionId} */
export const sessionDetailResponseSchema = z.object({
  event_session: collectionSchema(pricedSessionSchema),
  ticket_group: collectionSchema(ticketGroupSchema).optional(),
  ticket_type: collectionSchema(ticketTypeSchema).optional(),
  meta: collectionSchema(metaSchema).optional(),
  config: collectionSchema(configRowSchema).optional(),
  venue: collectionSchema(venueSchema).optional(),
  /** each listed type's price at this session (decision 0043 session prices) */
  price_schedule: collectionSchema(priceScheduleSchema).optional(),
});
export type SessionDetailResponse = z.infer<typeof sessionDetailResponseSchema>;

/** Body of POST events/{id}/calendar and POST events/{id}/sessions: the selected quantities. */
export const selectionBodySchema = z.object({
  ticket_types_required: z
    .array(
      z.object({
        ticket_type_id: z.string().uuid(),
        quantity: z.number().int().min(0).max(1000),
      }),
    )
    .default([]),
});
export type SelectionBody = z.infer<typeof selectionBodySchema>;

/** POST events/{id}/pricecheck */
export const pricecheckBodySchema = z.object({
  ticket_types_required: z.array(z.object({ ticket_type_id: z.string().uuid() })).min(1),
});
export const pricecheckResponseSchema = z.object({
  ticket_type: collectionSchema(ticketTypeSchema),
});
