import { z } from 'zod';
import { collectionSchema } from './envelope';
import { TICKET_SCAN_RESULTS } from './seller-api';

/**
 * The office's orders (issue #27, decision 0087): the search, one order's whole story (tickets
 * with their scans, payments, refunds, mails, notes) and the staff actions on it. Money in minor
 * units; times ISO 8601 UTC.
 */

/** One line of the search. */
export const officeOrderRowSchema = z.object({
  id: z.string().uuid(),
  order_number: z.string(),
  email: z.string().nullable(),
  name: z.string().nullable(),
  created_at: z.string(),
  currency: z.string(),
  total: z.number().int(),
  /** tickets booked or redeemed (not cancelled) */
  live_tickets: z.number().int(),
  tickets: z.number().int(),
});
export type OfficeOrderRow = z.infer<typeof officeOrderRowSchema>;

export const officeOrderSearchResponseSchema = z.object({
  ticket_order: collectionSchema(officeOrderRowSchema),
});
export type OfficeOrderSearchResponse = z.infer<typeof officeOrderSearchResponseSchema>;

/** GET office/ticket_order: every filter optional, all of them must match; paged. */
export const OFFICE_ORDER_PAGE_SIZE = 25;
export const officeOrderSearchQuery = {
  /** the order number, whole or its start */
  order_number: z.string().trim().max(40).optional(),
  /** the buyer's e-mail, whole or a part */
  email: z.string().trim().max(254).optional(),
  /** the buyer's or a ticket holder's name, a part */
  name: z.string().trim().max(200).optional(),
  /** the last four digits of a card that paid */
  card_last4: z
    .string()
    .regex(/^\d{4}$/, 'four digits')
    .optional(),
  /** a visit date (YYYY-MM-DD in the seller's zone): an order with a ticket that day */
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD')
    .optional(),
  /** an event: an order with a ticket to it */
  event_template_id: z.string().uuid().optional(),
  _limit: z.coerce.number().int().min(1).max(100).optional(),
  _offset: z.coerce.number().int().min(0).optional(),
};

/** One scan of a ticket at the door, admitted or refused (decision 0107). */
export const officeTicketScanSchema = z.object({
  /** when the server answered the scan */
  at: z.string(),
  /** `admitted`, or the refusal's `_code` (`already_redeemed`, `wrong_date`, …) */
  result: z.enum(TICKET_SCAN_RESULTS),
  /** the name of the scanner's API key */
  by: z.string(),
});
export type OfficeTicketScan = z.infer<typeof officeTicketScanSchema>;

export const officeTicketSchema = z.object({
  id: z.string().uuid(),
  state: z.string(),
  event_template_id: z.string().uuid(),
  event_name: z.string(),
  ticket_type_name: z.string(),
  event_session_id: z.string().uuid().nullable(),
  session_start: z.string().nullable(),
  admit_name: z.string().nullable(),
  price: z.number().int(),
  /** the admitting scan: when it was checked in and by which door key (null: never) */
  redeemed_at: z.string().nullable(),
  redeemed_by: z.string().nullable(),
  /** every scan of the ticket that named it, admitted or refused, oldest first */
  scans: z.array(officeTicketScanSchema),
});

export const officePaymentSchema = z.object({
  id: z.string().uuid(),
  gateway: z.string(),
  state: z.string(),
  amount: z.number().int(),
  card_last4: z.string().nullable(),
  created_at: z.string(),
});

export const officeRefundSchema = z.object({
  id: z.string().uuid(),
  payment_id: z.string().uuid(),
  amount: z.number().int(),
  state: z.string(),
  reason: z.string(),
  created_at: z.string(),
});

export const officeMailSchema = z.object({
  id: z.string().uuid(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.string(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});

/** A note, or any staff action on the order, from the audit log. */
export const officeOrderEventSchema = z.object({
  id: z.string().uuid(),
  action: z.string(),
  actor: z.string(),
  at: z.string(),
  reason: z.string().nullable(),
});

export const officeOrderSchema = officeOrderRowSchema.extend({
  paid: z.number().int(),
  refunded: z.number().int(),
  tickets_detail: z.array(officeTicketSchema),
  payments: z.array(officePaymentSchema),
  refunds: z.array(officeRefundSchema),
  mails: z.array(officeMailSchema),
  /** notes and staff actions, newest first */
  history: z.array(officeOrderEventSchema),
});
export type OfficeOrder = z.infer<typeof officeOrderSchema>;

export const officeOrderResponseSchema = z.object({
  ticket_order: collectionSchema(officeOrderSchema),
});
export type OfficeOrderResponse = z.infer<typeof officeOrderResponseSchema>;

/** Every staff action on an order says why: kept in the audit log. */
const reason = z.string().trim().min(3).max(1000);

export const officeResendBodySchema = z.object({ reason });
export const officeNoteBodySchema = z.object({ note: reason });
/** Cancel these tickets of the order and refund what was paid for them to what paid. */
export const officeCancelBodySchema = z.object({
  tickets: z
    .array(z.string().uuid())
    .min(1)
    .max(500)
    .refine(
      (ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length,
      'each ticket once',
    ),
  reason,
});
/** A lost ticket: the order's scan codes are issued anew and mailed; the old ones stop working. */
export const officeReissueBodySchema = z.object({ ticket_id: z.string().uuid(), reason });

/**
 * How a dearer move is settled (decision 0094): `waive` — each moved ticket costing more keeps
 * the price it was bought at (a staff comp, its amount in the audit); `owe` — the order owes
 * the difference, a balance the buyer pays as any order's balance.
 */
export const OFFICE_MOVE_SETTLEMENTS = ['waive', 'owe'] as const;
export type OfficeMoveSettlement = (typeof OFFICE_MOVE_SETTLEMENTS)[number];

/** Move these tickets of the order to another session of their event. */
export const officeMoveBodySchema = z.object({
  tickets: officeCancelBodySchema.shape.tickets,
  event_session_id: z.string().uuid(),
  settle: z.enum(OFFICE_MOVE_SETTLEMENTS),
  reason,
  /** only show the effect (the difference, the refund), change nothing */
  dry_run: z.boolean().optional(),
});
export type OfficeMoveBody = z.infer<typeof officeMoveBodySchema>;

/** What a move does to the order's money (minor units); `applied` false for a dry run. */
export const orderMoveSchema = z.object({
  event_session_id: z.string().uuid(),
  tickets: z.array(z.string().uuid()),
  /**
   * add-on tickets that follow the moved admission to the new day, each with its new session
   * (decision 0101); priced, counted and settled with the tickets
   */
  add_ons: z.array(z.object({ ticket_id: z.string().uuid(), event_session_id: z.string().uuid() })),
  /** the new tickets' price less the moved ones' (negative: cheaper) */
  difference: z.number().int(),
  /** the part of a dearer difference staff waived */
  waived: z.number().int().nonnegative(),
  /** refunded to the payments that paid (a cheaper move), never beyond them */
  refund: z.number().int().nonnegative(),
  /** what the order still owes after the move */
  owed: z.number().int().nonnegative(),
  total_before: z.number().int(),
  total_after: z.number().int(),
  applied: z.boolean(),
});
export type OrderMove = z.infer<typeof orderMoveSchema>;

export const officeOrderMoveResponseSchema = officeOrderResponseSchema.extend({
  order_move: collectionSchema(orderMoveSchema),
});
export type OfficeOrderMoveResponse = z.infer<typeof officeOrderMoveResponseSchema>;

/**
 * An event as the office lists it for its pickers (decision 0095): every event of the seller,
 * whatever its visibility (`hidden_type`: members-only, link-only and hidden ones too).
 */
export const officeEventSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  event_type: z.string(),
  hidden_type: z.string(),
});
export type OfficeEvent = z.infer<typeof officeEventSchema>;

/** GET /api/office/event_template: the seller's events by name. */
export const officeEventsResponseSchema = z.object({
  event_template: collectionSchema(officeEventSchema),
});
export type OfficeEventsResponse = z.infer<typeof officeEventsResponseSchema>;
