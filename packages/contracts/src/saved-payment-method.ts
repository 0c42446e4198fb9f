import { z } from 'zod';
import { collectionSchema } from './envelope';

/**
 * Saved payment methods (identity §3 "Payment entry" `save_card`, "Saved payment method: first
 * item of the saved list"; §7 `GET my/identity/saved_payment_method`, uncached). Decision 0038.
 *
 *   A card payment whose entry has `gateway_data.save_card: true` keeps the gateway's reusable
 *   reference for the buyer (Stripe: a customer and the payment method, confirmed with
 *   `setup_future_usage: 'off_session'`; sandbox: a saved test card) — never card data. A
 *   membership bought with `auto_renew: true` by a buyer with a saved method is `scheduled`.
 *
 *   GET my/identity/saved_payment_method   → savedPaymentMethodResponse: the caller's newest
 *        saved card (the one auto-renew charges), 0 or 1 item; 401 not_authorized for a guest
 *
 *   POST my/identity/saved_payment_method  saveCardBody → savedPaymentMethodResponse (201):
 *        replaces the saved card without a payment (decision 0067). `payment_method` is the
 *        token of the checkout's card form (sandbox/payment_methods `pm_sandbox_…`, or Stripe
 *        Elements' `pm_…`); the server confirms it for off-session use (a Stripe SetupIntent
 *        on the person's customer; the sandbox decides by test number) and answers the new
 *        card, now the newest (the one auto-renew charges). Nothing is charged.
 *        401 not_authorized context `saved_payment_method` for a guest;
 *        402 intent_requires_action context `stripe`, `_extra: setupActionExtra`: the browser
 *            runs the provider's step with `client_secret`, then sends the same body again;
 *        422 card_declined | incorrect_cvc | incorrect_zip context `stripe`, the provider's
 *            message, `_extra.decline_code` (`invalid_payment_method` for a token this server
 *            did not issue for this seller); 400 validation_failed for a malformed body
 */

/** What the account page may show of a saved card. */
export const savedPaymentMethodSchema = z.object({
  id: z.string().uuid(),
  /** always `card` (cards and wallets are both kept as cards) */
  type: z.literal('card'),
  /** visa | mastercard | amex | … ; null when the gateway did not say */
  brand: z.string().nullable(),
  last4: z.string().nullable(),
  exp_month: z.number().int().nullable(),
  exp_year: z.number().int().nullable(),
  created_at: z.string(),
});
export type SavedPaymentMethod = z.infer<typeof savedPaymentMethodSchema>;

export const savedPaymentMethodResponseSchema = z.object({
  saved_payment_method: collectionSchema(savedPaymentMethodSchema),
});
export type SavedPaymentMethodResponse = z.infer<typeof savedPaymentMethodResponseSchema>;

/** POST my/identity/saved_payment_method: the card form's payment method token (decision 0067). */
export const saveCardBodySchema = z
  .object({
    /** `pm_sandbox_…` from sandbox/payment_methods, or Stripe's `pm_…` */
    payment_method: z.string().trim().min(1).max(255),
  })
  .strict();
export type SaveCardBody = z.infer<typeof saveCardBodySchema>;

/** `_extra` of the 402 intent_requires_action of a card saved without a payment. */
export const setupActionExtraSchema = z.object({
  setup_intent_id: z.string(),
  /** requires_action */
  status: z.string(),
  /** Stripe's client secret for `stripe.handleNextAction` (null for the sandbox) */
  client_secret: z.string().nullable(),
});
export type SetupActionExtra = z.infer<typeof setupActionExtraSchema>;
