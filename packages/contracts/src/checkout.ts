import { z } from 'zod';
import { collectionSchema } from './envelope';
import { moneySchema } from './money-schema';
import { cartBundleSchema, cartGifteeSchema, scheduledPaymentSchema, ticketSchema } from './cart';
import { identitySchema } from './identity';
import { membershipSchema } from './membership';
import { checkoutAnswersWireSchema } from './rules/checkout-questions';
import {
  eventSessionSchema,
  eventTemplateSchema,
  metaSchema,
  sellerSchema,
  ticketGroupSchema,
  ticketTypeSchema,
  venueSchema,
} from './resources';

/**
 * Payments, checkout and orders wire format (identity §2 Checkout, §3 "Payment entry",
 * "Purchaser identity", "Ticket order", §4 "Checkout result", "Payment intent", §7, §8, §9).
 * Every path is under `/api` with `_seller`; writes need the `tix-app` header. Every pay and
 * checkout call needs an `Idempotency-Key` header (1–200 chars; 400 validation_failed without):
 * a replay answers the first response and never charges twice; the same key with another body
 * answers 422 validation_failed; a duplicate still running answers 409 conflict.
 *
 *   POST sandbox/payment_methods         sandboxCardBody → sandboxPaymentMethodResponse (201)
 *        (the built-in test card gateway; the storefront sends card data here, never in pay;
 *        test numbers in the README "Test cards")
 *   GET  sandbox/authenticate/{paymentId}?return_url=/same-origin/path   (the 402's next_action_url)
 *        HTML test page "Complete authentication" / "Fail authentication"; it redirects (303) to
 *        return_url + `payment_intent={id}&redirect_status=succeeded|failed`; the storefront then
 *        re-submits the same call (new key) with gateway_data.payment_intent_id = that id
 *   POST cart/{id}/pay, my/cart/{id}/pay       paymentEntry → the cart bundle (200, a partial
 *        payment); when it settles a member's cart, the order (checkoutResponse, 201). A guest
 *        cart is never ordered by pay: finish with guest_checkout (`free`, "0.00" if paid up).
 *        On a completed cart whose order keeps a balance (scheduled payments) pay takes the
 *        payment and answers the cart bundle (200); nothing outstanding: the 409 below
 *   POST cart/{id}/guest_checkout              guestCheckoutBody → checkoutResponse (201)
 *   POST my/cart/{id}/guest_checkout           memberGuestCheckoutBody → checkoutResponse (201)
 *   POST my/cart/{id}/checkout                 paymentEntry → checkoutResponse (201)
 *        every checkout answers the cart bundle (200) instead when its payment leaves something
 *        due (a gift card short of the total; less than cart_fees.total_due): identity §4
 *        "partial". With a payment plan the order is made once nothing is due, keeping a balance
 *   GET  ticket_order/{id}[?secret=]           orderBundle (the buyer's session or the secret; else 404)
 *   GET  /cached_api/ticket_order/{id}/qrcode?margin=4[&secret=]   image/png of the order's scan code
 *   GET  ledger/ledger/{number}                see codes.ts (ledgerCardResponse)
 *
 * Errors (identity §8, shopping §8), `_context` `checkout` unless named:
 *   402 intent_requires_action context `stripe`, `_extra: paymentActionExtra` (authentication step)
 *   422 intent_processing context `stripe`, `_extra: { cart_id, payment_intent_id }`
 *       (go to checkout/pending/{cartId})
 *   422 card_declined | incorrect_cvc | incorrect_zip  context `stripe`, description the card
 *       provider's ("Your card was declined."), `_extra.decline_code`; the cart and its holds
 *       survive (402 is kept for intent_requires_action only)
 *   422 validation_failed `_extra.field: 'amount'` "Payment is not supported for this amount":
 *       outside the card limits, more than outstanding, or `free` with something due (a
 *       pending cart) or outstanding (an order's balance)
 *   400 validation_failed naming `_extra.field` for a malformed body or a missing key
 *   404 not_found context `ledger` "Gift card not found"; 422 validation_failed context
 *       `ledger` "Gift Card balance is $0"; 422 duplicate_code context `ledger`
 *       "Oops! You already applied this gift card"
 *   404 not_found context `cart` (missing or not the caller's); 401 not_authorized on my/… as a guest
 *   410 cart_expired; 409 conflict "Cart with order ID {id} has been booked." with
 *       `_extra.ticket_order_id` (a completed cart: go to checkout/complete); 422
 *       rule_blocks_reserve context `checkout_rules` (a blocked cart)
 *   404 not_found context `ticket_order` "We could not find that order."
 *   guest_checkout's purchaser finds the seller's identity with that e-mail (what POST user's
 *   409 `_extra.identity_id` names) or creates one without a password.
 */

/** The card gateway's wire id is the provider's ('stripe'), also for the sandbox (identity §3). */
export const GATEWAY_IDS = ['free', 'ledger', 'stripe'] as const;
export type GatewayId = (typeof GATEWAY_IDS)[number];

/** identity §3 "Payment entry" gateway_data, by gateway. */
export const ledgerGatewayDataSchema = z.object({
  ledger_type: z.literal('ledger').default('ledger'),
  ledger_number: z.string().trim().min(1).max(70),
});
export const cardGatewayDataSchema = z.object({
  description: z.string().max(200).optional(),
  /** a payment method token: `pm_sandbox_…` from sandbox/payment_methods, or Stripe's `pm_…` */
  source: z.string().max(200).optional(),
  save_card: z.boolean().optional(),
  /** card | wallet */
  source_type: z.string().max(40).optional(),
  /** after the authentication step: the intent (our payment id) to complete */
  payment_intent_id: z.string().max(200).optional(),
  /** where the authentication page returns to (same-origin path) */
  return_url: z.string().max(2000).optional(),
});

/** identity §3 "Payment entry": amount with 2 decimals (§9), gateway, gateway data. */
export const paymentEntrySchema = z.object({
  amount: moneySchema,
  gateway_id: z.enum(GATEWAY_IDS),
  gateway_data: z.record(z.string(), z.unknown()).default({}),
  auto_renew: z.boolean().optional(),
  captcha: z.object({ provider: z.string().max(40), token: z.string().max(4000) }).optional(),
  /**
   * answers to the order's checkout questions (rules/checkout-questions.ts, decision 0064): the
   * call that makes the order checks them before any charge; kept with the cart, then the order
   */
  additional_info: checkoutAnswersWireSchema.optional(),
});
export type PaymentEntry = z.infer<typeof paymentEntrySchema>;

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

/** identity §3 "Purchaser identity" (email_confirm matches case-insensitively, §5). */
export const purchaserSchema = z.object({
  first_name: z.string().trim().min(1).max(100),
  last_name: z.string().trim().min(1).max(100),
  email: z.string().trim().min(1).max(254),
  email_confirm: z.string().trim().max(254).optional(),
  phone: optionalText(40),
  address: optionalText(200),
  address_more: optionalText(200),
  city: optionalText(100),
  state: optionalText(100),
  country: optionalText(2),
  zip_code: optionalText(20),
});
export type Purchaser = z.infer<typeof purchaserSchema>;

/** POST cart/{id}/guest_checkout: the payment entry plus the purchaser (or an identity made by POST user). */
export const guestCheckoutBodySchema = paymentEntrySchema.extend({
  purchaser: purchaserSchema.optional(),
  guest_identity_id: z.string().uuid().optional(),
  send_email: z.boolean().optional(),
});
export type GuestCheckoutBody = z.infer<typeof guestCheckoutBodySchema>;

/** POST my/cart/{id}/guest_checkout (identity §7). */
export const memberGuestCheckoutBodySchema = paymentEntrySchema.extend({
  guest_identity_id: z.string().uuid(),
  giver_identity_id: z.string().uuid().optional(),
  send_email: z.boolean().optional(),
});
export type MemberGuestCheckoutBody = z.infer<typeof memberGuestCheckoutBodySchema>;

/** POST my/cart/{id}/checkout */
export const memberCheckoutBodySchema = paymentEntrySchema;

/** identity §3 "Ticket order"; the total is ticket_order_fees[0].total_after_fees_price. */
export const ticketOrderSchema = z.object({
  id: z.string().uuid(),
  order_number: z.string(),
  cart_id: z.string().uuid(),
  identity_id: z.string().uuid(),
  seller_id: z.string().uuid(),
  email: z.string().nullable(),
  /** gift_checkout: who the order is a gift for (the order is the giver's); optional on the wire */
  giftee_identity_id: z.string().uuid().nullable().optional(),
  /** the answers to its checkout questions (decision 0064); optional on the wire */
  additional_info: z.record(z.string(), z.unknown()).nullable().optional(),
  created_at: z.string(),
});
export type TicketOrder = z.infer<typeof ticketOrderSchema>;

export const ticketOrderFeesSchema = z.object({
  ticket_order_id: z.string().uuid(),
  currency_code: z.string().length(3),
  total_before_cartmod_price: moneySchema,
  total_fee_fixed_outside: moneySchema,
  total_fee_percent_outside: moneySchema,
  total_cartmod_amount: moneySchema,
  total_after_fees_price: moneySchema,
  /** paid so far and still to pay (an order with scheduled payments keeps a balance) */
  total_payments: moneySchema.optional(),
  total_outstanding: moneySchema.optional(),
});

/** A ticket in an order also carries its scan code. */
export const orderTicketSchema = ticketSchema.extend({ scan_code: z.string().nullable() });

/** GET ticket_order/{id} and the checkout response (identity §7). */
export const orderBundleSchema = z.object({
  ticket_order: collectionSchema(ticketOrderSchema),
  ticket_order_fees: collectionSchema(ticketOrderFeesSchema),
  ticket: collectionSchema(orderTicketSchema),
  ticket_group: collectionSchema(ticketGroupSchema),
  ticket_type: collectionSchema(ticketTypeSchema),
  event_template: collectionSchema(eventTemplateSchema),
  event_session: collectionSchema(eventSessionSchema),
  /** the events' venues: their time zone is the one the visit's date and time read in */
  venue: collectionSchema(venueSchema).optional(),
  identity: collectionSchema(identitySchema).optional(),
  seller: collectionSchema(sellerSchema).optional(),
  /** the installments still to pay (identity §4 "Partial payment options") */
  scheduled_payment: collectionSchema(scheduledPaymentSchema).optional(),
  /** seller meta rows for the completed page (completed_*, identity §2 "Checkout complete") */
  meta: collectionSchema(metaSchema).optional(),
  /** a gift order's giftee (id, name, email; decision 0023) */
  giftee: collectionSchema(cartGifteeSchema).optional(),
  /** the membership terms the order made (identity §7 GET ticket_order/{id} "reading membership") */
  membership: collectionSchema(membershipSchema).optional(),
});
export type OrderBundle = z.infer<typeof orderBundleSchema>;

/**
 * Checkout answers the order bundle plus `access_secret` (the buyer's secret link part:
 * `/{slug}/ticket_order/{id}?secret=…`, shown only in this response and the e-mail).
 */
export const checkoutResponseSchema = orderBundleSchema.extend({
  access_secret: z.string(),
});
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

/** POST cart/{id}/pay answers either the cart (partial) or the order (completed). */
export const payResponseSchema = z.union([checkoutResponseSchema, cartBundleSchema]);

/** `_extra` of 402 intent_requires_action (identity §4 "Payment intent"). */
export const paymentActionExtraSchema = z.object({
  payment_intent_id: z.string(),
  /** requires_action */
  status: z.string(),
  /** where to send the browser for the authentication step (sandbox page or provider) */
  next_action_url: z.string().nullable(),
  /** Stripe's client secret (null for the sandbox) */
  client_secret: z.string().nullable(),
});
export type PaymentActionExtra = z.infer<typeof paymentActionExtraSchema>;

/** POST sandbox/payment_methods: the test card (tokenized server-side, like the provider's). */
export const sandboxCardBodySchema = z.object({
  number: z.string().trim().min(12).max(23),
  exp_month: z.number().int().min(1).max(12),
  exp_year: z.number().int().min(2000).max(2100),
  cvc: z.string().trim().min(3).max(4),
  zip: z.string().trim().max(20).optional(),
});
export type SandboxCardBody = z.infer<typeof sandboxCardBodySchema>;

export const sandboxPaymentMethodSchema = z.object({
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
});
export const sandboxPaymentMethodResponseSchema = z.object({
  payment_method: collectionSchema(sandboxPaymentMethodSchema),
});
export type SandboxPaymentMethod = z.infer<typeof sandboxPaymentMethodSchema>;

/** Card amount limits in minor units (identity §5, §9). */
export const CARD_AMOUNT_MIN_MINOR = 50;
export const CARD_AMOUNT_MIN_MINOR_GBP = 30;
export const CARD_AMOUNT_MAX_MINOR = 99_999_999;

/** True when a card (or wallet) may pay this amount in this currency (identity §5). */
export function isCardAmountSupported(minor: number, currency: string): boolean {
  const min = currency.toUpperCase() === 'GBP' ? CARD_AMOUNT_MIN_MINOR_GBP : CARD_AMOUNT_MIN_MINOR;
  return Number.isInteger(minor) && minor >= min && minor <= CARD_AMOUNT_MAX_MINOR;
}
