import { queryOptions, useQuery } from '@tanstack/react-query';
import { myUserRoute } from '@admit/contracts/routes/identity';
import { call } from '@/api/client';
import { MY_USER_QUERY_KEY } from '@/api/user/get-my-user';

/** Under the my-user key: whatever refreshes the logged-in user refreshes the profile too. */
export const PROFILE_QUERY_KEY = [...MY_USER_QUERY_KEY, 'identity'] as const;

/** GET my/user?_embed=identity (identity §7 "profile read"): the account and its contact fields. */
export async function getProfile(signal?: AbortSignal) {
  const response = await call(myUserRoute, { query: { _embed: 'identity' }, signal });
  const user = response.user._data[0] ?? null;
  const identity = response.identity?._data.find((i) => i.id === user?.identity_id) ?? null;
  return { user, identity };
}

export function profileQueryOptions() {
  return queryOptions({
    queryKey: PROFILE_QUERY_KEY,
    queryFn: ({ signal }) => getProfile(signal),
  });
}

export function useProfile() {
  return useQuery(profileQueryOptions());
}
