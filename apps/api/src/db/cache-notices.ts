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
const SESSIONS_PER_NOTICE = 60;

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
 * Notices the sessions' scopes and their events' (the availability reads are keyed by event,
 * looked up in the same statement); answers the WAL position sent and the event scopes.
 */
export async function noticeSessions(
  db: Db,
  sessionIds: string[],
): Promise<{ lsn: bigint | null; scopes: string[] }> {
  let lsn: bigint | null = null;
  const scopes: string[] = [];
  for (let i = 0; i < sessionIds.length; i += SESSIONS_PER_NOTICE) {
    const ids = sessionIds.slice(i, i + SESSIONS_PER_NOTICE).map((id) => id.toLowerCase());
    const listed = sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    );
    const { rows } = await db.execute<{ lsn: string; scopes: string }>(sql`
      with at as (select pg_current_wal_flush_lsn()::text as lsn),
      events as (
        select coalesce(string_agg(distinct 'event:' || event_template_id::text, ' '), '') as scopes
          from event_session where id in (${listed})
      )
      select at.lsn, events.scopes, pg_notify(${CACHE_NOTICE_CHANNEL},
               at.lsn || ' ' || ${ids.map((id) => `event_session:${id}`).join(' ')} || ' ' || events.scopes)
        from at, events`);
    lsn = parseLsn(rows[0]?.lsn) ?? lsn;
    scopes.push(...(rows[0]?.scopes ?? '').split(' ').filter(Boolean));
  }
  return { lsn, scopes };
}

/** Notices a seller's scope (its catalogue or settings changed); answers the WAL position. */
export async function noticeSeller(db: Db, sellerId: string): Promise<{ lsn: bigint | null }> {
  const { rows } = await db.execute<{ lsn: string }>(sql`
    with at as (select pg_current_wal_flush_lsn()::text as lsn)
    select at.lsn, pg_notify(${CACHE_NOTICE_CHANNEL}, at.lsn || ' seller:' || ${sellerId.toLowerCase()})
      from at`);
  return { lsn: parseLsn(rows[0]?.lsn) };
}
