import { describe, expect, it } from 'vitest';
import { ttlCache } from './ttl-cache';

describe('plan cache (ttlCache)', () => {
  it('shares one load between concurrent misses and reuses it within the ttl only', async () => {
    let clock = 1_000;
    const cache = ttlCache<number>(2000, { clock: () => clock });
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('k', load), cache.get('k', load)])).toEqual([1, 1]);
    // lru-cache keeps an entry fresh through its ttl and stale once past it
    clock += 2000;
    expect(await cache.get('k', load)).toBe(1);
    clock += 1;
    expect(await cache.get('k', load)).toBe(2);
    expect(await cache.get('other', load)).toBe(3);
  });

  it('does not remember a failed load', async () => {
    const cache = ttlCache<string>(2000);
    await expect(
      cache.get('slug', () => Promise.reject(new Error('seller_not_found'))),
    ).rejects.toThrow();
    expect(await cache.get('slug', async () => 'found')).toBe('found');
  });

  it('is off at 0: every get loads', async () => {
    const cache = ttlCache<number>(0);
    let loads = 0;
    await cache.get('k', async () => ++loads);
    await cache.get('k', async () => ++loads);
    expect(loads).toBe(2);
  });

  it('stays within its entry and byte bounds, dropping the least recently used', async () => {
    const cache = ttlCache<string>(60_000, { maxEntries: 2, maxBytes: 1_000 });
    let loads = 0;
    const load = (value: string) => async () => {
      loads += 1;
      return value;
    };
    await cache.get('a', load('a'));
    await cache.get('b', load('b'));
    await cache.get('a', load('a'));
    await cache.get('c', load('c'));
    loads = 0;
    await cache.get('a', load('a'));
    expect(loads).toBe(0);
    await cache.get('b', load('b'));
    expect(loads).toBe(1);

    const small = ttlCache<string>(60_000, { maxBytes: 30 });
    await small.get('x', load('x'.repeat(15)));
    await small.get('y', load('y'.repeat(15)));
    loads = 0;
    await small.get('x', load('x'.repeat(15)));
    expect(loads).toBe(1);
    // a value over the whole budget is answered but not kept
    expect(await small.get('huge', load('h'.repeat(40)))).toBe('h'.repeat(40));
    expect(await small.get('huge', load('h'.repeat(40)))).toBe('h'.repeat(40));
    expect(loads).toBe(3);
  });
});
