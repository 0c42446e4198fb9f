import { useEffect } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CartBundle } from '@admit/contracts/cart';
import { ApiError } from '@/api/client';
import { setCartFromBundle } from '@/stores/cart-store';
import { cartQueryKey } from '@/api/cart/cart-query-key';
import { CHECKOUT_ROUTE } from '@/ui/routing/route-paths';
import { getTransferCart } from '@/features/user/api/get-transfer-cart';
import { ButtonLink } from '@/ui/button';
import { Loader } from '@/ui/loader';
import { useIsLoggedIn } from '@/stores/use-is-logged-in';
import { useStrings } from '@/ui/text/use-strings';
import { safeNextPath } from '@/features/user/model/safe-next';
import { AlertMessage, UserPage } from '@/features/user/components/user-page';
import { USER_STRINGS } from '@/features/user/strings';

type Problem =
  | 'user.transfer.forbidden'
  | 'user.transfer.not-found'
  | 'user.transfer.other-member'
  | 'user.error.unexpected';

/** spec: identity §8 "Transfer cart" and §6 — what stops a cart from being taken over. */
function problemOf(
  error: unknown,
  bundle: CartBundle | undefined,
  loggedIn: boolean,
): Problem | null {
  if (error instanceof ApiError && error.status === 403) return 'user.transfer.forbidden';
  if (error instanceof ApiError && error.status === 404) return 'user.transfer.not-found';
  if (error) return 'user.error.unexpected';
  const cart = bundle?.cart._data[0];
  if (bundle && !cart) return 'user.transfer.not-found';
  if (cart && !loggedIn && !cart.ownedByPublicIdentity) return 'user.transfer.other-member';
  return null;
}

/**
 * /transfer-cart/{cartId}?next= (identity §2): loads the cart (GET cart/{id}, or my/cart/{id}
 * for a member), makes it the visitor's cart, then goes to `next` (same-origin paths only) or
 * /checkout. A cart that is no longer pending is not kept (identity §4 "Cart state").
 */
export function TransferCartRoute() {
  const t = useStrings(USER_STRINGS);
  const cartId = useParams().cartId ?? '';
  const next = safeNextPath(useSearchParams()[0].get('next')) ?? CHECKOUT_ROUTE;
  const loggedIn = useIsLoggedIn();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['transfer-cart', cartId, loggedIn] as const,
    queryFn: ({ signal }) => getTransferCart(cartId, loggedIn, signal),
    retry: false,
    gcTime: 0,
  });
  const problem = problemOf(query.error, query.data, loggedIn);
  const bundle = problem ? undefined : query.data;

  useEffect(() => {
    const cart = bundle?.cart._data[0];
    if (!bundle || !cart) return;
    if (cart.state === 'pending') {
      setCartFromBundle(bundle);
      queryClient.setQueryData(cartQueryKey(cart.id), bundle);
    }
    void navigate(next, { replace: true });
  }, [bundle, next, navigate, queryClient]);

  return (
    <UserPage title={t('user.transfer.title')}>
      {problem ? (
        <>
          <AlertMessage>{t(problem)}</AlertMessage>
          <ButtonLink to="/events">{t('user.transfer.events')}</ButtonLink>
        </>
      ) : (
        <Loader label={t('user.loading')} />
      )}
    </UserPage>
  );
}
