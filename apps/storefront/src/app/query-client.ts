import { QueryClient } from '@tanstack/react-query';

/** Reads stay fresh for 30 s; retries belong to the API client (shopping §7), not to queries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
