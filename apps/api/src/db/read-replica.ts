import { sql } from 'drizzle-orm';
import type { Db } from './connection';
import { parseLsn } from './cache-notices';

/**
 * Where a cached read is answered from (decision 0097): the streaming replica
 * (DATABASE_READ_URL) when it has replayed every write this node knows made a cached read stale,
 * else the primary. The cache notices carry the primary's WAL position after their write
 * (`requireLsn`); a write of this node counts as unknown until its notice's position is known
 * (`beginWrite`), so a read right after it (the visitor's own) is the primary's. A read never
 * waits more than `waitMs` for the replica to catch up: past that it reads the primary, so
 * replica lag never adds to a cache's staleness bound while the notices flow.
 *
 * A replica that fails (down, unreachable, restarting) is left alone for `REPLICA_RETRY_MS`:
 * the reads go to the primary meanwhile, so an outage of the replica costs the storefront
 * nothing but the primary's load. The read that met the failure is answered again by the primary
 * (http/replica-read.ts), which also logs the lag alarm.
 */
export interface ReadRouter {
  /** the database a cached read should use now */
  choose(): Promise<Db>;
  /** a notice: replica reads wait until it has replayed `lsn` */
  requireLsn(lsn: bigint): void;
  /** a write of this node is being noticed; call the answer with its position once known */
  beginWrite(): (lsn: bigint | null) => void;
  /**
   * the replica failed a read: the primary answers for `REPLICA_RETRY_MS`. True when the
   * replica was counted as up until now (the caller says so once per failure, not per read).
   */
  replicaFailed(): boolean;
  /**
   * Once per `LAG_ALARM_REPEAT_MS` while the replica has been too far behind for cached reads
   * for `LAG_ALARM_MS` or longer (every read since went to the primary): how long, and how far
   * behind it was at the last look (WAL bytes). Null otherwise. The caller logs it.
   */
  lagAlarm(): { behindMs: number; behindBytes: number } | null;
}

/** how long a failed replica is left before a read tries it again */
export const REPLICA_RETRY_MS = 5_000;
/** a replica bypassed for lag this long is worth an operator's look */
export const LAG_ALARM_MS = 10_000;
export const LAG_ALARM_REPEAT_MS = 60_000;

export interface ReadRouterOptions {
  primary: Db;
  replica: Db | null;
  waitMs: number;
  /** the replica's replayed WAL position (tests pass their own) */
  replayed?: () => Promise<bigint | null>;
  sleep?: (ms: number) => Promise<void>;
  /** a monotonic clock in ms (tests pass their own) */
  clock?: () => number;
}

const POLL_MS = 5;

export function createReadRouter(options: ReadRouterOptions): ReadRouter {
  const { primary, replica, waitMs } = options;
  const sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  const replayed =
    options.replayed ??
    (async () => {
      const { rows } = await replica!.execute<{ lsn: string | null }>(
        sql`select pg_last_wal_replay_lsn()::text as lsn`,
      );
      return parseLsn(rows[0]?.lsn);
    });
  const clock = options.clock ?? (() => performance.now());
  let required = 0n;
  let known = 0n;
  let pending = 0;
  let downUntil = -Infinity;
  /** since when every read found the replica behind (null: the last read could use it) */
  let behindSince: number | null = null;
  let alarmedAt = -Infinity;

  const markDown = () => {
    const wasUp = clock() >= downUntil;
    downUntil = clock() + REPLICA_RETRY_MS;
    return wasUp;
  };

  const caughtUp = async () => {
    if (known >= required) return true;
    try {
      known = (await replayed()) ?? known;
    } catch {
      markDown(); // it cannot say where it is: it cannot answer reads either
      return false;
    }
    return known >= required;
  };

  return {
    async choose() {
      if (!replica || pending > 0 || clock() < downUntil) return primary;
      for (let waited = 0; ; waited += POLL_MS) {
        if (await caughtUp()) {
          behindSince = null;
          return replica;
        }
        if (pending > 0 || clock() < downUntil) return primary;
        if (waited >= waitMs) {
          behindSince ??= clock();
          return primary;
        }
        await sleep(POLL_MS);
      }
    },
    requireLsn(lsn) {
      if (lsn > required) required = lsn;
    },
    beginWrite() {
      pending += 1;
      let done = false;
      return (lsn) => {
        if (done) return;
        done = true;
        pending -= 1;
        if (lsn !== null && lsn > required) required = lsn;
      };
    },
    replicaFailed: markDown,
    lagAlarm() {
      if (behindSince === null) return null;
      const now = clock();
      const behindMs = now - behindSince;
      if (behindMs < LAG_ALARM_MS || now - alarmedAt < LAG_ALARM_REPEAT_MS) return null;
      alarmedAt = now;
      return { behindMs: Math.round(behindMs), behindBytes: Number(required - known) };
    },
  };
}
