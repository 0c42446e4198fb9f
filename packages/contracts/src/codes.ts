import { z } from 'zod';
import { collectionSchema } from './envelope';
import { GIFT_CARD_NUMBER_MAX, PROMO_CODE_MAX, PROMO_CODE_MIN } from './constants';
import { moneySchema } from './money-schema';

/**
 * Codes and gift cards wire format (shopping §3 cartmods, §5, §7, §8; identity §3 "Code lookup").
 * Every path is under `/api` with `_seller`; writes need the `tix-app` header.
 *
 *   GET  code/{code}?mode=advertise,code      → codeLookupResponse; 404 code_not_found
 *   POST my/cart/{id}/apply_code  (also cart/{id}/apply_code for guests)
 *        applyCodeBody → the cart bundle (with `cartmod`, `cart_fees`, `blocking_rule`)
 *        errors (context `apply_code`, 4xx): code_not_found 404, code_exhausted 422,
 *        duplicate_code 422, no_code_benefit 422, validation_failed 400, invalid_citypass 422,
 *        citypass_failure 422, additional_info_validation_failed 422, cart_expired 410
 *        validation_failed carries `_extra.reason`: not_yet_valid | expired (400), or
 *        payments_made (422: the cart already has a succeeded or processing payment);
 *        invalid_citypass carries `_extra.ticket_id`, citypass_failure `_extra.voucher`.
 *        A code that is already on the cart is skipped in modify bodies (a retry may resend it).
 *   Cart modify bodies' `preloadedPromoCodes` / `preReservePromoCodes` apply codes in the same
 *   transaction as the reserve (apply_code_default / apply_code_before of shopping §3).
 *   A cart whose tickets fall under a checkout rule answers reserve and checkout with
 *   422 rule_blocks_reserve, context `checkout_rules`, `_extra: { block_reason: 'code_required',
 *   code_group, description }` until a code of that group is applied (or sent in
 *   `preReservePromoCodes` of the same modify). The bundle's `blocking_rule` lists the rules a
 *   cart's tickets still break (e.g. a rule added after the reserve).
 *   GET  ledger/{ledger}/{cardNumber}   (ledger = "ledger") → ledgerCardResponse; 404 not_found
 */

export const codeLookupSchema = z.object({
  code: z.string(),
  /** promo | gift_of_membership */
  kind: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  valid_from: z.string().nullable(),
  valid_to: z.string().nullable(),
  exhausted: z.boolean(),
  /**
   * `mode=advertise`: what the code takes off each ticket type it covers. The gift code's redeem
   * page sorts the membership levels by it (identity §2, §9 "at most 3 levels, sorted by
   * discount"); absent, the levels keep their order (decision 0035).
   */
  discounts: z
    .array(z.object({ ticket_type_id: z.string().uuid(), amount: moneySchema }))
    .optional(),
});
export const codeLookupResponseSchema = z.object({ code: collectionSchema(codeLookupSchema) });
export type CodeLookup = z.infer<typeof codeLookupSchema>;

/** The promo code field (shopping §5: required, trimmed, 2–35). */
export const promoCodeSchema = z.string().trim().min(PROMO_CODE_MIN).max(PROMO_CODE_MAX);

export const applyCodeBodySchema = z.object({
  code: promoCodeSchema,
  /** CityPASS voucher numbers, one per selected ticket (shopping §5) */
  vouchers: z
    .array(z.object({ ticket_id: z.string().uuid(), voucher: z.string().trim().min(1).max(64) }))
    .optional(),
});
export type ApplyCodeBody = z.infer<typeof applyCodeBodySchema>;

export const ledgerCardSchema = z.object({
  number: z.string(),
  balance: moneySchema,
  currency_code: z.string().length(3),
  /** active | void */
  state: z.string(),
});
export const ledgerCardResponseSchema = z.object({ ledger: collectionSchema(ledgerCardSchema) });
export type LedgerCard = z.infer<typeof ledgerCardSchema>;

/** The gift card number field (shopping §5: required, max 70). */
export const giftCardNumberSchema = z.string().trim().min(1).max(GIFT_CARD_NUMBER_MAX);

/**
 * Seller config `citypass_code_groups` (identity §3 Configuration; shopping §5 "CityPASS
 * codes"), keyed by code group: a code of such a group needs one voucher per ticket it covers,
 * matching `adult_regexp` or, for a type whose name contains a child keyword (default
 * "child"), `child_regexp`. The patterns are matched against the whole cleaned voucher (trimmed,
 * spaces and dashes removed). Not secret: the storefront may validate with them too.
 */
export const citypassCodeGroupSchema = z.object({
  adult_regexp: z.string(),
  child_regexp: z.string(),
  child_ticket_type_keywords: z.array(z.string()).optional(),
});
export const citypassCodeGroupsSchema = z.record(z.string(), citypassCodeGroupSchema);
export type CitypassCodeGroup = z.infer<typeof citypassCodeGroupSchema>;
