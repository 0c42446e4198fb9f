/**
 * A short-lived, in-process cache of what a reserve reads but never writes: the seller, its
 * hold minutes and the catalogue rows a plan checks (types, groups, events, venues, sessions,
 * meta, config). decision 0011: under a rush these reads were most of the round trips and of
 * the query-building CPU. Capacity is never taken from here — the conditional UPDATE decides
 * every place — so a stale entry can show a seller's edit a few seconds late, never oversell.
 * Concurrent misses of one key share one load. Time is the process's monotonic clock, not the
 * app's (tests freeze that one).
 */
export interface TtlCache<V> {
  get(key: string, load: () => Promise<V>): Promise<V>;
  clear(): void;
}

/** `ttlMs` 0 turns the cache off (tests write rows between calls). */
export function ttlCache<V>(ttlMs: number, maxEntries = 500): TtlCache<V> {
  const entries = new Map<string, { at: number; value: Promise<V> }>();
  return {
    get(key, load) {
      if (ttlMs <= 0) return load();
      const now = performance.now();
      const hit = entries.get(key);
      if (hit && now - hit.at < ttlMs) return hit.value;
      if (entries.size >= maxEntries) entries.clear();
      const value = load();
      entries.set(key, { at: now, value });
      // a failed load is not remembered
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    clear: () => entries.clear(),
  };
}
