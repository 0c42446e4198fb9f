import { z } from 'zod';
import { collectionSchema } from './envelope';
import { identitySchema } from './identity';
import { moneySchema } from './money-schema';
import { GIFT_MESSAGE_MAX, PROMO_CODE_MAX, PROMO_CODE_MIN } from './constants';
import {
  configRowSchema,
  eventSessionSchema,
  eventTemplateSchema,
  metaSchema,
  sellerSchema,
  ticketGroupSchema,
  ticketTypeSchema,
  venueSchema,
} from './resources';

/** Wire shapes of the cart (shopping §3 "Cart", "Ticket", "Cart update instruction set"). */

export const CART_STATES = ['pending', 'expired', 'completed'] as const;
export const TICKET_STATES = [
  'held',
  'in_cart',
  'booked',
  'redeemed',
  'cancelled',
  'unbooked',
] as const;

export const cartSchema = z.object({
  id: z.string().uuid(),
  cart_number: z.string(),
  state: z.enum(CART_STATES),
  identity_id: z.string().uuid(),
  seller_id: z.string().uuid(),
  expires_at: z.string().nullable(),
  /** whole seconds until expires_at, never negative; null without expiry */
  expires_in: z.number().int().nonnegative().nullable(),
  ownedByPublicIdentity: z.boolean(),
  channel: z.string(),
  campaign: z.string().nullable(),
});
export type Cart = z.infer<typeof cartSchema>;

export const ticketSchema = z.object({
  id: z.string().uuid(),
  cart_id: z.string().uuid(),
  state: z.enum(TICKET_STATES),
  ticket_order_id: z.string().uuid().nullable(),
  ticket_type_id: z.string().uuid(),
  ticket_group_id: z.string().uuid(),
  event_template_id: z.string().uuid(),
  event_session_id: z.string().uuid().nullable(),
  admit_name: z.string().nullable(),
  admit_email: z.string().nullable(),
  additional_info: z.record(z.string(), z.unknown()).nullable(),
  face_value: moneySchema,
  adjusted_value: moneySchema,
  /**
   * The ticket's service charge (fixed outside fees) and tax (percent outside fees): in a cart
   * as its type's fees charge it now, in an order as it was charged (frozen at checkout), so a
   * receipt never re-prices a sale. Optional: absent from servers before frozen fees
   * (decision 0047 "Update (frozen fees)").
   */
  fee_fixed_outside: moneySchema.optional(),
  fee_percent_outside: moneySchema.optional(),
  valid_from: z.string().nullable(),
  valid_to: z.string().nullable(),
  seat_template_id: z.string().nullable(),
  /** a membership's member ticket: the member's party role (shopping §3; decision 0032) */
  party_role: z.string().nullable().optional(),
});
export type Ticket = z.infer<typeof ticketSchema>;

/** Totals of a cart in its currency (shopping §3 cart_fees). */
export const cartFeesSchema = z.object({
  cart_id: z.string().uuid(),
  currency_code: z.string().length(3),
  total_before_cartmod_price: moneySchema,
  total_fee_fixed_outside: moneySchema,
  total_fee_percent_outside: moneySchema,
  total_cartmod_amount: moneySchema,
  total_payments: moneySchema,
  total_outstanding: moneySchema,
  grand_totals: z.object({ total_outstanding: moneySchema }),
  /**
   * What must be paid now (identity §4 "Partial payment options": due): the scheduled payments
   * due today or earlier, less what is paid. Equals total_outstanding when nothing is scheduled.
   * Optional: absent from servers before scheduled payments.
   */
  total_due: moneySchema.optional(),
});
export type CartFees = z.infer<typeof cartFeesSchema>;

export const cartmodSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  description: z.string().nullable(),
  discount: moneySchema,
  blocking_checkout: z.boolean(),
  activating_code_groups: z.array(z.string()),
  /**
   * The code's own code group: a client tells a CityPASS code by the seller's
   * `citypass_code_groups` (decision 0098). Optional: absent from servers before it.
   */
  code_group: z.string().nullable().optional(),
  resource: z.string().nullable(),
  resource_id: z.string().nullable(),
});

/** A checkout rule blocking the cart until a code is given (identity §3 "blocking rules"). */
export const blockingRuleSchema = z.object({
  id: z.string().uuid(),
  cart_id: z.string().uuid(),
  description: z.string(),
  /** "code_required" */
  block_reason: z.string(),
  code_group: z.string(),
});

/**
 * Payment states that count as paid (identity §3 "completed payments"): money taken or being
 * taken. A declined (`failed`) or abandoned (`requires_action`, `created`) attempt is not a payment.
 */
export const COUNTED_PAYMENT_STATES = ['succeeded', 'processing'] as const;

/** Whether a payment's state counts toward what was paid on the cart. */
export function isCountedPayment(payment: { state: string }): boolean {
  return (COUNTED_PAYMENT_STATES as readonly string[]).includes(payment.state);
}

/** A payment made on the cart (identity §3 "completed payments", "gateway_audit"). */
export const cartPaymentSchema = z.object({
  id: z.string().uuid(),
  cart_id: z.string().uuid(),
  /** free | ledger | stripe */
  gateway_id: z.string(),
  amount: moneySchema,
  /** succeeded | processing | requires_action | failed */
  state: z.string(),
  /** a gift card's number, masked but its last 4 (ledger payments) */
  ledger_number: z.string().nullable(),
  created_at: z.string(),
});
export type CartPayment = z.infer<typeof cartPaymentSchema>;

/**
 * One scheduled payment still to make (identity §3 "scheduled payments (id, dueDate, amount,
 * status)", §4: Upcoming or Overdue). Built from the payment plans of the cart's ticket groups;
 * `amount` is what remains of that installment after the payments made (earliest first).
 */
export const scheduledPaymentSchema = z.object({
  id: z.string(),
  cart_id: z.string().uuid(),
  /** set once the cart became an order (the plan is then fixed) */
  ticket_order_id: z.string().uuid().nullable(),
  /** YYYY-MM-DD in the venue's (seller's) time zone */
  dueDate: z.string(),
  amount: moneySchema,
  /** Overdue when dueDate is before today, else Upcoming */
  status: z.enum(['Upcoming', 'Overdue']),
});
export type ScheduledPayment = z.infer<typeof scheduledPaymentSchema>;

/** An order made from the cart (GET cart embeds ticket_order: identity §7). */
export const cartOrderSchema = z.object({
  id: z.string().uuid(),
  cart_id: z.string().uuid(),
  order_number: z.string(),
});

/** Who the cart is a gift for (identity §3 Cart "giftee (id, name, email)"; decision 0023). */
export const cartGifteeSchema = z.object({
  id: z.string().uuid(),
  /** "First Last", as the checkout heading shows it */
  name: z.string(),
  email: z.string().nullable(),
});
export type CartGiftee = z.infer<typeof cartGifteeSchema>;

/** Every cart call answers with this bundle: the cart plus sibling collections. */
export const cartBundleSchema = z.object({
  cart: collectionSchema(cartSchema),
  ticket: collectionSchema(ticketSchema),
  ticket_type: collectionSchema(ticketTypeSchema),
  ticket_group: collectionSchema(ticketGroupSchema),
  event_template: collectionSchema(eventTemplateSchema),
  event_session: collectionSchema(eventSessionSchema),
  venue: collectionSchema(venueSchema),
  /**
   * the cart's owner (shopping §3 "A cart response bundle also carries … identity"), joined by
   * the cart's identity_id; optional: absent from servers before it
   */
  identity: collectionSchema(identitySchema).optional(),
  meta: collectionSchema(metaSchema),
  config: collectionSchema(configRowSchema),
  seller: collectionSchema(sellerSchema),
  cart_fees: collectionSchema(cartFeesSchema),
  cartmod: collectionSchema(cartmodSchema),
  /** added by the checkout issue; absent from older servers, so optional */
  blocking_rule: collectionSchema(blockingRuleSchema).optional(),
  payment: collectionSchema(cartPaymentSchema).optional(),
  ticket_order: collectionSchema(cartOrderSchema).optional(),
  scheduled_payment: collectionSchema(scheduledPaymentSchema).optional(),
  /** the cart's giftee (0 or 1 row); also the cart meta row `giftee` (decision 0023) */
  giftee: collectionSchema(cartGifteeSchema).optional(),
});
export type CartBundle = z.infer<typeof cartBundleSchema>;

const requiredTypeSchema = z.object({
  ticket_type_id: z.string().uuid(),
  quantity: z.number().int().min(1).max(1000),
  face_value: moneySchema.optional(),
  seat_template_id: z.string().optional(),
});

const reserveTicketSchema = z.object({
  ticket_type_id: z.string().uuid(),
  event_session_id: z.string().uuid().optional(),
  face_value: moneySchema.optional(),
  admit_name: z.string().max(200).optional(),
  admit_email: z.string().email().max(254).optional(),
  additional_info: z.record(z.string(), z.unknown()).optional(),
  seat_template_id: z.string().optional(),
  /**
   * A member of a membership level (shopping §3 "Member ticket"): the rule's party role; when
   * absent, members take the level's roles in rule order (decision 0032).
   */
  party_role: z.string().trim().min(1).max(60).optional(),
});

/**
 * Body of POST my/cart/modify, my/cart/{id}/modify and cart/{id}/modify. `event_session_id`
 * is omitted only for any-date types (issue 3 "Wire shapes": other clients rely on them).
 */
export const cartModifyBodySchema = z.object({
  campaign: z.string().max(100).optional(),
  preloadedPromoCodes: z.array(z.string().max(35)).optional(),
  preReservePromoCodes: z.array(z.string().max(35)).optional(),
  remove: z.object({ tickets: z.array(z.string().uuid()) }).optional(),
  add: z
    .array(
      z.object({
        event_session_id: z.string().uuid().optional(),
        ticket_types_required: z.array(requiredTypeSchema).min(1),
      }),
    )
    .optional(),
  reserve: z.object({ tickets: z.array(reserveTicketSchema).min(1) }).optional(),
  additionalInfo: z.record(z.string(), z.unknown()).optional(),
  /**
   * The gift recipient (POST giftee's identity), set on the cart in the same call, as PATCH
   * would: a gift's level is then not checked against the giver's own renewal period
   * (decision 0038).
   */
  giftee_identity_id: z.string().uuid().optional(),
  /**
   * CityPASS given on a reserve form (shopping §5 "CityPASS codes", §3 `web.ecommerce.citypass`;
   * decision 0076): the code, taken as apply_code would, and one voucher per ticket this modify
   * reserves — the n-th voucher of a type goes to the n-th new ticket of that type. A code the
   * cart already holds, or no code at all (the cart's CityPASS code), adds the vouchers to it
   * (decision 0098).
   */
  citypass: z
    .object({
      code: z.string().trim().min(PROMO_CODE_MIN).max(PROMO_CODE_MAX).optional(),
      vouchers: z
        .array(
          z.object({
            ticket_type_id: z.string().uuid(),
            voucher: z.string().trim().min(1).max(64),
          }),
        )
        .min(1)
        .max(100),
    })
    .optional(),
});
export type CartModifyBody = z.infer<typeof cartModifyBodySchema>;

/** POST cart/{id}/remove */
export const cartRemoveBodySchema = z.object({ tickets: z.array(z.string().uuid()).min(1) });

/** PATCH my/cart/{id}: the new expiry (the server caps it; spec: +2 minutes per extension). */
export const cartExtendBodySchema = z.object({ expires_at: z.string().datetime({ offset: true }) });

/**
 * PATCH cart/{id} and my/cart/{id}: the new expiry and/or the cart's giftee (an identity from
 * POST giftee; null clears it). At least one of the two (decision 0023). `gift_message`: the
 * giver's message mailed with a gift of membership's code (null clears it; decision 0038).
 */
export const cartPatchBodySchema = z.object({
  expires_at: z.string().datetime({ offset: true }).optional(),
  giftee_identity_id: z.string().uuid().nullable().optional(),
  gift_message: z.string().trim().max(GIFT_MESSAGE_MAX).nullable().optional(),
});
export type CartPatchBody = z.infer<typeof cartPatchBodySchema>;
