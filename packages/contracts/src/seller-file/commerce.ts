import { z } from 'zod';
import { fileList, keyPathSchema, keySchema, localDateTimeSchema, moneySchema } from './primitives';

/** Codes, checkout rules, gift cards, payment plans and membership programs of a seller file. */

const percent = z.union([z.string().regex(/^\d+(?:\.\d{1,3})?$/), z.number().min(0).max(100)]);

/** A promo code (shopping §3 cartmods, §5); the code itself is its key. */
export const fileCodeSchema = z.strictObject({
  code: z.string().regex(/^[A-Za-z0-9_-]{3,64}$/, 'a code is 3 to 64 letters, digits, - or _'),
  name: z.string().min(1),
  description: z.string().optional(),
  /** a percent of each ticket's face value, or a fixed amount off each ticket */
  discount: z.union([z.strictObject({ percent }), z.strictObject({ fixed: moneySchema })]),
  /** event, event/group or event/group/type; leave out for every ticket of the cart */
  applies_to: keyPathSchema.optional(),
  code_group: z.string().min(1).optional(),
  max_uses: z.number().int().min(1).optional(),
  blocking_checkout: z.boolean().optional(),
  activating_code_groups: fileList(z.string().min(1)).optional(),
  /** valid from/to in the seller's zone: end a used code by moving `valid_to` */
  valid_from: localDateTimeSchema.optional(),
  valid_to: localDateTimeSchema.optional(),
});
export type FileCode = z.infer<typeof fileCodeSchema>;

/** shopping §8 rule_blocks_reserve: tickets of `applies_to` need a code of `code_group`. */
export const fileCheckoutRuleSchema = z.strictObject({
  key: keySchema,
  applies_to: keyPathSchema,
  code_group: z.string().min(1),
  description: z.string().min(1),
});
export type FileCheckoutRule = z.infer<typeof fileCheckoutRuleSchema>;

/** A gift card issued up front; its number is its key, `balance` its opening balance. */
export const fileGiftCardSchema = z.strictObject({
  number: z
    .string()
    .regex(/^[A-Z0-9-]{10,64}$/, 'a gift card number is 10+ capital letters, digits or -'),
  /** set when the card is made; later imports leave the balance to its spending */
  balance: moneySchema,
});
export type FileGiftCard = z.infer<typeof fileGiftCardSchema>;

/** A payment plan (decision 0020): shares of each ticket due some days before its visit. */
export const filePaymentPlanSchema = z.strictObject({
  key: keySchema,
  name: z.string().min(1),
  installments: fileList(
    z.strictObject({
      /** percent of each ticket's total (two decimals at most); the shares sum to 100 */
      percent: z.number().gt(0).max(100).multipleOf(0.01),
      /** leave out (or null) for "at booking" */
      days_before_start: z.number().int().min(0).nullable().optional(),
    }),
  )
    .min(1)
    .refine((list) => Math.round(list.reduce((s, i) => s + i.percent * 100, 0)) === 10_000, {
      message: 'the installments must add up to 100 percent',
    }),
});
export type FilePaymentPlan = z.infer<typeof filePaymentPlanSchema>;

/** shopping §3 "Membership rule" of a level. */
export const fileMemberRuleSchema = z.strictObject({
  role: z.string().min(1),
  min: z.number().int().min(0),
  max: z.number().int(),
  named: z.enum(['yes', 'optional', 'no']),
  emailed: z.enum(['yes', 'no', 'other']),
});

/**
 * A membership program (decision 0032): each level is a ticket type of a `membership` group
 * (`event/group/type`), with its member rules and benefits — member tickets per ticket type
 * path, `*` for the wildcard pool.
 */
export const fileMembershipProgramSchema = z.strictObject({
  key: keySchema,
  name: z.string().min(1),
  term_months: z.number().int().min(1).max(120),
  renewal_days: z.number().int().min(0).max(3650),
  levels: fileList(
    z.strictObject({
      ticket_type: keyPathSchema,
      benefits: z.record(z.string(), z.number().int().min(0)).optional(),
      rules: fileList(fileMemberRuleSchema).min(1),
    }),
  ).min(1),
});
export type FileMembershipProgram = z.infer<typeof fileMembershipProgramSchema>;
