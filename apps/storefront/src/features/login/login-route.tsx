import { useCallback, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { usePageTitle } from '@/ui/page-title';
import { useStrings } from '@/ui/text/use-strings';
import { useSellerConfig } from '@/config/seller-config';
import { storefrontPath } from '@/config/router-base';
import { getMemberState } from '@/stores/member-store';
import { LOGIN_STRINGS } from '@/features/login/strings';
import type { LoginStringKey } from '@/features/login/strings';
import { LoginFlow } from '@/features/login/login-flow';
import { safeNextPath, withLoginParam } from '@/features/login/model/external-login';
import styles from '@/features/login/login.module.css';

/** The page the visitor came from, as links to the login screen pass it in the history state. */
function cameFrom(state: unknown): string | null {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' ? safeNextPath(from) : null;
}

/** The configured login path as a router path ("/login"), or null when there is none. */
function routerPathOf(loginPath: string): string | null {
  const trimmed = loginPath.replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}` : null;
}

/**
 * A login screen as a page: the configured login path, and the account area while logged out.
 * Success goes to the stored path, else the page the visitor came from, else /events.
 */
export function LoginPage({
  titleKey,
  stayHere = false,
}: {
  titleKey: LoginStringKey;
  /** the account area: after login the same address shows the account */
  stayHere?: boolean;
}) {
  const t = useStrings(LOGIN_STRINGS);
  const config = useSellerConfig();
  const loginPath = config.login_path;
  const location = useLocation();
  const navigate = useNavigate();
  // only a visitor who arrives logged in is sent on; a login made here redirects by itself
  const [arrivedLoggedIn] = useState(() => getMemberState().loggedIn);
  const magicOtp = new URLSearchParams(location.search).get('otp');
  const here = `${location.pathname}${location.search}`;
  const redirectPath = stayHere ? here : (cameFrom(location.state) ?? '/events');
  const go = useCallback((to: string) => void navigate(to), [navigate]);
  const href = useCallback((to: string) => storefrontPath(config, to), [config]);
  const onSuccess = useCallback((to: string) => void navigate(to, { replace: true }), [navigate]);
  usePageTitle(t(titleKey));
  if (arrivedLoggedIn && !stayHere) return <Navigate to={redirectPath} replace />;
  return (
    <div className={styles.page}>
      <h1>{t(titleKey)}</h1>
      <LoginFlow
        idPrefix="login-page"
        go={go}
        href={href}
        redirectPath={redirectPath}
        magicLinkPath={routerPathOf(loginPath) ?? withLoginParam(redirectPath)}
        onSuccess={onSuccess}
        magicOtp={magicOtp}
      />
    </div>
  );
}

/** The configured `login_path` route (identity §2 route table). */
export function LoginRoute() {
  return <LoginPage titleKey="login.title" />;
}

/** spec: identity §2 Login — "The account area shows a login form titled 'Log in to view your account'". */
export function AccountLoginRoute() {
  return <LoginPage titleKey="login.account-title" stayHere />;
}
