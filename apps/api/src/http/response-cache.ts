import { LRUCache } from 'lru-cache';

/**
 * A small in-process cache of /cached_api bodies. Those responses are the public identity's
 * view and browsers may already reuse them for `CACHE_MAX_AGE` seconds, so serving the same
 * bytes for a much shorter server TTL changes nothing a visitor can observe, while sparing the
 * database the hottest reads (bench/catalog-read). lru-cache's `fetch` shares one computation
 * among concurrent misses for a key, so an expiry never stampedes the database, and forgets a
 * failed one. Bounded by bytes (the JSON's length) and by entries (decision 0051).
 */
export interface CachedBody {
  json: string;
  /** the body encoded once, so a hit sends bytes without re-encoding 25 KB of JSON */
  bytes?: Buffer;
  etag: string;
}

type Compute = () => Promise<CachedBody>;

export class ResponseCache {
  private readonly entries: LRUCache<string, CachedBody, Compute> | undefined;

  constructor(
    ttlMs: number,
    maxBytes = 32 * 1024 * 1024,
    clock: () => number = () => performance.now(),
    maxEntries = 2_000,
  ) {
    if (ttlMs <= 0) return;
    this.entries = new LRUCache({
      max: maxEntries,
      maxSize: maxBytes,
      // one body never takes more than a quarter of the budget
      maxEntrySize: Math.max(1, Math.floor(maxBytes / 4)),
      sizeCalculation: (value) => Math.max(1, value.json.length),
      ttl: ttlMs,
      ttlResolution: 0,
      perf: { now: clock },
      fetchMethod: (_key, _stale, { context }) => context(),
    });
  }

  get enabled(): boolean {
    return this.entries !== undefined;
  }

  /** The cached body for `key`, computing (once, however many callers wait) when missing. */
  async getOrCompute(key: string, compute: Compute): Promise<CachedBody> {
    if (!this.entries) return compute();
    return (await this.entries.fetch(key, { context: compute })) as CachedBody;
  }
}
