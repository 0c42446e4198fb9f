import { z } from 'zod';
import { EVENT_TYPES, HIDDEN_TYPES, TICKET_GROUP_HANDLERS } from '../resources';
import { messageRuleSchema } from '../rules/message-rules';
import { checkoutQuestionsSpecSchema } from '../rules/checkout-questions';
import {
  dateSchema,
  fileImageSchema,
  fileList,
  keySchema,
  localDateTimeSchema,
  moneySchema,
  relativeDateSchema,
  timeSchema,
} from './primitives';
import { fileSeatLayoutSchema } from './seat-layouts';

/** Venues, events, ticket groups and types, session rules and sessions of a seller file. */

/** Order-level checkout questions (decision 0064): checked on import, stored as meta rows. */
const questions = checkoutQuestionsSpecSchema.optional();

/** Days without sessions: weekday codes (MO…SU), MM-DD (every year) or YYYY-MM-DD (once). */
const closedDaysSchema = fileList(
  z
    .string()
    .regex(
      /^(MO|TU|WE|TH|FR|SA|SU|\d{2}-\d{2}|\d{4}-\d{2}-\d{2})$/,
      'a closed day is MO…SU, MM-DD or YYYY-MM-DD',
    ),
);

const capacity = z.number().int().min(0).describe('places; leave out for no limit');

/**
 * A session's own prices (decision 0043): ticket type key → price there, for the types that cost
 * more or less at it than their `amount` (a late opening). The key is a type's key, one type of
 * the event's groups; types left out sell at their amount.
 */
const sessionPricesSchema = z
  .record(keySchema, moneySchema)
  .describe("ticket type key → the session's own price of that type");

/**
 * An outside fee of a ticket type: a fixed amount or a percent of the price (shopping §9). A
 * fixed fee is charged on a ticket free after discounts only with `on_free: true` (decision 0047).
 */
export const fileFeeSchema = z.union([
  z.strictObject({ fixed: moneySchema, on_free: z.boolean().optional() }),
  z.strictObject({
    percent: z.union([z.string().regex(/^\d+(?:\.\d{1,3})?$/), z.number().nonnegative()]),
  }),
]);

export const fileTicketTypeSchema = z.strictObject({
  key: keySchema,
  name: z.string().min(1),
  amount: moneySchema,
  /** a buyer-chosen amount (donations, flexible gift cards) between these */
  amount_min: moneySchema.optional(),
  amount_max: moneySchema.optional(),
  description: z.string().optional(),
  summary: z.string().optional(),
  fees: fileList(fileFeeSchema).optional(),
  /** false stops selling it; its sold tickets stay (the way to "remove" a sold type) */
  available: z.boolean().optional(),
});
export type FileTicketType = z.infer<typeof fileTicketTypeSchema>;

export const fileTicketGroupSchema = z.strictObject({
  key: keySchema,
  name: z.string().min(1),
  handler: z.enum(TICKET_GROUP_HANDLERS).optional(),
  description: z.string().optional(),
  summary: z.string().optional(),
  color: z.number().int().min(0).optional(),
  visibility: z.enum(HIDDEN_TYPES).optional(),
  /** passes valid from (fixedfrom) or until (fixedto) `start_policy_date` for `duration_new` */
  start_policy: z.enum(['fixedfrom', 'fixedto']).optional(),
  start_policy_date: relativeDateSchema.optional(),
  /** an ISO 8601 duration, e.g. P1Y */
  duration_new: z
    .string()
    .regex(/^P(?!$)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?$/)
    .optional(),
  min_per_order: z.number().int().min(0).optional(),
  max_per_order: z.number().int().min(0).optional(),
  /** the sales window, in the seller's zone: close a group by moving `sales_end` */
  sales_start: localDateTimeSchema.optional(),
  sales_end: localDateTimeSchema.optional(),
  capacity: capacity.optional(),
  exclude_from_event_capacity: z.boolean().optional(),
  /** the key of a payment plan (deposit and balance; decision 0020) */
  payment_plan: keySchema.optional(),
  /** a seated group: the price zones of its event's seat layout it sells (decision 0052) */
  seat_zones: fileList(keySchema).min(1).optional(),
  /** other group meta: admit_names, admit_emails, additional_info_spec, … */
  meta: z
    .object({ identity_form: questions, extra_checkout_fields: questions })
    .catchall(z.unknown())
    .optional(),
  ticket_types: fileList(fileTicketTypeSchema).min(1),
});
export type FileTicketGroup = z.infer<typeof fileTicketGroupSchema>;

const hours = z.strictObject({
  from: timeSchema,
  to: timeSchema,
  every_minutes: z.number().int().min(5).max(1440),
});

/**
 * Opening hours as a rule (decision 0041): the dates of `repeat` (an RFC 5545 RRULE, default
 * every day) from `from` to `until`, or rolling `ahead_days` from the day sessions are laid out,
 * less `closed` days; on each date a session at each of `times` (or every `hours.every_minutes`
 * from `hours.from` until `hours.to`), wall clock in the venue's zone.
 */
export const fileSessionRuleSchema = z
  .strictObject({
    key: keySchema,
    repeat: z.string().min(1).optional(),
    from: dateSchema.optional(),
    until: dateSchema.optional(),
    /** a rolling window: sessions are kept laid out this many days ahead (today included) */
    ahead_days: z.number().int().min(1).max(731).optional(),
    hours: hours.optional(),
    times: fileList(timeSchema).min(1).optional(),
    duration_minutes: z.number().int().min(1).max(1440),
    capacity: capacity.optional(),
    closed: closedDaysSchema.optional(),
    /** the prices of its sessions, where they differ from the types' amounts */
    prices: sessionPricesSchema.optional(),
    /** the seat layout its sessions sell; default the event's */
    seat_layout: keySchema.optional(),
  })
  .refine((r) => (r.hours === undefined) !== (r.times === undefined), {
    message: 'give either hours or times',
  })
  .refine((r) => r.until !== undefined || r.ahead_days !== undefined, {
    message: 'give until or ahead_days: a rule needs an end',
  });
export type FileSessionRule = z.infer<typeof fileSessionRuleSchema>;

/** A one-off session: a date (or today+N, fixed when first made) and a time at the venue. */
export const fileSessionSchema = z.strictObject({
  key: keySchema,
  date: relativeDateSchema,
  time: timeSchema,
  duration_minutes: z.number().int().min(1).max(1440),
  capacity: capacity.optional(),
  /** true stops its sales (it stays for the tickets sold) */
  closed: z.boolean().optional(),
  /** its prices, where they differ from the types' amounts */
  prices: sessionPricesSchema.optional(),
  /** the seat layout it sells; default the event's */
  seat_layout: keySchema.optional(),
});
export type FileSession = z.infer<typeof fileSessionSchema>;

export const fileEventSchema = z.strictObject({
  key: keySchema,
  name: z.string().min(1),
  subtitle: z.string().optional(),
  summary: z.string().optional(),
  /** seller HTML; the storefront sanitises it */
  description: z.string().optional(),
  category: z.string().optional(),
  type: z.enum(EVENT_TYPES),
  visibility: z.enum(HIDDEN_TYPES).optional(),
  /** the venue's key; default the file's only venue */
  venue: keySchema.optional(),
  cover: fileImageSchema.optional(),
  profile: fileImageSchema.optional(),
  /** shopping §3 "Message rules" (stored as the event meta `message_rules`) */
  message_rules: fileList(messageRuleSchema).optional(),
  /** other event meta: reserve_flow, audience, location, … */
  meta: z.object({ identity_form: questions }).catchall(z.unknown()).optional(),
  /** config rows by key: web.ecommerce, web.price_display */
  config: z.record(z.string(), z.unknown()).optional(),
  /** the seat layout (a key of a venue's seat_layouts) every session sells, unless it names one */
  seat_layout: keySchema.optional(),
  ticket_groups: fileList(fileTicketGroupSchema).optional(),
  session_rules: fileList(fileSessionRuleSchema).optional(),
  sessions: fileList(fileSessionSchema).optional(),
});
export type FileEvent = z.infer<typeof fileEventSchema>;

export const fileVenueSchema = z.strictObject({
  key: keySchema,
  name: z.string().min(1),
  address: z.string().optional(),
  /** default the seller's time zone */
  timezone: z.string().optional(),
  /** days every session rule of the venue skips */
  closed: closedDaysSchema.optional(),
  /** its seating plans for reserved seating (decision 0052) */
  seat_layouts: fileList(fileSeatLayoutSchema).optional(),
});
export type FileVenue = z.infer<typeof fileVenueSchema>;

/**
 * The ticket type a session price names: `group/type` of the event's one type with that key, or
 * null when no type or more than one has it (the reference check refuses both).
 */
export function sessionPriceTypePath(typePaths: readonly string[], typeKey: string): string | null {
  const found = typePaths.filter((path) => path.split('/').at(-1) === typeKey);
  return found.length === 1 ? found[0]! : null;
}

/** The `group/type` paths of an event's ticket types. */
export const typePathsOf = (event: FileEvent): string[] =>
  (event.ticket_groups ?? []).flatMap((g) => g.ticket_types.map((t) => `${g.key}/${t.key}`));
