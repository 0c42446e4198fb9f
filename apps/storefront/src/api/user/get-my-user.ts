import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@admit/contracts/identity';
import { myUserRoute } from '@admit/contracts/routes/identity';
import { call } from '@/api/client';

export const MY_USER_QUERY_KEY = ['my-user'] as const;

/** GET my/user (identity §7): the logged-in person; null when the answer holds nobody. */
export async function getMyUser(signal?: AbortSignal): Promise<User | null> {
  const response = await call(myUserRoute, { signal });
  return response.user._data[0] ?? null;
}

export function myUserQueryOptions() {
  return queryOptions({
    queryKey: MY_USER_QUERY_KEY,
    queryFn: ({ signal }) => getMyUser(signal),
  });
}

export function useMyUser(options: { enabled?: boolean } = {}) {
  return useQuery({ ...myUserQueryOptions(), enabled: options.enabled ?? true });
}
