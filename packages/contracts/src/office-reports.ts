import { z } from 'zod';
import { collectionSchema } from './envelope';

/**
 * The office's reports (issue #27, decision 0088): today's sessions and arrivals, and the sales
 * by period and by event, ticket type and channel. Money is in integer minor units; dates and
 * hours are the venue's wall clock (the seller's zone), instants are ISO 8601 UTC.
 */

const count = z.number().int().nonnegative();

/** One of today's sessions at the door: capacity (null: unlimited), sold, checked in, still due. */
export const todaySessionSchema = z.object({
  id: z.string(),
  event_template_id: z.string(),
  event_name: z.string(),
  start_datetime: z.string(),
  end_datetime: z.string(),
  capacity: count.nullable(),
  sold: count,
  checked_in: count,
  due: count,
});
export type TodaySession = z.infer<typeof todaySessionSchema>;

/** One hour of the venue's day: who arrived, who was due to (by session start), and the places. */
export const arrivalHourSchema = z.object({
  /** the venue's wall-clock hour, "09:00" */
  hour: z.string(),
  start: z.string(),
  arrivals: count,
  /** sold tickets of sessions starting this hour */
  expected: count,
  /** capacity of sessions starting this hour (unlimited sessions add nothing) */
  capacity: count,
});
export type ArrivalHour = z.infer<typeof arrivalHourSchema>;

/** The day the figures are for, in the venue's zone, and when they were read. */
export const officeDaySchema = z.object({
  date: z.string(),
  timezone: z.string(),
  as_of: z.string(),
});

/** GET /api/office/today */
export const officeTodayResponseSchema = z.object({
  office_day: collectionSchema(officeDaySchema),
  event_session: collectionSchema(todaySessionSchema),
  arrival_hour: collectionSchema(arrivalHourSchema),
});
export type OfficeTodayResponse = z.infer<typeof officeTodayResponseSchema>;

export const SALES_INTERVALS = ['day', 'week', 'month'] as const;
export type SalesInterval = (typeof SALES_INTERVALS)[number];
export const SALES_DIMENSIONS = ['event', 'ticket_type', 'channel'] as const;
export type SalesDimension = (typeof SALES_DIMENSIONS)[number];
/** The longest range one sales call covers (a year and a day, so "this time last year" fits). */
export const SALES_RANGE_MAX_DAYS = 367;

/**
 * The figures of a period or a breakdown row, minor units: `sales` is what was sold, `refunds`
 * what went back (negative or zero), `revenue` their sum; `donations` is the donations' share of
 * revenue; `tickets` counts the non-donation lines sold.
 */
export const salesFiguresSchema = z.object({
  revenue: z.number().int(),
  sales: z.number().int(),
  refunds: z.number().int(),
  donations: z.number().int(),
  tickets: count,
});
export type SalesFigures = z.infer<typeof salesFiguresSchema>;

export const salesRangeSchema = salesFiguresSchema.extend({
  from: z.string(),
  to: z.string(),
  interval: z.enum(SALES_INTERVALS),
  timezone: z.string(),
  currency: z.string(),
});

/** One period: its first day ("2026-11-01" for November, the Monday for a week). */
export const salesPeriodSchema = salesFiguresSchema.extend({ period: z.string() });
export type SalesPeriod = z.infer<typeof salesPeriodSchema>;

export const salesBreakdownSchema = salesFiguresSchema.extend({
  dimension: z.enum(SALES_DIMENSIONS),
  key: z.string(),
  label: z.string(),
});
export type SalesBreakdown = z.infer<typeof salesBreakdownSchema>;

/** GET /api/office/sales */
export const officeSalesResponseSchema = z.object({
  sales_range: collectionSchema(salesRangeSchema),
  sales_period: collectionSchema(salesPeriodSchema),
  sales_breakdown: collectionSchema(salesBreakdownSchema),
});
export type OfficeSalesResponse = z.infer<typeof officeSalesResponseSchema>;
