import { queryOptions, useQuery } from '@tanstack/react-query';
import { MY_MEMBERSHIP_EMBEDS } from '@admit/contracts/membership';
import { myMembershipRoute } from '@admit/contracts/routes/orders';
import type { MyMembershipResponse } from '@admit/contracts/membership';
import { call } from '@/api/client';
import { useMemberState } from '@/stores/member-store';
import { memberStatusOf } from '@/api/membership/membership-status';
import type { MemberStatus } from '@/api/membership/membership-status';

/** Root of the `my/membership` query keys; logout and login refresh everything under it. */
export const MY_MEMBERSHIP_QUERY_ROOT = 'my-membership';

/**
 * GET my/membership (identity §7) with every embed the spec lists, never cached: the caller's
 * terms, latest ending first.
 */
export function getMyMembership(signal?: AbortSignal): Promise<MyMembershipResponse> {
  return call(myMembershipRoute, { query: { _embed: MY_MEMBERSHIP_EMBEDS.join(',') }, signal });
}

/** Keyed by who is logged in, so another account in this browser never sees these terms. */
export function myMembershipQueryOptions(who: string | null) {
  return queryOptions({
    queryKey: [MY_MEMBERSHIP_QUERY_ROOT, who] as const,
    queryFn: ({ signal }) => getMyMembership(signal),
  });
}

export interface MyMembership {
  /** null while logged out or still loading */
  data: MyMembershipResponse | null;
  /** a logged-in visitor whose terms are not known yet */
  isPending: boolean;
  isError: boolean;
  refetch: () => void;
}

/** The logged-in visitor's membership terms; nothing is asked for a guest. */
export function useMyMembership(): MyMembership {
  const { loggedIn, identity } = useMemberState();
  const who = loggedIn ? (identity?.email ?? '') : null;
  const query = useQuery({ ...myMembershipQueryOptions(who), enabled: loggedIn });
  return {
    data: loggedIn ? (query.data ?? null) : null,
    isPending: loggedIn && query.isPending,
    isError: loggedIn && query.isError,
    refetch: () => void query.refetch(),
  };
}

/**
 * Whether the visitor is a member and what their memberships allow (shopping §1, §5, §6):
 * decided from `my/membership` at render time, never from being logged in.
 */
export function useMemberStatus(): MemberStatus & { isPending: boolean } {
  const { data, isPending } = useMyMembership();
  return { ...memberStatusOf(data, Date.now()), isPending };
}
