import { LRUCache } from 'lru-cache';
import type { ImageOutput } from './resize';

/**
 * The resized outputs, least recently used first out, bounded by entries and bytes so a
 * crawler asking for many sizes cannot grow the heap without limit. An output larger than the
 * whole budget is not kept (lru-cache's `maxEntrySize` defaults to `maxSize`).
 */
export function resizeCache(
  maxEntries = 256,
  maxBytes = 32 * 1024 * 1024,
): LRUCache<string, ImageOutput> {
  return new LRUCache<string, ImageOutput>({
    max: maxEntries,
    maxSize: maxBytes,
    sizeCalculation: (output) => Math.max(1, output.bytes.length),
  });
}
