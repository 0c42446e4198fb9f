import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { seller } from './identity';

/**
 * The back office (issue #27, decision 0083): a seller's staff, their office sessions and the
 * audit log every office write leaves. Staff are not visitors: a separate table, a separate
 * cookie, a separate session table, so no visitor session can ever act as staff.
 */

/** A seller's staff user: owner, box office or door (decision 0083). */
export const staffUser = pgTable(
  'staff_user',
  {
    id: id(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => seller.id),
    email: text('email').notNull(),
    /** argon2id PHC string (users/password-hash.ts, the visitors' home) */
    passwordHash: text('password_hash').notNull(),
    /** owner | box_office | door */
    role: text('role').notNull(),
    /** base32 TOTP secret (RFC 6238); null: no second factor enrolled */
    totpSecret: text('totp_secret'),
    /** the last accepted TOTP step, so one code opens one session only (RFC 6238 §5.2) */
    totpLastStep: integer('totp_last_step'),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // one staff user per e-mail and seller, whatever its case
    uniqueIndex('staff_user_seller_email_uq').on(t.sellerId, sql`lower(${t.email})`),
    check('staff_user_role_known', sql`${t.role} in ('owner', 'box_office', 'door')`),
  ],
);

export type StaffUserRow = typeof staffUser.$inferSelect;

/** A live office session: only the token's sha256 is kept; revoked by deleting the row. */
export const staffSession = pgTable(
  'staff_session',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    staffUserId: uuid('staff_user_id')
      .notNull()
      .references(() => staffUser.id, { onDelete: 'cascade' }),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => seller.id),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    /** the absolute deadline; the idle one is last_seen_at + the idle window */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('staff_session_token_uq').on(t.tokenHash),
    index('staff_session_user_idx').on(t.staffUserId),
  ],
);

/**
 * What staff did (decision 0083): one row per office write, written in the write's own
 * transaction by `modules/office/audit.ts`, never updated or deleted. `staff_user_id` is null
 * for what no signed-in staff did (a failed login of an unknown e-mail, the CLI).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => seller.id),
    staffUserId: uuid('staff_user_id').references(() => staffUser.id),
    /** who, as they were named then (the e-mail typed at a failed login, `cli`) */
    actor: text('actor').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** `staff.login`, `staff.add`, `staff.role`… (contracts office.ts AUDIT_ACTIONS) */
    action: text('action').notNull(),
    /** what it was done to: `staff_user:{id}`, `ticket_order:{id}` */
    target: text('target'),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
  },
  (t) => [index('audit_log_seller_at_idx').on(t.sellerId, t.at)],
);

export type AuditLogRow = typeof auditLog.$inferSelect;

/**
 * A staff user's "forgot password" link (decision 0095): like a visitor's
 * (`password_reset_token`), only the token's sha256 is kept, and it is used once by a
 * conditional UPDATE of `used_at`; its own table, so no visitor reset can name a staff user.
 */
export const staffPasswordResetToken = pgTable(
  'staff_password_reset_token',
  {
    id: id(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => seller.id),
    staffUserId: uuid('staff_user_id')
      .notNull()
      .references(() => staffUser.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('staff_password_reset_token_uq').on(t.tokenHash),
    index('staff_password_reset_user_idx').on(t.staffUserId),
  ],
);
