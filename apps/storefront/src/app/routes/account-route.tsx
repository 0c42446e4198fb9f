import { useIsLoggedIn } from '@/stores/use-is-logged-in';
import { AccountLoginRoute } from '@/features/login/login-route';
import { AccountLayout } from '@/features/account/account-layout';

/**
 * /my and its children (identity §2 Account area): the login form titled 'Log in to view your
 * account' while logged out; the account area's sidebar and the child page once logged in.
 */
export function ComposedAccountRoute() {
  return useIsLoggedIn() ? <AccountLayout /> : <AccountLoginRoute />;
}
