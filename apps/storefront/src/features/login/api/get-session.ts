import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Session } from '@admit/contracts/session';
import { mySessionRoute } from '@admit/contracts/routes/identity';
import { call } from '@/api/client';
import { SESSION_QUERY_KEY } from '@/api/session/session-query-key';

/** GET my/session on the live path (identity §4 "Session"): who the requests act as. */
export async function getSession(signal?: AbortSignal): Promise<Session> {
  const response = await call(mySessionRoute, { signal });
  const session = response.session._data[0];
  if (!session) throw new Error('my/session answered without a session');
  return session;
}

export function sessionQueryOptions() {
  return queryOptions({
    queryKey: SESSION_QUERY_KEY,
    queryFn: ({ signal }) => getSession(signal),
    // the session changes only by login and logout, which refresh it themselves
    staleTime: Infinity,
  });
}

export function useSession() {
  return useQuery(sessionQueryOptions());
}
