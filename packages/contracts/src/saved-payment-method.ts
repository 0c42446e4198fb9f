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
