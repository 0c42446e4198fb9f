import type { QueryClient } from '@tanstack/react-query';
import type { LoginResponse } from '@admit/contracts/identity';
import { setLoggedIn } from '@/stores/member-store';
import { reconcileCartAfterLogin } from '@/features/login/api/reconcile-cart';
import { SESSION_QUERY_KEY } from '@/api/session/session-query-key';

/**
 * What every successful login does (password, member ID, passcode, external callback): the
 * member state is set, the cart is brought in line (identity §4 "Cart state in the store"), and
 * reads that depend on the identity are refreshed (members-only groups appear).
 */
export async function completeLogin(
  response: LoginResponse,
  queryClient: QueryClient,
  sentCartId: string | null,
): Promise<void> {
  const session = response.session._data[0];
  const identity = response.identity._data[0];
  if (!session || !identity || session.is_public) {
    throw new Error('the login answer names no member');
  }
  const cartId = response.cart?._data[0]?.id ?? sentCartId;
  if (cartId) await reconcileCartAfterLogin(cartId, queryClient);
  setLoggedIn({
    first_name: identity.first_name,
    last_name: identity.last_name,
    email: identity.email,
    is_member: identity.is_member,
  });
  queryClient.setQueryData(SESSION_QUERY_KEY, session);
  void queryClient.invalidateQueries({
    predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0],
  });
}
