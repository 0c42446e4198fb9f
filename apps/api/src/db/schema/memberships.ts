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

export type MembershipRow = typeof membership.$inferSelect;
export type NewMembership = typeof membership.$inferInsert;
export type MembershipRoleRow = typeof membershipRole.$inferSelect;
export type MembershipProgramRow = typeof membershipProgram.$inferSelect;
export type MembershipRuleRow = typeof membershipRule.$inferSelect;
export type IdentityLinkRow = typeof membershipIdentityLink.$inferSelect;
