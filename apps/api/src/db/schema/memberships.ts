import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { id, createdAt } from './columns';
import { ticket, ticketOrder } from './cart';
import { ticketGroup, ticketType } from './catalog';
import { code } from './codes';
import { identity, seller } from './identity';

/**
 * Memberships (identity §3 "Membership"; shopping §3 "Membership rule", "Member detail") — the
 * model is decision 0032: a program (term, renewal period) with levels (`membership_role`, each
 * sold as one ticket type of a `membership` ticket group), rules per level, and one `membership`
 * row per term bought, chained to the term it renews.
 */

/** A membership program: its levels share the term and the renewal-allowed period. */
export const membershipProgram = pgTable('membership_program', {
  id: id(),
  sellerId: uuid('seller_id')
    .notNull()
    .references(() => seller.id),
  name: text('name').notNull(),
  /** the length of one term in calendar months in the seller's time zone (12: a year) */
  termMonths: integer('term_months').notNull().default(12),
  /** identity §2/§9: renewal is allowed this many days before valid_to */
  renewalDays: integer('renewal_days').notNull().default(60),
  createdAt: createdAt(),
});

/** A level ("role") of a program, sold as one ticket type of a membership group. */
export const membershipRole = pgTable(
  'membership_role',
  {
    id: id(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => seller.id),
    membershipProgramId: uuid('membership_program_id')
      .notNull()
      .references(() => membershipProgram.id),
    ticketTypeId: uuid('ticket_type_id')
      .notNull()
      .references(() => ticketType.id),
    name: text('name').notNull(),
    /** member benefits of a term of this level: tickets per member ticket type id, "*" the pool */
    benefits: jsonb('benefits').notNull().default({}),
  },
  (t) => [uniqueIndex('membership_role_type_uq').on(t.ticketTypeId)],
);

/** shopping §3 "Membership rule": the members a level takes, per party role. */
export const membershipRule = pgTable(
  'membership_rule',
  {
    id: id(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => seller.id),
    ticketTypeId: uuid('ticket_type_id')
      .notNull()
      .references(() => ticketType.id),
    ticketGroupId: uuid('ticket_group_id')
      .notNull()
      .references(() => ticketGroup.id),
    partyRole: text('party_role').notNull(),
    min: integer('min').notNull().default(0),
    /** negative: 10 (shopping §5) */
    max: integer('max').notNull().default(1),
    /** yes | optional | no */
    named: text('named').notNull().default('yes'),
    /** yes | no | other */
    emailed: text('emailed').notNull().default('no'),
    /** the order of the rules within a level (roles are assigned in this order) */
    rank: integer('rank').notNull().default(0),
  },
  (t) => [uniqueIndex('membership_rule_type_role_uq').on(t.ticketTypeId, t.partyRole)],
);

/**
 * One membership term held by an identity (identity §3 "Membership"). Active when now is
 * strictly between valid_from and valid_to. `member_code` is the member ID (member-ID login, the
 * QR code); a renewal is a new row with the same code whose `previous_membership_id` is the term
 * it extends — unique, so a term is renewed at most once and the chain has no overlap.
 */
export const membership = pgTable(
  'membership',
  {
    id: id(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => seller.id),
    identityId: uuid('identity_id')
      .notNull()
      .references(() => identity.id),
    memberCode: text('member_code').notNull(),
    /** the level (role) name, e.g. "Family" */
    role: text('role').notNull(),
    /** the level; null for memberships made before levels existed */
    roleId: uuid('role_id').references(() => membershipRole.id),
    membershipProgramId: uuid('membership_program_id'),
    /** scheduled | cancelled | requested | not_enrolled (decision 0032) */
    autoRenewState: text('auto_renew_state').notNull().default('not_enrolled'),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validTo: timestamp('valid_to', { withTimezone: true }).notNull(),
    /** member benefits: tickets per member ticket type id, "*" for the wildcard pool */
    benefits: jsonb('benefits').notNull().default({}),
    ticketOrderId: uuid('ticket_order_id').references(() => ticketOrder.id),
    /** the term this one renews (null: the first term of its member code) */
    previousMembershipId: uuid('previous_membership_id').references(
      (): AnyPgColumn => membership.id,
    ),
    /** the gift code that paid for this term (redeemed gift of membership), if any */
    giftCodeId: uuid('gift_code_id').references(() => code.id),
    createdAt: createdAt(),
  },
  (t) => [
    // a member ID names one chain of terms: unique among first terms, shared by renewals
    uniqueIndex('membership_seller_code_uq')
      .on(t.sellerId, t.memberCode)
      .where(sql`previous_membership_id is null`),
    uniqueIndex('membership_previous_uq').on(t.previousMembershipId),
    index('membership_identity_idx').on(t.identityId),
    index('membership_code_idx').on(t.sellerId, t.memberCode),
    // the auto-renew job's scan: scheduled terms by their end (decision 0038)
    index('membership_auto_renew_idx')
      .on(t.validTo)
      .where(sql`auto_renew_state = 'scheduled'`),
  ],
);

/** A member of a membership term (`identity_link`): one per member ticket (shopping §3). */
export const membershipIdentityLink = pgTable(
  'membership_identity_link',
  {
    id: id(),
    membershipId: uuid('membership_id')
      .notNull()
      .references(() => membership.id, { onDelete: 'cascade' }),
    /** the seller's person with the member's e-mail (found or made); null without e-mail */
    identityId: uuid('identity_id').references(() => identity.id),
    ticketId: uuid('ticket_id').references(() => ticket.id),
    partyRole: text('party_role').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    email: text('email'),
    rank: integer('rank').notNull().default(0),
  },
  (t) => [
    index('membership_identity_link_membership_idx').on(t.membershipId),
    index('membership_identity_link_identity_idx').on(t.identityId),
  ],
);

/**
 * The auto-renew job's claim on one term (decision 0038): one row per term it renews (unique
 * `membership_id`), taken by a conditional upsert so two jobs never work on one term at once;
 * `started` while a holder's lease runs, then `renewed` (the next term made by the renewal
 * order), `declined` (the saved card was refused: the member was mailed a link to renew by
 * hand) or `failed` (nothing could be charged: no saved card, the level is gone, …).
 */
export const membershipRenewal = pgTable(
  'membership_renewal',
  {
    id: id(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => seller.id),
    membershipId: uuid('membership_id')
      .notNull()
      .references(() => membership.id),
    /** started | renewed | declined | failed */
    state: text('state').notNull().default('started'),
    /** the cart the renewal is bought with (made by the job for the holder) */
    cartId: uuid('cart_id'),
    /** the term the renewal order made */
    renewedMembershipId: uuid('renewed_membership_id').references((): AnyPgColumn => membership.id),
    /** why it declined or failed: the error code (card_declined, no_saved_payment_method, …) */
    outcome: text('outcome'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('membership_renewal_membership_uq').on(t.membershipId)],
);

/**
 * A gift of membership (identity §2 "Redeem gift of membership", §4 "Gift code"; decision
 * 0038): a gift order of a level issues a 10-character `code` (kind `gift_of_membership`, one
 * use) instead of a term; redeeming it pays for the level the giftee chooses.
 */
export const membershipGift = pgTable(
  'membership_gift',
  {
    id: id(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => seller.id),
    codeId: uuid('code_id')
      .notNull()
      .references(() => code.id),
    ticketOrderId: uuid('ticket_order_id')
      .notNull()
      .references(() => ticketOrder.id),
    /** the level bought as a gift */
    roleId: uuid('role_id').references(() => membershipRole.id),
    giverIdentityId: uuid('giver_identity_id')
      .notNull()
      .references(() => identity.id),
    gifteeIdentityId: uuid('giftee_identity_id')
      .notNull()
      .references(() => identity.id),
    /** the giver's message, mailed with the code */
    message: text('message'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('membership_gift_code_uq').on(t.codeId),
    index('membership_gift_order_idx').on(t.ticketOrderId),
  ],
);

export type MembershipRow = typeof membership.$inferSelect;
export type NewMembership = typeof membership.$inferInsert;
export type MembershipRoleRow = typeof membershipRole.$inferSelect;
export type MembershipProgramRow = typeof membershipProgram.$inferSelect;
export type MembershipRuleRow = typeof membershipRule.$inferSelect;
export type IdentityLinkRow = typeof membershipIdentityLink.$inferSelect;
export type MembershipRenewalRow = typeof membershipRenewal.$inferSelect;
export type MembershipGiftRow = typeof membershipGift.$inferSelect;
