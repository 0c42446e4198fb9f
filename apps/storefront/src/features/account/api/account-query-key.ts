import { useMemberState } from '@/stores/member-store';

/** Root of the account area's query keys; login and logout refetch every query. */
export const ACCOUNT_QUERY_ROOT = 'account';

/**
 * Who the account area's reads belong to (the logged-in e-mail): part of every key, so another
 * account logging in on this browser never sees the last one's orders.
 */
export function useAccountOwner(): string {
  const { identity } = useMemberState();
  return identity?.email ?? '';
}
