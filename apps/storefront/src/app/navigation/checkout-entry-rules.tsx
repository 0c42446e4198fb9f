import { useCallback, useEffect } from 'react';
import type { ReactNode } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { cartQueryOptions } from '@/api/cart/get-cart';
import { getCartState, liveCartId, useCartState } from '@/stores/cart-store';
import { useMyUser } from '@/api/user/get-my-user';
import { useSellerConfig } from '@/config/seller-config';
import { Loader } from '@/ui/loader';
import { useIsLoggedIn } from '@/stores/use-is-logged-in';
import { useStrings } from '@/ui/text/use-strings';
import { CHECKOUT_STRINGS } from '@/features/checkout/strings';
import { useOpenLoginOrGuestDialog } from '@/features/login/login-or-guest-dialog';
import { LOGIN_OR_GUEST_DIALOG } from '@/features/login/modal-names';
import { useModalStack } from '@/ui/modal-stack';
import { focusAfterClose } from '@/ui/focus-after-close';
import { checkoutStartField } from '@/features/checkout/model/checkout-start';
import { lacksValidEmail } from '@/features/user/set-email-route';
import { offersLogin } from '@/app/navigation/offers-login';
import {
  rememberLoginChoiceOffered,
  wasLoginChoiceOffered,
} from '@/app/navigation/login-choice-memory';

/** The query of a return from the card provider or a prepared purchaser: not a new arrival. */
const RETURN_PARAMS = ['payment_intent', 'payment_intent_client_secret', 'purchaser'];

/**
 * spec: identity §2 Login — a visitor who is not logged in and arrives at the checkout from
 * another page of the shop with a guest cart is asked once per cart: log in (the login hands the
 * cart over and the checkout goes on as the member) or 'Shop as a Guest' (the purchaser form).
 * Not asked on a landing (reload, link, return from the card provider), after `expresscheckout`
 * or when the seller has no login form (decision 0019 "Update").
 */
function useLoginOrGuestChoice(): void {
  const loggedIn = useIsLoggedIn();
  const { authentication_method } = useSellerConfig();
  const location = useLocation();
  const { cartId: routeCartId } = useParams();
  const state = useCartState();
  // only the cart being shopped: a route to another cart (an order's balance) is no arrival
  const live = liveCartId(state);
  const cartId = routeCartId && routeCartId !== live ? null : live;
  const cart = useQuery({ ...cartQueryOptions(cartId ?? 'none'), enabled: cartId !== null });
  const bundle = cart.data ?? null;
  const guestCart =
    bundle !== null &&
    bundle.cart._data[0]?.ownedByPublicIdentity === true &&
    bundle.cart._data[0].state === 'pending' &&
    bundle.ticket._data.length > 0 &&
    // a cached answer may be from before the cart was booked: decide on the fresh one
    !cart.isFetching;
  // the purchaser form is already there: the guest's keyboard goes on to its first field
  // instead of back to the heading above the promo codes and donation (issue 13)
  const onGuest = useCallback(() => focusAfterClose(checkoutStartField), []);
  const openChoice = useOpenLoginOrGuestDialog(onGuest);
  // the choice belongs to the checkout: leaving it (back to the shop) takes the dialog along
  const { close } = useModalStack();
  useEffect(() => () => close(LOGIN_OR_GUEST_DIALOG), [close]);
  // the first entry of a page load has key "default": a landing, not an arrival from the shop
  const arrivedInShop = location.key !== 'default';
  const query = new URLSearchParams(location.search);
  const returning = RETURN_PARAMS.some((name) => query.has(name));

  useEffect(() => {
    if (loggedIn || !guestCart || !cartId || !arrivedInShop || returning) return;
    if (!offersLogin(authentication_method) || getCartState().skipUpsells) return;
    if (wasLoginChoiceOffered(cartId)) return;
    rememberLoginChoiceOffered(cartId);
    openChoice();
  }, [loggedIn, guestCart, cartId, arrivedInShop, returning, authentication_method, openChoice]);
}

/**
 * The checkout's entry rules, around the page: a logged-in user without a valid e-mail is sent
 * to set one first and comes back after saving (identity §6); a guest arriving from the shop is
 * offered the login-or-guest choice (identity §2 Login).
 */
export function CheckoutEntryRules({ children }: { children: ReactNode }) {
  const t = useStrings(CHECKOUT_STRINGS);
  const loggedIn = useIsLoggedIn();
  const user = useMyUser({ enabled: loggedIn });
  const { pathname, search } = useLocation();
  useLoginOrGuestChoice();

  if (loggedIn && user.isPending) return <Loader label={t('checkout.loading')} />;
  if (loggedIn && user.data && lacksValidEmail(user.data)) {
    const next = encodeURIComponent(`${pathname}${search}`);
    return <Navigate to={`/user/set-email-address?next=${next}`} replace />;
  }
  return <>{children}</>;
}
