import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, createdAt } from './columns';
import { seller } from './identity';

/**
 * A seller's API key for `/admin/api/…` (issue #16, decision 0042): created by the CLI, shown
 * once, stored only as a hash. `prefix` tells keys apart in lists and logs; a revoked key is
 * kept (tickets name the key that redeemed them) but never authenticates again.
 */
export const sellerApiKey = pgTable(
  'seller_api_key',
  {
    id: id(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => seller.id),
    name: text('name').notNull(),
    /** the key's first characters (`adm_` and 8 more): enough to recognise it, not to use it */
    prefix: text('prefix').notNull(),
    /** sha256 (hex) of the whole key: the keys are 256-bit random, so a fast hash is enough */
    keyHash: text('key_hash').notNull(),
    createdAt: createdAt(),
    /** the last request the key authenticated (updated at most once a minute) */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('seller_api_key_hash_uq').on(t.keyHash),
    index('seller_api_key_seller_idx').on(t.sellerId),
  ],
);

export type SellerApiKeyRow = typeof sellerApiKey.$inferSelect;

/**
 * A member's entry at the door by their member ID (issue 22; decision 0042's update): one row
 * per member ID and local day, so the membership QR admits once a day — the unique index is
 * what decides it, however many scans race (INSERT … ON CONFLICT DO NOTHING).
 */
export const memberCheckIn = pgTable(
  'member_check_in',
  {
    id: id(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => seller.id),
    /** the member ID (shared by a chain of terms: a renewal is the same member) */
    memberCode: text('member_code').notNull(),
    /** YYYY-MM-DD in the zone of the door (the venue's, else the seller's) */
    day: text('day').notNull(),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }).notNull(),
    apiKeyId: uuid('api_key_id').references(() => sellerApiKey.id),
  },
  (t) => [uniqueIndex('member_check_in_day_uq').on(t.sellerId, t.memberCode, t.day)],
);
