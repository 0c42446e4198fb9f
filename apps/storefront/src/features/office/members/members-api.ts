import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  MemberExtendBody,
  OfficeMember,
  OfficeMembersResponse,
} from '@admit/contracts/office-members';
import { officeRequest } from '@/features/office/api/office-request';

/** The members page's calls (decision 0089): the search, and the three writes on one term. */

export const memberSearchQuery = (q: string) =>
  queryOptions({
    queryKey: ['office', 'member', q] as const,
    queryFn: async ({ signal }): Promise<OfficeMember[]> =>
      (await officeRequest<OfficeMembersResponse>('member', { query: { q }, signal })).member._data,
    enabled: q.length > 0,
  });

export type MemberAction =
  | { kind: 'auto_renew_cancel'; reason: string }
  | { kind: 'card_resend'; reason: string }
  | ({ kind: 'extend' } & MemberExtendBody);

/** A write on a term; answers the member as they now are. */
export async function runMemberAction(termId: string, action: MemberAction) {
  const { kind, ...body } = action;
  const answer = await officeRequest<OfficeMembersResponse>(
    kind === 'extend' ? `membership/${termId}` : `membership/${termId}/${kind}`,
    { method: kind === 'extend' ? 'PATCH' : 'POST', body },
  );
  return answer.member._data;
}

/** Puts the API's answer into every cached search, so the rows show the term as it now is. */
export function showMembersAnew(queryClient: QueryClient, updated: OfficeMember[]) {
  const byId = new Map(updated.map((m) => [m.identity_id, m]));
  queryClient.setQueriesData<OfficeMember[]>({ queryKey: ['office', 'member'] }, (members) =>
    members?.map((m) => byId.get(m.identity_id) ?? m),
  );
}
