import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useSellerConfig } from '@/config/seller-config';
import { isExternalMethod } from '@admit/contracts/seller-config';
import { useRouteName } from '@/ui/routing/route-handle';
import { useStrings } from '@/ui/text/use-strings';
import { getCartState, liveCartId } from '@/stores/cart-store';
import { getMemberState } from '@/stores/member-store';
import { LOGIN_DIALOG_STRINGS } from '@/features/login/dialog-strings';
import { useOpenLoginDialog } from '@/features/login/use-open-login-dialog';
import { useShowAuthMessage } from '@/features/login/auth-message-dialog';
import { ssoStartUrl } from '@/features/login/model/external-login';
import type { MemberLoginFields } from '@/features/login/address-login';
import { cleanLocation } from '@/app/navigation/clean-location';

/** What rules 5 and 6 read from the address before removing it. */
export interface LoginParams {
  member: MemberLoginFields | null;
  login: boolean;
  requireLogin: boolean;
  authCallback: boolean;
  authError: string | null;
  /** a magic link's passcode travels with `login` and is removed with it */
  otp: string | null;
}

const RULE_6_PARAMS = ['login', 'requirelogin', 'auth_callback', 'auth_error'];
const MEMBER_FIELDS = ['member_code', 'zip_code', 'last_name', 'email'] as const;

function isRule5Param(name: string): boolean {
  return name === 'member_code' || name === 'zip_code' || name.startsWith('login.');
}

/**
 * spec: identity §2 rules 5 and 6 — reads the login parameters and returns them with the search
 * string that remains, or null when there are none. `login.{field}` names a member-login field.
 */
export function readLoginParams(search: string): { params: LoginParams; rest: string } | null {
  const query = new URLSearchParams(search);
  const names = [...new Set(query.keys())].filter(
    (name) => isRule5Param(name) || RULE_6_PARAMS.includes(name),
  );
  if (names.length === 0) return null;
  const fields: Record<string, string> = {};
  for (const name of names.filter(isRule5Param)) {
    const field = name.startsWith('login.') ? name.slice('login.'.length) : name;
    const value = query.get(name)?.trim();
    if (value && (MEMBER_FIELDS as readonly string[]).includes(field)) fields[field] = value;
  }
  const login = query.has('login');
  const params: LoginParams = {
    member: fields.member_code ? (fields as unknown as MemberLoginFields) : null,
    login,
    requireLogin: query.has('requirelogin'),
    authCallback: query.has('auth_callback'),
    authError: query.get('auth_error'),
    otp: login ? query.get('otp') : null,
  };
  for (const name of names) query.delete(name);
  if (login) query.delete('otp');
  const rest = query.toString();
  return { params, rest: rest ? `?${rest}` : '' };
}

/**
 * Rules 5 and 6 of identity §2, mounted next to AddressRules: the parameters are removed from the
 * address at once (replace), then acted on for a visitor who is not logged in.
 */
export function LoginRules() {
  const location = useLocation();
  const navigate = useNavigate();
  const routeName = useRouteName();
  const config = useSellerConfig();
  const queryClient = useQueryClient();
  const openLogin = useOpenLoginDialog();
  const showMessage = useShowAuthMessage();
  const t = useStrings(LOGIN_DIALOG_STRINGS);
  // the same parameters are acted on once: when effects run twice (StrictMode) or another rule
  // re-navigates with them before they are gone, they are only removed
  const handled = useRef<string | null>(null);

  useEffect(() => {
    // the callback route reads auth_callback and auth_error itself
    if (routeName === 'auth-callback') return;
    const found = readLoginParams(location.search);
    if (!found) {
      // a later link with the same parameters is a new request
      handled.current = null;
      return;
    }
    const { params, rest } = found;
    const clean = { pathname: location.pathname, search: rest, hash: location.hash };
    const target = cleanLocation(clean, routeName) ?? clean;
    void navigate(target, { replace: true });
    // the dialogs belong to the page without the parameters
    const page = `${target.pathname}${target.search}`;
    if (handled.current === location.search) return;
    handled.current = location.search;
    if (getMemberState().loggedIn) return;

    if (params.authError) showMessage(t('login.auth.sfec-error', { error: params.authError }));
    void (async () => {
      const lazyLogin = () => import('@/features/login/address-login');
      if (params.member) {
        const { memberLoginFromAddress } = await lazyLogin();
        const message = await memberLoginFromAddress(
          params.member,
          config.authentication_method,
          queryClient,
        );
        if (message) openLogin({ initialMessage: message, page });
        return;
      }
      if (params.authCallback) {
        const { externalCallback } = await lazyLogin();
        if (await externalCallback(queryClient)) return;
        if (!params.authError) showMessage(t('login.auth.failed'));
        if (params.login) openLogin({ magicOtp: params.otp, page });
        return;
      }
      if (params.requireLogin && isExternalMethod(config.authentication_method)) {
        if (!config.external_urls.login) {
          showMessage(t('login.auth.login-url-missing'));
          return;
        }
        window.location.assign(
          ssoStartUrl({ redirectPath: page, cartId: liveCartId(getCartState()) }),
        );
        return;
      }
      // requirelogin with a form-based method asks for the login where the visitor is
      if (params.login || params.requireLogin) openLogin({ magicOtp: params.otp, page });
    })();
  }, [location, navigate, routeName, config, queryClient, openLogin, showMessage, t]);

  return null;
}
