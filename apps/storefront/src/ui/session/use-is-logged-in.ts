/**
 * Whether the visitor is logged in as a member (role "member" rather than "anonymous").
 * Identity is not built yet: until the login issue lands every visitor acts as the seller's
 * public identity, so this is honestly false rather than guessed from a cookie.
 */
export function useIsLoggedIn(): boolean {
  return false;
}
