import type { ImageOutput } from './resize';

/**
 * A small least-recently-used cache of resized outputs, bounded by entries and bytes so a
 * crawler asking for many sizes cannot grow the heap without limit.
 */
export class ResizeCache {
  private readonly entries = new Map<string, ImageOutput>();
  private bytes = 0;

  constructor(
    private readonly maxEntries = 256,
    private readonly maxBytes = 32 * 1024 * 1024,
  ) {}

  get size() {
    return this.entries.size;
  }

  get(key: string): ImageOutput | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      // re-insert to mark as most recently used (Map keeps insertion order)
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, value: ImageOutput) {
    if (value.bytes.length > this.maxBytes) return;
    const previous = this.entries.get(key);
    if (previous) {
      this.entries.delete(key);
      this.bytes -= previous.bytes.length;
    }
    this.entries.set(key, value);
    this.bytes += value.bytes.length;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.bytes.length;
    }
  }
}
