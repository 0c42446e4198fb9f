import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, createdAt } from './columns';

/** Sellers, identities, memberships and the login/session tables (identity §3). */

export const seller = pgTable('seller', {
  id: id(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  currency: text('currency').notNull(),
  timezone: text('timezone').notNull(),
  /** storefront configuration (contracts `sellerConfigSchema` minus the derived parts) */
  config: jsonb('config').notNull().default({}),
  /**
   * true once the seller's HTML (config content blocks, HTML meta) is stored sanitised: an
   * import writes true, the start-up step cleans the older rows once (decision 0086)
   */
  htmlSanitized: boolean('html_sanitized').notNull().default(false),
  createdAt: createdAt(),
});

export const identity = pgTable(
  'identity',
  {
    id: id(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => seller.id),
    /** public: the seller's shared guest identity; user: a person */
    kind: text('kind').notNull(),
    email: text('email'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    /** argon2id PHC string; null for guests created at checkout (identity §8 "guest_account") */
    passwordHash: text('password_hash'),
    /** purchaser fields of identity §3 (phone, address, city, state, country, zip_code) */
    phone: text('phone'),
    address: text('address'),
    addressMore: text('address_more'),
    city: text('city'),
    state: text('state'),
    country: text('country'),
    zipCode: text('zip_code'),
    /** `additional_info` and other identity meta fields */
    meta: jsonb('meta').notNull().default({}),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('identity_seller_idx').on(t.sellerId),
    uniqueIndex('identity_public_uq')
      .on(t.sellerId)
      .where(sql`kind = 'public'`),
    // one person per e-mail and seller; lower() so "Ann@x.org" and "ann@x.org" are one account
    uniqueIndex('identity_seller_email_uq')
      .on(t.sellerId, sql`lower(${t.email})`)
      .where(sql`kind = 'user'`),
  ],
);

/**
 * A one-time passcode challenge (identity §4 "Login one-time passcode"). The token goes to the
 * browser, the code to the mailbox; only hashes are stored. A challenge is issued whether or not
 * the e-mail has an account (identity_id null), so the answer reveals nothing.
 */
export const otpChallenge = pgTable(
  'otp_challenge',
  {
    id: id(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => seller.id),
    identityId: uuid('identity_id').references(() => identity.id),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('otp_challenge_expires_idx').on(t.expiresAt)],
);

/** A single-use, expiring password-reset token (stored hashed). */
export const passwordResetToken = pgTable(
  'password_reset_token',
  {
    id: id(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => seller.id),
    identityId: uuid('identity_id')
      .notNull()
      .references(() => identity.id),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_reset_identity_idx').on(t.identityId)],
);

/**
 * Failed-attempt counters for abuse limits (ASVS 6.3.1): one row per key, e.g.
 * `login:account:{seller}:{email}` or `login:address:{ip}`. Kept in the database so every
 * process behind a balancer sees the same count.
 */
export const authThrottle = pgTable('auth_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull().defaultNow(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
});

export const webSession = pgTable(
  'web_session',
  {
    id: id(),
    /** sha256 of the cookie token; the token itself is never stored */
    tokenHash: text('token_hash').notNull().unique(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => seller.id),
    identityId: uuid('identity_id')
      .notNull()
      .references(() => identity.id),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('web_session_expires_idx').on(t.expiresAt)],
);

/**
 * A seller's own hosts (decision 0070): a request whose Host is one is for that seller. The host
 * is the key, so it names one seller at most; written by the seller file's import.
 */
export const sellerDomain = pgTable(
  'seller_domain',
  {
    /** lower case, no port (contracts `sellerDomainHostSchema`) */
    host: text('host').primaryKey(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => seller.id),
    /** what the public config reports on this host: local, test or production */
    environment: text('environment').notNull(),
  },
  (t) => [index('seller_domain_seller_idx').on(t.sellerId)],
);
