import { afterEach, describe, expect, it, vi } from 'vitest';
import { ttlCache } from './ttl-cache';

describe('plan cache (ttlCache)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shares one load between concurrent misses and reuses it within the ttl only', async () => {
    let clock = 1_000;
    vi.spyOn(performance, 'now').mockImplementation(() => clock);
    const cache = ttlCache<number>(2000);
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('k', load), cache.get('k', load)])).toEqual([1, 1]);
    clock += 1999;
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
});
