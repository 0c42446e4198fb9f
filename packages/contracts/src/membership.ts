import { z } from 'zod';
import { ticketSchema } from './cart';
import { collectionSchema } from './envelope';
import { eventTemplateSchema, ticketGroupSchema, ticketTypeSchema } from './resources';

/**
 * Wire shapes of memberships (shopping §3 "Membership rule", §7 `GET membership_rules`;
 * identity §3 "Membership", §7 `GET my/membership`). Decision 0032 records the model.
 */

const uuid = z.string().uuid();

/** shopping §3: named (yes, optional, no) */
export const MEMBER_NAMED = ['yes', 'optional', 'no'] as const;
export type MemberNamed = (typeof MEMBER_NAMED)[number];
/** shopping §3: emailed (yes, no, other) */
export const MEMBER_EMAILED = ['yes', 'no', 'other'] as const;
export type MemberEmailed = (typeof MEMBER_EMAILED)[number];

/**
 * One slot kind of a membership level (shopping §3 "Membership rule"): how many members of
 * `party_role` a level of `ticket_type_id` takes (min..max; a negative max on an unnamed rule
 * means 10, shopping §5) and whether they are named and e-mailed.
 */
export const membershipRuleSchema = z.object({
  id: uuid,
  /** the level's ticket type (a type of a `membership` ticket group) */
  ticket_type_id: uuid,
  ticket_group_id: uuid,
  party_role: z.string(),
  min: z.number().int(),
  max: z.number().int(),
  named: z.enum(MEMBER_NAMED),
  emailed: z.enum(MEMBER_EMAILED),
});
export type MembershipRule = z.infer<typeof membershipRuleSchema>;

export const MEMBERSHIP_RULE_EMBEDS = ['ticket_type'] as const;

/** GET membership_rules (`_embed=ticket_type`, `ticket_type.id._in=…`, `_limit` up to 1000). */
export const membershipRulesResponseSchema = z.object({
  membership_rules: collectionSchema(membershipRuleSchema),
  ticket_type: collectionSchema(ticketTypeSchema).optional(),
});
export type MembershipRulesResponse = z.infer<typeof membershipRulesResponseSchema>;

/**
 * identity §3 "auto_renew_state (scheduled, cancelled, other meaning not enrolled)": the server
 * also stores `requested` (asked for at checkout, no saved payment method yet) and
 * `not_enrolled`; both read as not enrolled (decision 0032).
 */
export const AUTO_RENEW_STATES = ['scheduled', 'cancelled', 'requested', 'not_enrolled'] as const;
export type AutoRenewState = (typeof AUTO_RENEW_STATES)[number];

/** Member benefits: tickets per member ticket type id, `"*"` for the wildcard pool. */
export const membershipBenefitsSchema = z.record(z.string(), z.number().int().nonnegative());
export type MembershipBenefits = z.infer<typeof membershipBenefitsSchema>;

/**
 * One membership term (identity §3 "Membership"): active when now is strictly between
 * valid_from and valid_to. A renewal is a new term starting at the previous term's valid_to
 * (`previous_membership_id`), with the same member ID.
 */
export const membershipSchema = z.object({
  id: uuid,
  identity_id: uuid,
  /** the member ID (member-ID login, the QR code) */
  member_code: z.string(),
  /** the level's name (identity §3 "role (level)") */
  role: z.string(),
  role_id: uuid.nullable(),
  membership_program_id: uuid.nullable(),
  ticket_order_id: uuid.nullable(),
  auto_renew_state: z.enum(AUTO_RENEW_STATES),
  valid_from: z.string(),
  valid_to: z.string(),
  /**
   * identity §2 "a renewal allowed-period in days before validTo": from this instant the term
   * may be renewed; before it the storefront shows "renew from {date}". Null without a program.
   */
  renewal_allowed_from: z.string().nullable(),
  previous_membership_id: uuid.nullable(),
  benefits: membershipBenefitsSchema,
});
export type Membership = z.infer<typeof membershipSchema>;

/** A membership level (`role`), sold as one ticket type of a membership group. */
export const membershipRoleSchema = z.object({
  id: uuid,
  name: z.string(),
  membership_program_id: uuid,
  ticket_type_id: uuid,
  benefits: membershipBenefitsSchema,
});
export type MembershipRole = z.infer<typeof membershipRoleSchema>;

/** A membership program: its levels share the term and the renewal period. */
export const membershipProgramSchema = z.object({
  id: uuid,
  name: z.string(),
  term_months: z.number().int().positive(),
  renewal_days: z.number().int().nonnegative(),
});
export type MembershipProgram = z.infer<typeof membershipProgramSchema>;

/** A member of a membership (`identity_link`): the person behind one member ticket. */
export const identityLinkSchema = z.object({
  id: uuid,
  membership_id: uuid,
  /** the seller's person with this e-mail (made when new); null for a member without e-mail */
  identity_id: uuid.nullable(),
  ticket_id: uuid.nullable(),
  party_role: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
});
export type IdentityLink = z.infer<typeof identityLinkSchema>;

/** The order a membership term was bought with (GET my/membership `_embed=ticket_order`). */
export const membershipOrderSchema = z.object({
  id: uuid,
  order_number: z.string(),
  created_at: z.string(),
});

/** identity §7 GET my/membership embeds. */
export const MY_MEMBERSHIP_EMBEDS = [
  'role',
  'identity_link',
  'ticket',
  'ticket_order',
  'ticket.ticket_type',
  'ticket.event_template',
  'ticket.ticket_group',
  'role.membership_program',
] as const;

/** GET my/membership: the caller's terms, newest ending first, with the embeds asked for. */
export const myMembershipResponseSchema = z.object({
  membership: collectionSchema(membershipSchema),
  role: collectionSchema(membershipRoleSchema).optional(),
  membership_program: collectionSchema(membershipProgramSchema).optional(),
  identity_link: collectionSchema(identityLinkSchema).optional(),
  ticket: collectionSchema(ticketSchema).optional(),
  ticket_order: collectionSchema(membershipOrderSchema).optional(),
  ticket_type: collectionSchema(ticketTypeSchema).optional(),
  event_template: collectionSchema(eventTemplateSchema).optional(),
  ticket_group: collectionSchema(ticketGroupSchema).optional(),
});
export type MyMembershipResponse = z.infer<typeof myMembershipResponseSchema>;

/**
 * identity §4 "Cancel auto-renew", §7 `DELETE ticket_order/{ticketOrderId}/auto_renew` (the
 * order's holder or buyer logged in, or `?secret=` the order's secret link): the order's
 * `scheduled` terms become `cancelled`; answers them. Any other state: 422 validation_failed,
 * `_context: 'membership'`, AUTO_RENEW_NOT_ENROLLED_MESSAGE, `_extra.auto_renew_state`; an
 * order the caller may not read: 404 not_found `ticket_order` (decision 0038).
 */
export const cancelAutoRenewResponseSchema = z.object({
  membership: collectionSchema(membershipSchema),
});
export type CancelAutoRenewResponse = z.infer<typeof cancelAutoRenewResponseSchema>;

/** spec: identity §8 "Auto-renew messages" (verbatim). */
export const AUTO_RENEW_NOT_ENROLLED_MESSAGE = 'membership not enrolled in auto-renew';

/**
 * The auto-renew job charges a `scheduled` term's saved card this many days before its
 * valid_to (decision 0038): a declined card leaves the member this long to renew by hand.
 */
export const AUTO_RENEW_LEAD_DAYS = 7;

/** identity §9 "QR margin … 2 for memberships" */
export const MEMBERSHIP_QR_MARGIN = 2;
