import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '@admit/contracts/constants';

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

export interface ChunkLoadDeps {
  /** imports a module by URL; the retry uses it with a cache-busting query */
  importUrl: (url: string) => Promise<unknown>;
  now: () => number;
  timeoutMs: number;
}

const defaultDeps: ChunkLoadDeps = {
  importUrl: (url) => import(/* @vite-ignore */ url),
  now: () => Date.now(),
  timeoutMs: CHUNK_LOAD_TIMEOUT_MS,
};

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(`chunk load timed out after ${ms} ms`)),
      ms,
    );
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** Browsers name the module that failed in the message ("…dynamically imported module: URL"). */
export function failedModuleUrl(error: unknown): string | null {
  const message = error instanceof Error ? error.message : String(error);
  const match =
    /(https?:\/\/\S+?\.m?js)(?:\?\S*)?(?:\s|$)/.exec(message) ??
    /(\/\S+?\.m?js)(?:\s|$)/.exec(message);
  return match ? match[1]! : null;
}

export function cacheBusted(url: string, stamp: number): string {
  return `${url}${url.includes('?') ? '&' : '?'}t=${stamp}`;
}

/**
 * spec: shopping §1 — a failed part load retries once with a cache-bust and a 120 s timeout.
 * A browser caches a failed dynamic import per URL, so the retry must ask for a different URL;
 * when the failing URL is unknown (tests, other runtimes) the loader is simply called again.
 */
export async function loadChunk<T>(
  load: () => Promise<T>,
  deps: ChunkLoadDeps = defaultDeps,
): Promise<T> {
  try {
    return await withTimeout(load(), deps.timeoutMs);
  } catch (error) {
    const url = failedModuleUrl(error);
    const retry = url ? (deps.importUrl(cacheBusted(url, deps.now())) as Promise<T>) : load();
    try {
      return await withTimeout(retry, deps.timeoutMs);
    } catch (retryError) {
      throw new ChunkLoadError(
        retryError instanceof Error ? retryError.message : String(retryError),
      );
    }
  }
}

/**
 * A lazily loaded route component: loads a feature's route module (with the chunk retry above)
 * and renders its named component. The page frame's Suspense boundary shows the loader.
 */
export function lazyRoute<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: pick(await loadChunk(load)) }));
}
