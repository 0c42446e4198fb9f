import { z } from 'zod';
import { collectionSchema } from './envelope';
import { moneySchema } from './money-schema';

/**
 * The seller API `/admin/api/…` (issue #16, decision 0042): a seller's own orders, tickets and
 * check-in at the door, authenticated by a per-seller API key (`Authorization: Bearer …`). The
 * same wire format as the storefront API: resource-keyed collections, errors in `_data`.
 */

/** The header and scheme that carry a seller API key. */
export const API_KEY_SCHEME = 'Bearer';
/** Every key starts so: it tells a secret scanner and a person what the string is. */
export const API_KEY_PREFIX = 'adm_';

/** The calling key (GET /admin/api/api_key): which seller it opens, never the key itself. */
export const apiKeySchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  /** the key's first characters, to tell keys apart */
  prefix: z.string(),
  seller_slug: z.string(),
  seller_name: z.string(),
  /** the seller's time zone: times of day on the scanner read in it */
  seller_timezone: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyResponseSchema = z.object({ api_key: collectionSchema(apiKeySchema) });

/**
 * A ticket as the seller sees it: flat, with the names a door or a spreadsheet needs (event,
 * group, type, session, purchaser). Times are ISO 8601 UTC; `timezone` is the venue's.
 */
export const sellerTicketSchema = z.object({
  id: z.string().uuid(),
  ticket_order_id: z.string().uuid(),
  order_number: z.string(),
  /** booked | redeemed | cancelled | unbooked */
  state: z.string(),
  scan_code: z.string().nullable(),
  purchaser_name: z.string().nullable(),
  purchaser_email: z.string().nullable(),
  admit_name: z.string().nullable(),
  event_template_id: z.string().uuid(),
  event_name: z.string(),
  ticket_group_id: z.string().uuid(),
  ticket_group_name: z.string(),
  ticket_type_id: z.string().uuid(),
  ticket_type_name: z.string(),
  event_session_id: z.string().uuid().nullable(),
  start_datetime: z.string().nullable(),
  end_datetime: z.string().nullable(),
  timezone: z.string(),
  face_value: moneySchema,
  adjusted_value: moneySchema,
  /** the receipt line (rules/receipt-lines.ts): face − adjusted value */
  discount: moneySchema,
  /** the fixed outside fee */
  service_charge: moneySchema,
  /** the percent outside fee, on the price after discount */
  tax: moneySchema,
  /** adjusted value + service charge + tax */
  line_total: moneySchema,
  redeemed_at: z.string().nullable(),
});
export type SellerTicket = z.infer<typeof sellerTicketSchema>;

/** An order as the seller lists it. */
export const sellerOrderSchema = z.object({
  id: z.string().uuid(),
  order_number: z.string(),
  created_at: z.string(),
  email: z.string().nullable(),
  purchaser_name: z.string().nullable(),
  currency_code: z.string().length(3),
  total_after_fees_price: moneySchema,
  /** the order's live tickets (booked or redeemed): cancelled and unbooked ones do not count */
  ticket_count: z.number().int().nonnegative(),
  /** the campaign of the visit that made the order (the new cart's `campaign`), or null */
  campaign: z.string().nullable(),
  /** the answers to the order's checkout questions by name (decision 0064); {} without any */
  additional_info: z.record(z.string(), z.unknown()),
});
export type SellerOrder = z.infer<typeof sellerOrderSchema>;

/** GET /admin/api/ticket_order (`since`, `_limit`, `_offset`) and GET …/ticket_order/{id}. */
export const sellerOrdersResponseSchema = z.object({
  ticket_order: collectionSchema(sellerOrderSchema),
  ticket: collectionSchema(sellerTicketSchema),
});
export type SellerOrdersResponse = z.infer<typeof sellerOrdersResponseSchema>;

/** The largest page of GET /admin/api/ticket_order. */
export const SELLER_ORDERS_MAX_LIMIT = 200;

export const sellerOrdersQuerySchema = z.object({
  /** orders placed at or after this instant (ISO 8601 with an offset) */
  since: z.iso.datetime({ offset: true }).optional(),
  _limit: z.coerce.number().int().min(1).max(SELLER_ORDERS_MAX_LIMIT).default(50),
  _offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

/** GET /admin/api/ticket/{scan_code}: what a code names (a ticket, or an order's tickets). */
export const sellerTicketsResponseSchema = z.object({
  ticket: collectionSchema(sellerTicketSchema),
});

/** A member ID scanned at the door (decision 0032's membership QR). */
export const sellerMemberSchema = z.object({
  member_code: z.string(),
  name: z.string().nullable(),
  level: z.string(),
  valid_from: z.string(),
  valid_to: z.string(),
});
export type SellerMember = z.infer<typeof sellerMemberSchema>;

/** A scanned code (what the QR code carries, or what a person types). */
export const scanCodeSchema = z.string().trim().min(1).max(100);

/** POST /admin/api/check_in. Without `event_session_id` or `date`, the day is today. */
export const checkInBodySchema = z.object({
  code: scanCodeSchema,
  /** the session the door admits: a ticket for another one is refused (`wrong_session`) */
  event_session_id: z.string().uuid().optional(),
  /** YYYY-MM-DD in the venue's time zone: a ticket for another day is refused (`wrong_date`) */
  date: z.iso.date().optional(),
});
export type CheckInBody = z.infer<typeof checkInBodySchema>;

/** One check-in outcome that lets the visitor in. */
export const checkInResultSchema = z.discriminatedUnion('_code', [
  /** the ticket was booked and is now redeemed (an order's code admits its tickets of the day) */
  z.object({ _code: z.literal('admitted'), ticket: sellerTicketSchema }),
  /** a member ID whose membership is current: members are admitted, nothing is redeemed */
  z.object({ _code: z.literal('member_valid'), membership: sellerMemberSchema }),
]);
export type CheckInResult = z.infer<typeof checkInResultSchema>;

export const checkInResponseSchema = z.object({ check_in: collectionSchema(checkInResultSchema) });
export type CheckInResponse = z.infer<typeof checkInResponseSchema>;

/**
 * Why a scan does not admit, each a stable `_code` of the error envelope (`_context`
 * `check_in`); `_extra.ticket` (a `SellerTicket`) says whose ticket it was where one is known.
 */
export const CHECK_IN_REFUSALS = [
  /** no ticket, order or member of this seller has that code (404, also another seller's) */
  'unknown_code',
  /**
   * `_extra.redeemed_at`: when it was checked in before (409); for a member ID
   * (`_extra.membership`), when the member was admitted today (once a day)
   */
  'already_redeemed',
  /** cancelled or unbooked (identity §4: both read as cancelled) (409) */
  'ticket_cancelled',
  /** the ticket is for another session than the one the door admits (409) */
  'wrong_session',
  /** the ticket is for another day (409) */
  'wrong_date',
  /** a member ID whose membership is not current (409) */
  'membership_expired',
  /**
   * a purchase that opens no door — a donation, a gift card, a voucher code, a membership's (or
   * a gift of membership's) purchase code: `_extra.handler`, `_extra.gift`; the reason is
   * `notAnAdmissionReason` (rules/admission.ts) (409)
   */
  'not_an_admission',
] as const;
export type CheckInRefusal = (typeof CHECK_IN_REFUSALS)[number];

/**
 * What one scan of a ticket came to, as its history keeps it (decision 0107): `admitted`, or
 * the refusal's `_code` the door was answered.
 */
export const TICKET_SCAN_RESULTS = ['admitted', ...CHECK_IN_REFUSALS] as const;
export type TicketScanResult = (typeof TICKET_SCAN_RESULTS)[number];

/** `_extra` of a check-in refusal. */
export const checkInRefusalExtraSchema = z.object({
  code: z.string(),
  ticket: sellerTicketSchema.optional(),
  redeemed_at: z.string().optional(),
  membership: sellerMemberSchema.optional(),
  /** `not_an_admission`: the ticket group's handler, and whether its order is a gift */
  handler: z.string().optional(),
  gift: z.boolean().optional(),
});
export type CheckInRefusalExtra = z.infer<typeof checkInRefusalExtraSchema>;
