import { z } from 'zod';
import { cartBundleSchema } from './cart';
import { orderBundleSchema } from './checkout';
import { collectionSchema } from './envelope';
import { moneySchema } from './money-schema';

/**
 * After the sale (identity §2 "Manage order", "Cancel free order"; §4 "Manage order"; §5; §7
 * `POST ticket_order/{id}/cancel`, `POST ticket_order/{id}/email`): the wire shapes of changing
 * a booked order. Decision 0036 describes the edit-cart model.
 */

/** spec: identity §5 — "Cancel selected tickets: at least one". */
export const SELECT_ONE_TICKET_MESSAGE = 'Please select at least one ticket to continue.';

/** spec: identity §6 — what a logged-in member is told on the edit-order page. */
export const LOG_OUT_TO_EDIT_MESSAGE = 'Please log-out to edit your tickets';

/** spec: identity §8 "Cancel order" texts. */
export const CANCEL_ORDER_MESSAGES = {
  noValidTickets: 'No valid tickets found on this order',
  contactToCancel: 'You must contact us to cancel this order',
  contactToReschedule: 'Please contact us to reschedule your tickets',
} as const;

/** What a body naming one ticket twice is told (issue #22: it answered 500). */
export const TICKET_LISTED_TWICE_MESSAGE = 'a ticket may be named only once';

type IdList = readonly [path: readonly (string | number)[], ids: readonly string[] | undefined];

/**
 * Flags every id of `lists` already named before it (ids compare case-blind, as uuids do): one
 * change per ticket and body, so a body never both cancels and moves, or moves twice, a ticket.
 */
function refuseRepeats(lists: readonly IdList[], ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  for (const [path, ids] of lists) {
    (ids ?? []).forEach((id, i) => {
      const key = id.toLowerCase();
      if (seen.has(key)) {
        ctx.addIssue({ code: 'custom', path: [...path, i], message: TICKET_LISTED_TWICE_MESSAGE });
      }
      seen.add(key);
    });
  }
}

const ticketIds = z.array(z.string().uuid()).min(1, SELECT_ONE_TICKET_MESSAGE).max(1000);

/** POST ticket_order/{id}/cancel (identity §7): `tickets` is a list of ticket ids. */
export const orderCancelBodySchema = z
  .object({
    tickets: ticketIds,
    /** sent by the original client; refunds always go to the original payments (decision 0036) */
    gateway_data: z.record(z.string(), z.unknown()).optional(),
  })
  .superRefine((body, ctx) => refuseRepeats([[['tickets'], body.tickets]], ctx));
export type OrderCancelBody = z.infer<typeof orderCancelBodySchema>;

/** A refund of part of a payment (decision 0036). */
export const paymentRefundSchema = z.object({
  id: z.string().uuid(),
  payment_id: z.string().uuid(),
  ticket_order_id: z.string().uuid(),
  /** ledger (back on the gift card) | stripe (the card gateway) */
  gateway_id: z.string(),
  amount: moneySchema,
  currency_code: z.string().length(3),
  /** pending | refunding | refunded */
  state: z.string(),
  /** order_cancel | order_update */
  reason: z.string(),
  created_at: z.string(),
});
export type PaymentRefund = z.infer<typeof paymentRefundSchema>;

/**
 * What a ticket of the order may still have done to it (identity §4 "Ticket states", §5), per
 * ticket, so the storefront shows the server's rules instead of repeating them.
 */
export const ticketManageSchema = z.object({
  ticket_id: z.string().uuid(),
  /** Redeemed, Cancelled, Past Event or none (identity §2 "Manage order" labels) */
  label: z.enum(['redeemed', 'cancelled', 'past_event']).nullable(),
  cancellable: z.boolean(),
  reschedulable: z.boolean(),
  /** the rule that refuses it (identity §8 codes), null when both are allowed */
  refusal: z.enum(['ticket_state_incorrect', 'tickets_too_old', 'not_editable']).nullable(),
});
export type TicketManage = z.infer<typeof ticketManageSchema>;

/** The order's after-sale facts: per ticket, per session, and the whole-order cancel. */
export const orderManageSchema = z.object({
  ticket_order_id: z.string().uuid(),
  /** the self-edit rules allow this caller to edit (anonymous with the secret, anon_editing) */
  editable: z.boolean(),
  /** identity §5 "An order can be cancelled only if …" (the cancel-whole-order button) */
  order_cancellable: z.boolean(),
  /** sessions with at least one editable ticket (identity §4) */
  editable_session_ids: z.array(z.string().uuid()),
});
export type OrderManage = z.infer<typeof orderManageSchema>;

/** GET ticket_order/{id}/manage: the order bundle with the after-sale facts. */
export const orderManageResponseSchema = orderBundleSchema.extend({
  order_manage: collectionSchema(orderManageSchema),
  ticket_manage: collectionSchema(ticketManageSchema),
});
export type OrderManageResponse = z.infer<typeof orderManageResponseSchema>;

/** The answer of a cancel: the order as it is now and the refunds the cancel made. */
export const orderCancelResponseSchema = orderBundleSchema.extend({
  payment_refund: collectionSchema(paymentRefundSchema),
});
export type OrderCancelResponse = z.infer<typeof orderCancelResponseSchema>;

/**
 * POST my/ticket_order/{id}/manage_link (issue #25): a logged-in member is refused editing
 * (identity §4 "Reschedule: refused when logged in"), so the account's order page offers "Log
 * out and manage this order": the buyer gets the order's secret link, logs out and opens it.
 */
export const orderManageLinkSchema = z.object({
  ticket_order_id: z.string().uuid(),
  secret: z.string(),
});
export const orderManageLinkResponseSchema = z.object({
  order_manage_link: collectionSchema(orderManageLinkSchema),
});
export type OrderManageLinkResponse = z.infer<typeof orderManageLinkResponseSchema>;

/** POST ticket_order/{id}/email (identity §7): which mail; empty in the account area. */
export const orderEmailBodySchema = z.object({
  log_context: z.enum(['order_update', 'order_cancel']).optional(),
});
export type OrderEmailBody = z.infer<typeof orderEmailBodySchema>;

/** One line of an edit: order tickets moved to another session of their event. */
export const rescheduleLineSchema = z.object({
  ticket_ids: z.array(z.string().uuid()).min(1).max(1000),
  event_session_id: z.string().uuid(),
  /** another type of the same event for these tickets (the price may differ); default: same */
  ticket_type_id: z.string().uuid().optional(),
});

/**
 * POST ticket_order/{id}/edit: opens the order's edit cart (or continues it) and applies the
 * changes: `cancel` order tickets, `reschedule` order tickets, `restore` order tickets to what
 * they were (dropping their replacement). An empty body only opens it.
 */
export const orderEditBodySchema = z
  .object({
    /** the edit this change is for (from the last answer): if it has expired, 410 cart_expired */
    cart_id: z.string().uuid().optional(),
    cancel: z.array(z.string().uuid()).max(1000).optional(),
    reschedule: z.array(rescheduleLineSchema).max(100).optional(),
    restore: z.array(z.string().uuid()).max(1000).optional(),
  })
  // each ticket once across cancel, every reschedule line and restore (400 otherwise)
  .superRefine((body, ctx) =>
    refuseRepeats(
      [
        [['cancel'], body.cancel],
        ...(body.reschedule ?? []).map((line, n): IdList => [
          ['reschedule', n, 'ticket_ids'],
          line.ticket_ids,
        ]),
        [['restore'], body.restore],
      ],
      ctx,
    ),
  );
export type OrderEditBody = z.infer<typeof orderEditBodySchema>;

/** The edit as the manage page shows it (identity §4 "Manage order"). */
export const orderEditSchema = z.object({
  cart_id: z.string().uuid(),
  ticket_order_id: z.string().uuid(),
  expires_at: z.string(),
  expires_in: z.number().int().nonnegative(),
  /** order tickets the edit cancels (no replacement) */
  cancelled_ticket_ids: z.array(z.string().uuid()),
  /** order tickets the edit moves, each with its held replacement in the cart */
  rescheduled: z.array(
    z.object({ ticket_id: z.string().uuid(), replacement_ticket_id: z.string().uuid() }),
  ),
  /** what the taken-away tickets were worth (the credit), the new tickets' price, the difference */
  credit: moneySchema,
  added: moneySchema,
  /** added − credit: > 0 to pay (/checkout/{orderId}), < 0 refunded on commit */
  difference: moneySchema,
  currency_code: z.string().length(3),
  /** identity §4: the success text is the reschedule one when any ticket is in_cart */
  kind: z.enum(['reschedule', 'cancel', 'none']),
});
export type OrderEdit = z.infer<typeof orderEditSchema>;

/** The edit cart's bundle (its held tickets, totals, payments) with the edit. */
export const orderEditResponseSchema = cartBundleSchema.extend({
  order_edit: collectionSchema(orderEditSchema),
});
export type OrderEditResponse = z.infer<typeof orderEditResponseSchema>;
