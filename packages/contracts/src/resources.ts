import { z } from 'zod';
import { moneySchema } from './money-schema';

/** Wire shapes of the catalogue resources (shopping §3). Timestamps are ISO 8601 in UTC. */

const isoDateTime = z.string();
const uuid = z.string().uuid();

export const HIDDEN_TYPES = ['public_browsable', 'public_link_only', 'public_member_only'] as const;
export const hiddenTypeSchema = z.enum(HIDDEN_TYPES);
export type HiddenType = z.infer<typeof hiddenTypeSchema>;

export const EVENT_TYPES = ['single', 'repeating', 'other'] as const;
export const TICKET_GROUP_HANDLERS = [
  'tickets',
  'passes',
  'codes',
  'seated',
  'ledger',
  'donation',
  'membership',
] as const;

export const venueSchema = z.object({
  id: uuid,
  seller_id: uuid,
  name: z.string(),
  timezone: z.string(),
  address: z.string().nullable(),
});
export type Venue = z.infer<typeof venueSchema>;

export const eventTemplateSchema = z.object({
  id: uuid,
  seller_id: uuid,
  name: z.string(),
  subtitle: z.string().nullable(),
  summary: z.string().nullable(),
  description: z.string().nullable(),
  category: z.string().nullable(),
  event_type: z.enum(EVENT_TYPES),
  hidden_type: hiddenTypeSchema,
  venue_id: uuid.nullable(),
  rank: z.number().int(),
});
export type EventTemplate = z.infer<typeof eventTemplateSchema>;

/** Key/value metadata of a resource (event template meta: image_cover, reserve_flow, …). */
export const metaSchema = z.object({
  id: uuid,
  resource: z.string(),
  resource_id: uuid,
  key: z.string(),
  value: z.unknown(),
});
export type Meta = z.infer<typeof metaSchema>;

/** Configuration rows (web.ecommerce, web.price_display, config.image, …). */
export const configRowSchema = z.object({
  id: uuid,
  resource: z.string(),
  resource_id: uuid,
  key: z.string(),
  value: z.unknown(),
});
export type ConfigRow = z.infer<typeof configRowSchema>;

export const ticketGroupSchema = z.object({
  id: uuid,
  seller_id: uuid,
  event_template_id: uuid,
  name: z.string(),
  description: z.string().nullable(),
  summary: z.string().nullable(),
  color: z.number().int(),
  handler: z.enum(TICKET_GROUP_HANDLERS),
  hidden_type: hiddenTypeSchema,
  start_policy: z.enum(['fixedfrom', 'fixedto']).nullable(),
  start_policy_date: isoDateTime.nullable(),
  duration_new: z.string().nullable(),
  min_tickets_per_order: z.number().int().nullable(),
  max_tickets_per_order: z.number().int().nullable(),
  sales_start: isoDateTime.nullable(),
  sales_end: isoDateTime.nullable(),
  capacity: z.number().int(),
  oversell_capacity: z.number().int(),
  used_capacity: z.number().int(),
  exclude_from_event_capacity: z.boolean(),
  sold_out: z.boolean(),
  available: z.boolean(),
  rank: z.number().int(),
});
export type TicketGroup = z.infer<typeof ticketGroupSchema>;

export const outsideFeeSchema = z.object({
  name: z.enum(['fee_fixed_outside', 'fee_percent_outside']),
  /** fixed: money string; percent: a decimal percentage string such as "8.875" */
  fee: z.string(),
  /** a fixed fee also charged on a ticket free after discounts (decision 0047) */
  on_free: z.boolean().optional(),
});

export const ticketTypeSchema = z.object({
  id: uuid,
  seller_id: uuid,
  ticket_group_id: uuid,
  name: z.string(),
  description: z.string().nullable(),
  summary: z.string().nullable(),
  _rank: z.number().int(),
  currency_amount: moneySchema,
  currency_amount_min: moneySchema.nullable(),
  currency_amount_max: moneySchema.nullable(),
  outside_fees: z.array(outsideFeeSchema),
  /**
   * spec: shopping §3 "Ticket type" — what a ticket of this type costs after a discount the
   * server applies to it, when there is one; the storefront then shows the price struck through
   * beside it (rules/price-display.ts, decision 0063). Absent or null: no discount.
   */
  discounted_amount: moneySchema.nullable().optional(),
  available: z.boolean(),
  /**
   * the least a ticket of this type costs before fees: its lowest price among the event's
   * sessions on sale (decision 0043), the minimum of a flexible price, else `currency_amount`;
   * answered by the event reads (GET events/available, events/{id}) for the listing's "from"
   */
  currency_amount_from: moneySchema.optional(),
});
export type TicketType = z.infer<typeof ticketTypeSchema>;

export const eventSessionSchema = z.object({
  id: uuid,
  seller_id: uuid,
  event_template_id: uuid,
  start_datetime: isoDateTime,
  end_datetime: isoDateTime,
  capacity: z.number().int(),
  oversell_capacity: z.number().int(),
  used_capacity: z.number().int(),
  sold_out: z.boolean(),
  available: z.boolean(),
  /** capacity + oversell_capacity - used_capacity; -1 when capacity is unlimited */
  availableCapacity: z.number().int(),
});
export type EventSession = z.infer<typeof eventSessionSchema>;

export const sellerSchema = z.object({
  id: uuid,
  slug: z.string(),
  name: z.string(),
  currency: z.string().length(3),
  timezone: z.string(),
});
export type Seller = z.infer<typeof sellerSchema>;
