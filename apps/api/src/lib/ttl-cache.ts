import { LRUCache } from 'lru-cache';

/**
 * A short-lived, in-process cache of what a reserve reads but never writes: the seller, its
 * hold minutes and the catalogue rows a plan checks (types, groups, events, venues, sessions,
 * meta, config). decision 0011: under a rush these reads were most of the round trips and of
 * the query-building CPU. Capacity is never taken from here — the conditional UPDATE decides
 * every place — so a stale entry can show a seller's edit a few seconds late, never oversell.
 * lru-cache's `fetch` shares one load among concurrent misses of a key and forgets a failed
 * one. Time is the process's monotonic clock, not the app's (tests freeze that one).
 */
export interface TtlCache<V> {
  get(key: string, load: () => Promise<V>): Promise<V>;
  clear(): void;
}

export interface TtlCacheBounds {
  maxEntries?: number;
  /** an estimate of the heap the values take: their JSON length (decision 0051) */
  maxBytes?: number;
  /** the clock the ttl is read on; lru-cache's `perf` */
  clock?: () => number;
}

/** The JSON length of a value, at least 1 (lru-cache refuses a size of 0). */
export function jsonSize(value: unknown): number {
  return Math.max(1, JSON.stringify(value)?.length ?? 1);
}

/** `ttlMs` 0 turns the cache off (tests write rows between calls). */
export function ttlCache<V extends NonNullable<unknown>>(
  ttlMs: number,
  { maxEntries = 500, maxBytes = 8 * 1024 * 1024, clock }: TtlCacheBounds = {},
): TtlCache<V> {
  if (ttlMs <= 0) return { get: (_key, load) => load(), clear: () => undefined };
  const entries = new LRUCache<string, V, () => Promise<V>>({
    max: maxEntries,
    maxSize: maxBytes,
    sizeCalculation: jsonSize,
    ttl: ttlMs,
    // read the clock on every check, so a test's frozen clock is never cached for a millisecond
    ttlResolution: 0,
    ...(clock ? { perf: { now: clock } } : {}),
    fetchMethod: (_key, _stale, { context }) => context(),
  });
  return {
    // an entry too large to keep still answers the caller; only the cache skips it
    get: async (key, load) => (await entries.fetch(key, { context: load })) as V,
    clear: () => entries.clear(),
  };
}
