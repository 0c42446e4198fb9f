import { describe, expect, it } from 'vitest';
import { ResponseCache } from './response-cache';

const body = (json: string) => ({ json, etag: `"${json}"` });

describe('ResponseCache', () => {
  it('serves a stored body until its time is up, then computes again', async () => {
    // lru-cache reads a start of 0 as "no ttl", so the clock starts past it
    let now = 5_000;
    const cache = new ResponseCache(1000, 1024, () => now);
    let computed = 0;
    const compute = async () => body(`v${++computed}`);
    expect((await cache.getOrCompute('/a', compute)).json).toBe('v1');
    // fresh through the ttl, stale once past it
    now = 6_000;
    expect((await cache.getOrCompute('/a', compute)).json).toBe('v1');
    now = 6_001;
    expect((await cache.getOrCompute('/a', compute)).json).toBe('v2');
  });

  it('shares one computation among concurrent misses', async () => {
    const cache = new ResponseCache(1000);
    let computed = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const compute = async () => {
      computed += 1;
      await gate;
      return body('x');
    };
    const all = Promise.all(Array.from({ length: 20 }, () => cache.getOrCompute('/k', compute)));
    release();
    expect((await all).every((b) => b.json === 'x')).toBe(true);
    expect(computed).toBe(1);
  });

  it('keeps nothing when turned off, and does not cache failures', async () => {
    const off = new ResponseCache(0);
    let computed = 0;
    await off.getOrCompute('/k', async () => body(String(++computed)));
    await off.getOrCompute('/k', async () => body(String(++computed)));
    expect(computed).toBe(2);

    const on = new ResponseCache(1000);
    await expect(
      on.getOrCompute('/k', async () => Promise.reject(new Error('db down'))),
    ).rejects.toThrow();
    expect((await on.getOrCompute('/k', async () => body('ok'))).json).toBe('ok');
  });

  it('evicts the oldest entries beyond its byte budget', async () => {
    let computed = 0;
    const cache = new ResponseCache(60_000, 40);
    const compute = (json: string) => async () => {
      computed += 1;
      return body(json);
    };
    await cache.getOrCompute('/1', compute('aaaaaaaaaa'));
    await cache.getOrCompute('/2', compute('bbbbbbbbbb'));
    await cache.getOrCompute('/3', compute('cccccccccc'));
    await cache.getOrCompute('/4', compute('dddddddddd'));
    await cache.getOrCompute('/5', compute('eeeeeeeeee'));
    computed = 0;
    await cache.getOrCompute('/1', compute('aaaaaaaaaa'));
    expect(computed).toBe(1);
    await cache.getOrCompute('/5', compute('eeeeeeeeee'));
    expect(computed).toBe(1);
  });

  it('keeps at most its entry count, and no body over a quarter of its bytes', async () => {
    let computed = 0;
    const compute = (json: string) => async () => {
      computed += 1;
      return body(json);
    };
    const cache = new ResponseCache(60_000, 1024, undefined, 2);
    await cache.getOrCompute('/1', compute('a'));
    await cache.getOrCompute('/2', compute('b'));
    await cache.getOrCompute('/3', compute('c'));
    computed = 0;
    await cache.getOrCompute('/1', compute('a'));
    expect(computed).toBe(1);

    const small = new ResponseCache(60_000, 40);
    const big = 'x'.repeat(11);
    expect((await small.getOrCompute('/big', compute(big))).json).toBe(big);
    await small.getOrCompute('/big', compute(big));
    expect(computed).toBe(3);
  });
});
