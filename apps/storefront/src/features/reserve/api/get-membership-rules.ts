import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MembershipRule } from '@admit/contracts/membership';
import { membershipRulesRoute } from '@admit/contracts/routes/availability';
import { call } from '@/api/client';

/** spec: shopping §7 — "GET membership_rules: embed ticket_type, limit 1000". */
const RULES_LIMIT = 1000;

/**
 * GET membership_rules for the levels offered (filtered by `ticket_type.id`), on the live path:
 * members-only levels' rules are shown to members alone.
 */
export async function getMembershipRules(
  levelIds: readonly string[],
  signal?: AbortSignal,
): Promise<MembershipRule[]> {
  const response = await call(membershipRulesRoute, {
    query: {
      _embed: 'ticket_type',
      _limit: RULES_LIMIT,
      'ticket_type.id._in': levelIds.join(','),
    },
    signal,
  });
  return response.membership_rules._data;
}

export function membershipRulesQueryOptions(levelIds: readonly string[]) {
  const ids = [...levelIds].sort();
  return queryOptions({
    queryKey: ['membership-rules', ids] as const,
    queryFn: ({ signal }) => getMembershipRules(ids, signal),
  });
}

export function useMembershipRules(levelIds: readonly string[]) {
  return useQuery({ ...membershipRulesQueryOptions(levelIds), enabled: levelIds.length > 0 });
}
