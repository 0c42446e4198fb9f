import type { QueryClient } from '@tanstack/react-query';
import { resetVisit } from '@/stores/cart-store';
import { CART_QUERY_ROOT } from '@/api/cart/cart-query-key';
import { clearMember } from '@/stores/member-store';
import { SESSION_QUERY_KEY } from '@/api/session/session-query-key';

/**
 * After logout or a vanished session (identity §4 "Session", §7 "POST logout … then stores are
 * cleared"): member and cart state go, and every read that depended on the identity (members-only
 * ticket groups, availability) is asked again.
 */
export function clearSessionState(queryClient: QueryClient): void {
  clearMember();
  resetVisit();
  queryClient.removeQueries({ queryKey: [CART_QUERY_ROOT] });
  queryClient.removeQueries({ queryKey: SESSION_QUERY_KEY });
  void queryClient.invalidateQueries();
}
