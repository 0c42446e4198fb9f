import { sql } from 'drizzle-orm';
import type { Db } from './connection';
import { parseLsn } from './cache-notices';

/**
 * Where a cached read is answered from (decision 0097): the streaming replica
 * (DATABASE_READ_URL) when it has replayed every write this node knows made that read stale,
 * else the primary. The cache notices carry the primary's WAL position after their write and
 * the read scopes it touched (`requireLsn`); a write of this node counts as unknown until its
 * notice's position is known (`beginWrite`), so a read right after it (the visitor's own) is the
 * primary's. A read never waits more than `waitMs` for the replica to catch up: past that it
 * reads the primary, so replica lag never adds to a cache's staleness bound while the notices
 * flow.
 *
 * Per scope (decision 0120): a read naming its scopes (its seller's and its own, read-route.ts)
 * waits only for the writes noticed in those scopes, and for every write noticed more than
 * `SETTLED_AFTER_MS` ago anywhere, so a rush on one session does not send every other event's
 * cached reads to the primary, and what a read shows beyond its scopes is never further behind
 * the notices than that. Without scopes a call means every scope.
 *
 * A replica that fails (down, unreachable, restarting) is left alone for `REPLICA_RETRY_MS`:
 * the reads go to the primary meanwhile, so an outage of the replica costs the storefront
 * nothing but the primary's load. The read that met the failure is answered again by the primary
 * (http/replica-read.ts), which also logs the lag alarm.
 */
export interface ReadRouter {
  /** the database a cached read of these scopes should use now */
  choose(scopes?: readonly string[]): Promise<Db>;
  /** a notice: replica reads of these scopes wait until it has replayed `lsn` */
  requireLsn(lsn: bigint, scopes?: readonly string[]): void;
  /** a write of this node is being noticed; call the answer with its position once known */
  beginWrite(scopes?: readonly string[]): (lsn: bigint | null) => void;
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
/** a write noticed this long ago holds back every replica read, whatever its scopes (0097's bound) */
export const SETTLED_AFTER_MS = 500;
/** scopes remembered with their own position; past it they share the newest (sound, coarser) */
const MAX_SCOPES = 10_000;

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
  const need = createRequirements(clock);
  let known = 0n;
  let downUntil = -Infinity;
  /** since when every read found the replica behind (null: the last read could use it) */
  let behindSince: number | null = null;
  let alarmedAt = -Infinity;

  const markDown = () => {
    const wasUp = clock() >= downUntil;
    downUntil = clock() + REPLICA_RETRY_MS;
    return wasUp;
  };

  const caughtUp = async (scopes: readonly string[] | undefined) => {
    if (known >= need.position(scopes)) return true;
    try {
      known = (await replayed()) ?? known;
    } catch {
      markDown(); // it cannot say where it is: it cannot answer reads either
      return false;
    }
    return known >= need.position(scopes);
  };

  return {
    async choose(scopes) {
      if (!replica || need.pending(scopes) || clock() < downUntil) return primary;
      for (let waited = 0; ; waited += POLL_MS) {
        if (await caughtUp(scopes)) {
          behindSince = null;
          return replica;
        }
        if (need.pending(scopes) || clock() < downUntil) return primary;
        if (waited >= waitMs) {
          behindSince ??= clock();
          return primary;
        }
        await sleep(POLL_MS);
      }
    },
    requireLsn: need.require,
    beginWrite(scopes) {
      const release = need.begin(scopes);
      let done = false;
      return (lsn) => {
        if (done) return;
        done = true;
        release();
        if (lsn !== null) need.require(lsn, scopes);
      };
    },
    replicaFailed: markDown,
    lagAlarm() {
      if (behindSince === null) return null;
      const now = clock();
      const behindMs = now - behindSince;
      if (behindMs < LAG_ALARM_MS || now - alarmedAt < LAG_ALARM_REPEAT_MS) return null;
      alarmedAt = now;
      return { behindMs: Math.round(behindMs), behindBytes: Number(need.position() - known) };
    },
  };
}

/**
 * What a read of some scopes needs the replica to have replayed, and which scopes have a write
 * of this node whose position is not known yet. `undefined` scopes mean every scope.
 */
export function createRequirements(clock: () => number) {
  /** every scope needs at least this (writes noticed without scopes, scopes forgotten) */
  let floor = 0n;
  /** the newest position noticed in any scope */
  let newest = 0n;
  const byScope = new Map<string, bigint>();
  /** positions noticed, oldest first, until SETTLED_AFTER_MS has passed: then they hold for all */
  const recent: { at: number; lsn: bigint }[] = [];
  let settled = 0n;
  let pendingAll = 0;
  const pendingByScope = new Map<string, number>();

  const settle = () => {
    const before = clock() - SETTLED_AFTER_MS;
    while (recent.length > 0 && recent[0]!.at <= before) settled = recent.shift()!.lsn;
    return settled;
  };

  return {
    require(lsn: bigint, scopes?: readonly string[]) {
      if (lsn > newest) {
        newest = lsn;
        recent.push({ at: clock(), lsn });
        // pruned here too: without a replica no read ever asks, and the queue would only grow
        settle();
      }
      if (!scopes) {
        if (lsn > floor) floor = lsn;
        return;
      }
      for (const scope of scopes) {
        if (!byScope.has(scope) && byScope.size >= MAX_SCOPES) {
          // every forgotten scope's position is at most the newest: the floor covers them all
          byScope.clear();
          floor = newest;
        }
        if (lsn > (byScope.get(scope) ?? floor)) byScope.set(scope, lsn);
      }
    },
    /** the position a read of these scopes needs */
    position(scopes?: readonly string[]): bigint {
      if (!scopes) return newest;
      const everywhere = settle();
      let needed = floor > everywhere ? floor : everywhere;
      for (const scope of scopes) {
        const lsn = byScope.get(scope) ?? 0n;
        if (lsn > needed) needed = lsn;
      }
      return needed;
    },
    /** positions not settled yet: those of the last SETTLED_AFTER_MS at most (memory bound) */
    unsettled: () => recent.length,
    pending(scopes?: readonly string[]): boolean {
      if (pendingAll > 0) return true;
      if (!scopes) return pendingByScope.size > 0;
      return scopes.some((scope) => pendingByScope.has(scope));
    },
    /** a write of these scopes began; the answer ends it */
    begin(scopes?: readonly string[]): () => void {
      if (!scopes) {
        pendingAll += 1;
        return () => void (pendingAll -= 1);
      }
      for (const scope of scopes) pendingByScope.set(scope, (pendingByScope.get(scope) ?? 0) + 1);
      return () => {
        for (const scope of scopes) {
          const left = (pendingByScope.get(scope) ?? 1) - 1;
          if (left > 0) pendingByScope.set(scope, left);
          else pendingByScope.delete(scope);
        }
      };
    },
  };
}
