import { z } from 'zod';
import { paymentEntrySchema } from './checkout';
import { EMAIL_MAX, GIFT_MESSAGE_MAX } from './constants';
import { collectionSchema } from './envelope';
import { isEmailAddress } from './rules/email-address';

/**
 * Gifts (identity §2 "Heading for gifts", §3 Cart "giftee", §5, §7; shopping §5 gift recipient
 * form): decision 0023. Every path is under `/api` with `_seller`; writes need `tix-app`.
 *
 *   POST giftee                        gifteeBody → gifteeResponse (201): the seller's person
 *        with that e-mail (case-insensitively) or a new one without a password; any caller
 *   PATCH cart/{id}, my/cart/{id}      cartPatchBody (cart.ts) `giftee_identity_id` (null clears);
 *        a cart modify may name it too (cartModifyBody `giftee_identity_id`, decision 0038)
 *        → the cart bundle, which then carries meta `giftee` ("First Last") and `giftee`
 *   POST my/cart/{id}/gift_checkout    giftCheckoutBody → checkoutResponse (201), the giver's
 *        order with `ticket_order.giftee_identity_id`; Idempotency-Key like every checkout
 *   POST my/cart/{id}/guest_checkout with `giver_identity_id` (the caller's own id): the same
 *        gift, for the guest identity (decision 0038)
 *
 * A gift of membership (decision 0038): the gift order makes no membership; for each level it
 * holds it issues a code of GIFT_CODE_LENGTH characters (kind `gift_of_membership`, one use,
 * valid for a year from the order), mailed to the giftee with the cart's `gift_message`. The
 * code, applied in a cart modify (`preReservePromoCodes`) or apply_code, takes the gifted
 * level's price off the level chosen (`GET code/{code}?mode=advertise` lists the amount per
 * level); the membership the order makes records it. One use: concurrent redemptions of one
 * code leave it in one cart (422 code_exhausted for the others). Its giver redeeming it, or a
 * guest gift checkout whose purchaser is the giftee, is refused like any self-gift below.
 *
 * Errors: 422 validation_failed `_extra.field: 'email'` with GIFT_TO_SELF_MESSAGE (the giftee's
 * e-mail is the logged-in caller's); 400 validation_failed naming `_extra.field` (bad body);
 * 404 not_found context `identity` `_extra.field: 'giftee_identity_id'` (no such person of the
 * seller); 422 validation_failed `_extra.field: 'giftee_identity_id'` (gift_checkout's giftee is
 * not the cart's); the cart errors of PATCH and of my/cart/{id}/checkout.
 */

/** spec: identity §5 "Gifting to oneself" (verbatim). */
export const GIFT_TO_SELF_MESSAGE =
  'You cannot gift a membership to yourself. Do you want to buy or renew a membership?';

/** POST giftee (shopping §5: first_name, last_name, email, additional_info). */
export const gifteeBodySchema = z.object({
  first_name: z.string().trim().min(1).max(100),
  last_name: z.string().trim().min(1).max(100),
  email: z
    .string()
    .trim()
    .min(1)
    .max(EMAIL_MAX)
    .refine(isEmailAddress, { message: 'Email address is not valid.' }),
  additional_info: z.record(z.string(), z.unknown()).optional(),
});
export type GifteeBody = z.infer<typeof gifteeBodySchema>;

/** The giftee's identity as POST giftee answers it. */
export const gifteeIdentitySchema = z.object({
  id: z.string().uuid(),
  /**
   * the same id under the name shopping §7 and identity §7 read ("reads identity_id"); optional:
   * absent from servers before it
   */
  identity_id: z.string().uuid().optional(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
});
export type GifteeIdentity = z.infer<typeof gifteeIdentitySchema>;

export const gifteeResponseSchema = z.object({ identity: collectionSchema(gifteeIdentitySchema) });
export type GifteeResponse = z.infer<typeof gifteeResponseSchema>;

/**
 * The giver's message to the giftee (the recipient form's message): PATCH cart `gift_message`
 * or gift_checkout's, mailed with a gift of membership's code.
 */
export const giftMessageSchema = z.string().trim().max(GIFT_MESSAGE_MAX);

/** POST my/cart/{id}/gift_checkout: the payment entry plus the giftee (identity §7). */
export const giftCheckoutBodySchema = paymentEntrySchema.extend({
  giftee_identity_id: z.string().uuid(),
  /** kept on the cart like PATCH's `gift_message` (decision 0038) */
  gift_message: giftMessageSchema.optional(),
});
export type GiftCheckoutBody = z.infer<typeof giftCheckoutBodySchema>;
