import { QueryClient } from '@tanstack/react-query';
import { READ_RETRIES, READ_RETRY_BASE_MS } from '@admit/contracts/constants';
import { isRetryableRead } from '@/api/client';

/**
 * spec: shopping §7 — reads retry up to 3 times, 250 ms doubling, on network error, timeout or
 * 502; any other failure is final. The API client marks such a failure (`isRetryableRead`, GETs
 * only), and the query retries it: the retry loop is TanStack Query's, not a hand-made one
 * (issue #23, decision 0050). Writes are not retried here: a mutation may have taken effect
 * (the API client alone sends a write again, when the server refused it before any handler ran).
 */
export function readRetry(failureCount: number, error: unknown): boolean {
  return failureCount < READ_RETRIES && isRetryableRead(error);
}

/** The wait before retry `failureCount` + 1: 250, 500, 1000 ms (the base is a test's to shrink). */
export const readRetryDelay =
  (baseMs: number = READ_RETRY_BASE_MS) =>
  (failureCount: number): number =>
    baseMs * 2 ** failureCount;

export interface QueryClientOptions {
  /** the first retry's wait; tests pass a tiny one instead of waiting on real timers */
  retryBaseMs?: number;
}

/** Reads stay fresh for 30 s and retry as shopping §7 says; mutations never retry. */
export function createQueryClient(options: QueryClientOptions = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: readRetry,
        retryDelay: readRetryDelay(options.retryBaseMs),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
