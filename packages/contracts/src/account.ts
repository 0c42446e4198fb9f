import { z } from 'zod';
import {
  eventSessionSchema,
  eventTemplateSchema,
  ticketGroupSchema,
  ticketTypeSchema,
} from './resources';
import { orderTicketSchema, ticketOrderFeesSchema, ticketOrderSchema } from './checkout';
import { collectionSchema } from './envelope';

/**
 * The account area's reads (identity §2 "Account area", §3 "Order session", §7 `my/order_session`,
 * `my/ticket_order`, cached `ticket_order`): the logged-in buyer's orders and visits.
 */

/** identity §3 "Order session": one session of one order of the caller, with its ticket count. */
export const orderSessionSchema = z.object({
  /** `{ticket_order_id}:{event_session_id}` */
  id: z.string(),
  start_datetime: z.string(),
  end_datetime: z.string(),
  ticket_order_id: z.string().uuid(),
  event_session_id: z.string().uuid(),
  event_template_id: z.string().uuid(),
  event_name: z.string(),
  order_number: z.string(),
  /** when the order was placed */
  purchased_on: z.string(),
  /** the tickets of this order for this session that match the ticket filter */
  ticket_count: z.number().int().nonnegative(),
});
export type OrderSession = z.infer<typeof orderSessionSchema>;

/** GET my/order_session (embed ticket; query ticket.state._in, start_datetime filters). */
export const orderSessionResponseSchema = z.object({
  order_session: collectionSchema(orderSessionSchema),
  ticket: collectionSchema(orderTicketSchema).optional(),
});
export type OrderSessionResponse = z.infer<typeof orderSessionResponseSchema>;

/**
 * GET my/ticket_order and the cached ticket_order list (query id._in, ticket.state._in; embed
 * ticket, ticket_type, ticket_group, event_template, event_session): newest first. The fees of
 * each order always come along (identity §3: the total is ticket_order_fees' first record).
 */
export const ticketOrderListResponseSchema = z.object({
  ticket_order: collectionSchema(ticketOrderSchema),
  ticket_order_fees: collectionSchema(ticketOrderFeesSchema),
  ticket: collectionSchema(orderTicketSchema).optional(),
  ticket_type: collectionSchema(ticketTypeSchema).optional(),
  ticket_group: collectionSchema(ticketGroupSchema).optional(),
  event_template: collectionSchema(eventTemplateSchema).optional(),
  event_session: collectionSchema(eventSessionSchema).optional(),
});
export type TicketOrderListResponse = z.infer<typeof ticketOrderListResponseSchema>;
