import { describe, expect, it } from 'vitest';
import type { ImageOutput } from './resize';
import { resizeCache } from './resize-cache';

const output = (size: number): ImageOutput => ({
  bytes: Buffer.alloc(size),
  contentType: 'image/jpeg',
  width: 1,
  height: 1,
  etag: `"${size}"`,
});

describe('resizeCache', () => {
  it('evicts the least recently used entry beyond the entry limit', () => {
    const cache = resizeCache(2, 1_000);
    cache.set('a', output(1));
    cache.set('b', output(2));
    cache.get('a');
    cache.set('c', output(3));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
    expect(cache.size).toBe(2);
  });

  it('stays within its byte budget and skips outputs larger than the budget', () => {
    const cache = resizeCache(100, 10);
    cache.set('a', output(6));
    cache.set('b', output(6));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeDefined();
    cache.set('huge', output(11));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.get('b')).toBeDefined();
  });
});
