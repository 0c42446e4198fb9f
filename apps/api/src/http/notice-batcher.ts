/**
 * One node's cache notices, sent together (decision 0103, which amends 0097's "Notices between nodes"):
 * at most one send is in flight; scopes that arrive while it is go out together in the next
 * one. A rush's holds on one hot session then cost the primary one `pg_notify` per send, not
 * one per hold: each notice is its own transaction, and PostgreSQL commits every notifying
 * transaction under one database-wide lock. The first send waits only for the rest of the
 * current turn of the event loop (the requests a hold batch answers together forget in it), so
 * the bound of every cache (0097's table) gains no more than the send in flight.
 */

export interface NoticeBatcher {
  /** queues the scopes; resolves with the send's WAL position, or null when it failed */
  notice(scopes: Iterable<string>): Promise<bigint | null>;
  /** resolves when nothing is queued or in flight (graceful stop, tests) */
  idle(): Promise<void>;
}

interface Waiter {
  resolve: (lsn: bigint | null) => void;
}

export function createNoticeBatcher(
  send: (scopes: string[]) => Promise<bigint | null>,
): NoticeBatcher {
  let queued = new Set<string>();
  let waiters: Waiter[] = [];
  let flushing: Promise<void> | null = null;

  async function flush() {
    while (queued.size > 0) {
      const scopes = [...queued];
      const answer = waiters;
      queued = new Set();
      waiters = [];
      // a failed send costs freshness only (the TTLs bound every cache), never the writer
      const lsn = await send(scopes).catch(() => null);
      for (const waiter of answer) waiter.resolve(lsn);
    }
    flushing = null;
  }

  return {
    notice(scopes) {
      const before = queued.size;
      for (const scope of scopes) queued.add(scope);
      if (queued.size === before && waiters.length === 0) return Promise.resolve(null);
      return new Promise((resolve) => {
        waiters.push({ resolve });
        flushing ??= new Promise((started) => setImmediate(started)).then(flush);
      });
    },
    async idle() {
      while (flushing) await flushing;
    },
  };
}
