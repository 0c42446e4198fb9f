/**
 * A small in-process cache of /cached_api bodies. Those responses are the public identity's
 * view and browsers may already reuse them for `CACHE_MAX_AGE` seconds, so serving the same
 * bytes for a much shorter server TTL changes nothing a visitor can observe, while sparing the
 * database the hottest reads (bench/catalog-read). Concurrent misses for one key share a
 * single computation, so an expiry never stampedes the database.
 */
export interface CachedBody {
  json: string;
  /** the body encoded once, so a hit sends bytes without re-encoding 25 KB of JSON */
  bytes?: Buffer;
  etag: string;
}

interface Entry {
  value: CachedBody;
  expiresAt: number;
}

export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private readonly inflight = new Map<string, Promise<CachedBody>>();
  private bytes = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxBytes = 32 * 1024 * 1024,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** The cached body for `key`, computing (once, however many callers wait) when missing. */
  async getOrCompute(key: string, compute: () => Promise<CachedBody>): Promise<CachedBody> {
    if (!this.enabled) return compute();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > this.clock()) return hit.value;
    if (hit) this.delete(key);
    const pending = this.inflight.get(key);
    if (pending) return pending;
    const promise = compute()
      .then((value) => {
        this.store(key, value);
        return value;
      })
      .finally(() => this.inflight.delete(key));
    this.inflight.set(key, promise);
    return promise;
  }

  private store(key: string, value: CachedBody) {
    const size = value.json.length;
    if (size > this.maxBytes / 4) return;
    this.entries.set(key, { value, expiresAt: this.clock() + this.ttlMs });
    this.bytes += size;
    // Map iteration is insertion order: the oldest entries go first
    for (const [oldKey] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.delete(oldKey);
    }
  }

  private delete(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.value.json.length;
    this.entries.delete(key);
  }
}
