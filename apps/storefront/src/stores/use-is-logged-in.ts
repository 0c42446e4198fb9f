import { useMemberState } from '@/stores/member-store';

/**
 * Whether the visitor is logged in as a member (role "member" rather than "anonymous"), from the
 * member state every tab shares (identity §4 "Session"). The session-end check clears it when the
 * server's auth cookie disappears.
 */
export function useIsLoggedIn(): boolean {
  return useMemberState().loggedIn;
}
