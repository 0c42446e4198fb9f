import { describe, expect, it, vi } from 'vitest';
import { loadOnce } from './load-once';

describe('loadOnce', () => {
  it('loads once however many callers ask, and not before the first', async () => {
    const load = vi.fn(async () => ({ name: 'module' }));
    const get = loadOnce(load);
    expect(load).not.toHaveBeenCalled();
    const [a, b] = await Promise.all([get(), get()]);
    expect(await get()).toBe(a);
    expect(b).toBe(a);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed load, so the next caller tries again', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('not installed'))
      .mockResolvedValueOnce('loaded');
    const get = loadOnce(load);
    await expect(get()).rejects.toThrow('not installed');
    expect(await get()).toBe('loaded');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
