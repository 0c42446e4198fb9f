/**
 * The readiness probe behind `GET /ready` (decision 0073): ready once the database answers and
 * records every migration this build ships. One cheap query (drizzle's migrations table, which
 * doubles as the `select 1`), bounded by a short timeout, its answer kept for `ttlMs` so a
 * load balancer polling several times a second costs the database one query a second.
 */

export type Readiness =
  { ready: true } | { ready: false; reason: 'not_migrated' | 'database_unreachable' };

export interface ReadinessOptions {
  /** how many migrations the database records as applied (throws when it cannot be reached) */
  applied: () => Promise<number>;
  /** how many this build ships */
  shipped: number;
  /** a probe slower than this counts as unreachable (default 1 s) */
  timeoutMs?: number;
  /** how long an answer is reused (default 1 s) */
  ttlMs?: number;
  /** a monotonic clock in ms (default `performance.now`); tests pass their own */
  clock?: () => number;
}

export interface ReadinessProbe {
  check(): Promise<Readiness>;
}

export function createReadinessProbe(options: ReadinessOptions): ReadinessProbe {
  const { applied, shipped, timeoutMs = 1000, ttlMs = 1000 } = options;
  const clock = options.clock ?? (() => performance.now());
  let pending: Promise<Readiness> | null = null;
  let last: { at: number; answer: Readiness } | null = null;

  async function probe(): Promise<Readiness> {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    // a pool waiting for a connection to an unreachable host would wait for TCP's own timeout
    const count = applied().catch(() => 'failed' as const);
    try {
      const result = await Promise.race([count, timedOut]);
      if (typeof result !== 'number') return { ready: false, reason: 'database_unreachable' };
      return result >= shipped ? { ready: true } : { ready: false, reason: 'not_migrated' };
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    check() {
      if (last && clock() - last.at < ttlMs) return Promise.resolve(last.answer);
      // callers arriving while a probe runs share it; its answer is kept `ttlMs` from its end
      pending ??= probe().then((answer) => {
        last = { at: clock(), answer };
        pending = null;
        return answer;
      });
      return pending;
    },
  };
}
