import { sql } from 'drizzle-orm';
import type { Db } from './connection';

/**
 * Cache notices between nodes on PostgreSQL (decision 0097): a write that makes cached reads
 * stale sends `pg_notify` on one channel after it commits, naming the read scopes to forget
 * and the primary's flushed WAL position; every node LISTENs on a direct connection of its own
 * (never through pgbouncer, which cannot keep a LISTEN in transaction pooling) and forgets those
 * scopes. For freshness only: a lost notice leaves each cache to its TTL.
 */

export const CACHE_NOTICE_CHANNEL = 'admit_cache';

/** What a notice carries: the WAL position at or after its write's commit, and the scopes. */
export interface CacheNotice {
  lsn: bigint;
  scopes: string[];
}

// PostgreSQL refuses a payload of 8000 bytes or more; a scope is at most ~50 bytes
const NOTICE_CHARS = 7_000;

const listOf = (values: string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/** The scopes cut into payloads PostgreSQL takes, each under `NOTICE_CHARS` with its position. */
export function noticePayloads(scopes: string[]): string[] {
  const payloads: string[] = [];
  let current = '';
  for (const scope of scopes) {
    if (current && current.length + scope.length + 1 > NOTICE_CHARS) {
      payloads.push(current);
      current = '';
    }
    current = current ? `${current} ${scope}` : scope;
  }
  if (current) payloads.push(current);
  return payloads;
}

/** `X/Y` (hex halves of a WAL position) as one number; null for anything else. */
export function parseLsn(text: string | null | undefined): bigint | null {
  const match = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(text ?? '');
  return match ? (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`) : null;
}

/** A notice's payload, `lsn scope scope …`; null when it is not one. */
export function parseCacheNotice(payload: string): CacheNotice | null {
  const [lsnText, ...scopes] = payload.split(' ').filter(Boolean);
  const lsn = parseLsn(lsnText);
  if (lsn === null || scopes.length === 0) return null;
  return { lsn, scopes };
}

/**
 * Sends the scopes to every listening node, in as many notices as their length needs, in one
 * statement; answers the primary's flushed WAL position (at or after every write that committed
 * before the call).
 */
export async function sendCacheNotice(db: Db, scopes: string[]): Promise<bigint | null> {
  const payloads = noticePayloads(scopes.map((scope) => scope.toLowerCase()));
  if (payloads.length === 0) return null;
  const { rows } = await db.execute<{ lsn: string }>(sql`
    with at as (select pg_current_wal_flush_lsn()::text as lsn)
    select at.lsn, pg_notify(${CACHE_NOTICE_CHANNEL}, at.lsn || ' ' || payload)
      from at, unnest(array[${listOf(payloads)}]::text[]) as payload`);
  return parseLsn(rows[0]?.lsn);
}

/** Each session's event (the availability reads are keyed by event); unknown ids are left out. */
export async function eventsOfSessions(db: Db, sessionIds: string[]): Promise<Map<string, string>> {
  const events = new Map<string, string>();
  if (sessionIds.length === 0) return events;
  const { rows } = await db.execute<{ id: string; event: string }>(sql`
    select id::text as id, event_template_id::text as event from event_session
     where id in (${listOf(sessionIds.map((id) => id.toLowerCase()))})`);
  for (const row of rows) events.set(row.id.toLowerCase(), row.event.toLowerCase());
  return events;
}
