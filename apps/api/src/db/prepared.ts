import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Pool } from 'pg';

/**
 * Named prepared statements on a direct connection (decision 0118). PostgreSQL parses and plans
 * an unnamed statement on every call; the coalesced hold's statement (two inserts from jsonb
 * record sets and the counter's UPDATE) spends about as much of the primary's CPU planning as
 * running. A named statement is planned once per connection and reused, which pgbouncer 1.18
 * in transaction mode cannot carry (the next transaction may get another server connection),
 * so these go on a small pool of their own straight to the primary.
 */
export type PreparedExecute = <Row extends Record<string, unknown>>(
  query: SQL,
) => Promise<{ rows: Row[] }>;

/**
 * A few connections are enough: the hold coalescer keeps one statement in flight per session
 * and node, and the primary pays a backend for each connection whatever it carries.
 */
export const DIRECT_POOL_SIZE = 4;

const dialect = new PgDialect();

/** The statement's name: its text's hash, so a changed text (a new column) is a new statement. */
export const preparedNameOf = (text: string) =>
  `admit_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;

export function preparedOn(pool: Pool): PreparedExecute {
  return async <Row extends Record<string, unknown>>(query: SQL) => {
    const { sql: text, params } = dialect.sqlToQuery(query);
    const name = preparedNameOf(text);
    const result = await pool.query<Row>({ name, text, values: params as unknown[] });
    return { rows: result.rows };
  };
}
