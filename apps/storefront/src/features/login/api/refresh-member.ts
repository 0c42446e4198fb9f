import type { QueryClient } from '@tanstack/react-query';
import { getCartState, liveCartId } from '@/stores/cart-store';
import { getMemberIdentity } from '@/features/login/api/get-member-identity';
import { getSession } from '@/features/login/api/get-session';
import { readOnce } from '@/api/read-once';
import { setLoggedIn } from '@/stores/member-store';
import { reconcileCartAfterLogin } from '@/features/login/api/reconcile-cart';
import { SESSION_QUERY_KEY } from '@/api/session/session-query-key';

/**
 * After a login that happened elsewhere (the external provider's callback, identity §2 rule 6):
 * asks the server who this session is and, when it is a member, applies the login like any
 * other (member state, cart rules, refreshed reads). Resolves to whether a member is logged in.
 * Both reads are retried as any read (`readOnce`).
 */
export async function refreshMember(queryClient: QueryClient): Promise<boolean> {
  const session = await readOnce(queryClient, SESSION_QUERY_KEY, getSession);
  queryClient.setQueryData(SESSION_QUERY_KEY, session);
  if (session.is_public) return false;
  const identity = await readOnce(queryClient, ['my-user', 'identity'], getMemberIdentity);
  if (!identity) return false;
  const cartId = liveCartId(getCartState());
  if (cartId) await reconcileCartAfterLogin(cartId, queryClient);
  setLoggedIn(identity);
  void queryClient.invalidateQueries({
    predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0],
  });
  return true;
}
