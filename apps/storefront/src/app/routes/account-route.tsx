import { useIsLoggedIn } from '@/stores/use-is-logged-in';
import { AccountLoginRoute } from '@/features/login/login-route';
import { PlaceholderRoute } from '@/features/placeholders/placeholder-route';

/**
 * /my and its children (identity §2 Account area): the login form titled 'Log in to view your
 * account' while logged out; the account pages (a later issue) once logged in.
 */
export function ComposedAccountRoute() {
  return useIsLoggedIn() ? <PlaceholderRoute /> : <AccountLoginRoute />;
}
