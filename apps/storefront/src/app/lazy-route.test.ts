import { createElement, Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS } from '@admit/contracts/constants';
import {
  cacheBusted,
  ChunkLoadError,
  failedModuleUrl,
  lazyRoute,
  loadChunk,
} from '@/app/lazy-route';
import type { ChunkLoadDeps } from '@/app/lazy-route';

const CHUNK = 'https://shop.example/assets-app/listing-route-B1x2.js';

function deps(overrides: Partial<ChunkLoadDeps> = {}): ChunkLoadDeps {
  return {
    importUrl: vi.fn(),
    now: () => 1700000000000,
    timeoutMs: CHUNK_LOAD_TIMEOUT_MS,
    ...overrides,
  };
}

afterEach(() => vi.useRealTimers());

describe('loadChunk (shopping §1: retry once with a cache-bust and a 120 s timeout)', () => {
  it('returns the module when the first load works, without retrying', async () => {
    const d = deps();
    const load = vi.fn(async () => ({ Route: 'ok' }));
    await expect(loadChunk(load, d)).resolves.toEqual({ Route: 'ok' });
    expect(load).toHaveBeenCalledTimes(1);
    expect(d.importUrl).not.toHaveBeenCalled();
  });

  it('retries the failed chunk URL once with a cache-busting query', async () => {
    const importUrl = vi.fn(async () => ({ Route: 'fresh' }));
    const load = vi.fn(async () => {
      throw new TypeError(`Failed to fetch dynamically imported module: ${CHUNK}`);
    });
    await expect(loadChunk(load, deps({ importUrl }))).resolves.toEqual({ Route: 'fresh' });
    expect(load).toHaveBeenCalledTimes(1);
    expect(importUrl).toHaveBeenCalledWith(`${CHUNK}?t=1700000000000`);
  });

  it('calls the loader again when the error does not name the chunk, and fails after one retry', async () => {
    const load = vi.fn(async () => {
      throw new TypeError('Importing a module script failed.');
    });
    const error = await loadChunk(load, deps()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('gives up on a hanging load after 120 s and retries it', async () => {
    vi.useFakeTimers();
    const load = vi
      .fn<() => Promise<string>>()
      .mockImplementationOnce(() => new Promise(() => {}))
      .mockImplementationOnce(async () => 'second');
    const result = loadChunk(load, deps());
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toBe('second');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('lazyRoute renders the named component of the loaded module', async () => {
    const Route = () => createElement('p', null, 'picked');
    const Lazy = lazyRoute(
      async () => ({ Route, Other: () => createElement('p', null, 'other') }),
      (m) => m.Route,
    );
    render(createElement(Suspense, { fallback: 'loading' }, createElement(Lazy)));
    expect(await screen.findByText('picked')).toBeInTheDocument();
  });
});

describe('chunk URL helpers', () => {
  it('finds the module URL in Chrome and Firefox messages', () => {
    expect(
      failedModuleUrl(new TypeError(`Failed to fetch dynamically imported module: ${CHUNK}`)),
    ).toBe(CHUNK);
    expect(
      failedModuleUrl(new TypeError(`error loading dynamically imported module: ${CHUNK}`)),
    ).toBe(CHUNK);
    expect(failedModuleUrl(new TypeError('Importing a module script failed.'))).toBeNull();
  });

  it('appends the stamp to URLs with or without a query', () => {
    expect(cacheBusted('/a.js', 5)).toBe('/a.js?t=5');
    expect(cacheBusted('/a.js?v=1', 5)).toBe('/a.js?v=1&t=5');
  });
});
