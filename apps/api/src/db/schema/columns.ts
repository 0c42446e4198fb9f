import { sql } from 'drizzle-orm';
import { timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The relational model. UUID keys everywhere (no sequences to contend on), money in integer
 * minor units, capacity counters as plain integers with -1 meaning unlimited (shopping §3).
 * Migrations are generated from the files of this folder with `npm run db:generate -w @admit/api`.
 */

export const id = () =>
  uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`);
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
